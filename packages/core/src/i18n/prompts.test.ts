import { describe, expect, it } from 'vitest';
import { CATALOGS, placeholders, PROMPT_LANGS, promptLang, promptText, type PromptKey } from './prompts.js';

const en = CATALOGS.en;
const keys = Object.keys(en).sort();
const others = PROMPT_LANGS.filter((l) => l !== 'en');

/** What must reach an agent as written in every language: lich's tag, the bin variable, tool and argument names, code spans. */
function codeWords(text: string): string[] {
  const words = [
    ...(text.match(/\[lich\]/g) ?? []),
    ...(text.match(/\$LICH_BIN/g) ?? []),
    ...(text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? []),
    ...(text.match(/`[^`]+`/g) ?? []),
    ...(text.match(/lich reply <ticket>/g) ?? []),
  ];
  return [...new Set(words)].sort();
}

describe('the prompt catalogs', () => {
  it.each(others)('%s has every key of en and no other', (lang) => {
    expect(Object.keys(CATALOGS[lang]).sort()).toEqual(keys);
  });

  it.each(others)('%s has the same placeholders as en in every text', (lang) => {
    for (const key of keys as PromptKey[]) {
      expect({ key, placeholders: placeholders(CATALOGS[lang][key]) }).toEqual({ key, placeholders: placeholders(en[key]) });
    }
  });

  it.each(others)('%s keeps [lich], $LICH_BIN, tool and argument names and code spans as en writes them', (lang) => {
    for (const key of keys as PromptKey[]) {
      const translated = CATALOGS[lang][key];
      for (const word of codeWords(en[key])) expect({ key, has: translated.includes(word) }).toEqual({ key, has: true });
    }
  });

  it.each(others)('%s translates every text rather than repeating the English', (lang) => {
    for (const key of keys as PromptKey[]) {
      expect({ key, text: CATALOGS[lang][key] }).not.toEqual({ key, text: en[key] });
      expect(CATALOGS[lang][key].trim()).not.toBe('');
    }
  });

  it('starts every typed message with [lich] in every language', () => {
    const typed: PromptKey[] = ['relay.message', 'relay.nudge', 'relay.pickTicket', 'relay.workerTask', 'relay.subagentReport', 'relay.blockedNotice'];
    for (const lang of PROMPT_LANGS) for (const key of typed) expect(CATALOGS[lang][key].startsWith('[lich] ')).toBe(true);
  });
});

describe('promptLang', () => {
  it('takes each language lich writes in, spelled exactly', () => {
    for (const lang of PROMPT_LANGS) expect(promptLang(lang)).toBe(lang);
  });

  it('falls back to en for unset, empty and any other value', () => {
    for (const value of [undefined, '', 'fr', 'pt-br', 'pt', 'zh', 'EN', ' es']) expect(promptLang(value)).toBe('en');
  });
});

describe('promptText', () => {
  it('fills each placeholder once, never reading a filled value as a placeholder', () => {
    const text = promptText('en', 'relay.workerTask', { caller: '"{prompt}"', prompt: 'costs $& and {caller}' });
    expect(text).toBe(
      '[lich] Task from session "{prompt}", which opened this session as its subagent. Your final message when you finish is sent back to it as your report.\n\ncosts $& and {caller}',
    );
  });

  it('refuses a text whose placeholder was not given', () => {
    expect(() => promptText('es', 'relay.blockedSummary')).toThrow('prompt text relay.blockedSummary (es) needs {label}, and it was not given');
  });

  it('reads braces around anything but a name as text', () => {
    expect(placeholders(en['mcp.tool.list_folders'])).toEqual([]);
  });
});
