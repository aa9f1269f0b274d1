/**
 * The companion modules' logic besides agent cards (lich-plugin-modules.md §§ 4–8): the footer
 * line, mod-status's words, the edit guard and self-command. The real Claude Code shows them in
 * test/agents/claude-cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { RelayStatus } from '@lich/generated/types';
import { editNote, editsPart, fnv1a, folderOf, isNews, markerPath, markerText, readMarker, whoEdited } from './edit-guard.js';
import { type FooterParts, footerLine, setPart } from './footer.js';
import { commandName, controlNote, described, queuedByControl, queuedBySkill, selfCommand, skillNote, targetsSelf } from './self-command.js';
import { statusLine } from './status-line.js';

describe('the footer line', () => {
  it('joins errands, workers and edits in that order, leaving workers out while errands is set, and is nothing with no part', () => {
    const parts: FooterParts = {};
    expect(footerLine(parts)).toBeUndefined();
    expect(setPart(parts, 'workers', '2 workers')).toBe(true);
    expect(setPart(parts, 'workers', '2 workers')).toBe(false);
    expect(setPart(parts, 'edits', 'app.js also edited by "quiet-comet"')).toBe(true);
    expect(footerLine(parts)).toBe('lich: 2 workers · app.js also edited by "quiet-comet"');
    setPart(parts, 'errands', '2 tasks out');
    expect(footerLine(parts)).toBe('lich: 2 tasks out · app.js also edited by "quiet-comet"');
    setPart(parts, 'errands', undefined);
    setPart(parts, 'edits', '  ');
    expect(footerLine(parts)).toBe('lich: 2 workers');
  });
});

describe('mod-status’s line', () => {
  it('draws the original’s fixture as it does: owes 2 answers, 4 tasks out (1 waiting), 2 answers to collect', () => {
    const s: RelayStatus = {
      owed: [
        { ticket: '0a1b2c3d', from: 'Session 26', asked: 'run the tests' },
        { ticket: '1a1b2c3d', from: '', asked: 'from the command line' },
      ],
      open: [
        { ticket: '2a1b2c3d', target: 'a<b&c', state: 'busy' },
        { ticket: '3a1b2c3d', target: 'docs', state: 'waiting' },
        { ticket: '4a1b2c3d', target: 'docs', state: '' },
        { ticket: '5a1b2c3d', target: 'docs', state: 'queued' },
      ],
      ready: [
        { ticket: '6a1b2c3d', target: 'docs', status: 'answered' },
        { ticket: '7a1b2c3d', target: 'docs', status: 'unanswered' },
      ],
    };
    expect(statusLine(s)).toBe('owes 2 answers, 4 tasks out (1 waiting), 2 answers to collect');
  });

  it('names the one session it owes, says one of each in the singular, and is nothing when all is empty', () => {
    expect(statusLine({ owed: [{ ticket: 't', from: 'docs', asked: 'x' }], open: [{ ticket: 'u', target: 'a', state: 'busy' }], ready: [{ ticket: 'v', target: 'a', status: 'answered' }] })).toBe(
      'owes "docs" an answer, 1 task out, 1 answer to collect',
    );
    expect(statusLine({ owed: [{ ticket: 't', from: '', asked: 'x' }], open: [], ready: [] })).toBe('owes 1 answer');
    expect(statusLine({ owed: [], open: [], ready: [] })).toBeUndefined();
  });
});

describe('the edit guard', () => {
  it('keeps one marker per file under the git dir, named by the FNV-1a of its path', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(markerPath('/src/lich/.git/', '/src/lich/app.js')).toBe(`/src/lich/.git/lich-edits/${fnv1a('/src/lich/app.js')}`);
    expect(folderOf('/src/lich/app.js')).toBe('/src/lich');
    expect(folderOf('/app.js')).toBe('/');
  });

  it('reads a marker only for its own path, and takes it as news when another session wrote it within ten minutes', () => {
    const m = readMarker(markerText('/src/app.js', 'peer', 1_000), '/src/app.js');
    expect(m).toEqual({ path: '/src/app.js', session: 'peer', at: 1_000 });
    expect(readMarker(markerText('/src/other.js', 'peer', 1_000), '/src/app.js'), 'a hash collision').toBeUndefined();
    expect(readMarker('{not json', '/src/app.js')).toBeUndefined();
    expect(isNews(m, 'me', 1_000 + 600_000)).toBe(true);
    expect(isNews(m, 'me', 1_000 + 600_001)).toBe(false);
    expect(isNews(m, 'peer', 2_000), 'its own edit').toBe(false);
    expect(isNews(undefined, 'me', 2_000)).toBe(false);
  });

  it('names the other session by its card label when lich lists it, else by its id, in the note and the footer', () => {
    expect(whoEdited('peer', [{ id: 'peer', label: 'quiet-comet' }])).toBe('"quiet-comet"');
    expect(whoEdited('peer', undefined)).toBe('peer');
    const m = { path: '/src/app.js', session: 'peer', at: Date.UTC(2026, 11, 3, 9, 0, 0) };
    expect(editNote(m, '"quiet-comet"', m.at + 30_000, 'en')).toBe(
      '/src/app.js was also edited by lich session "quiet-comet" at 2026-12-03T09:00:00.000Z (under a minute ago). Read the file again before you edit it further, and coordinate with that session through `send_to_session` or `lich send` rather than undoing its change.',
    );
    expect(editNote(m, 'peer', m.at + 4 * 60_000 + 20_000, 'en')).toContain('(4 min ago)');
    expect(editsPart('/src/app.js', '"quiet-comet"')).toBe('app.js also edited by "quiet-comet"');
  });
});

describe('self-command', () => {
  const builtins = ['compact', 'clear', 'model', 'effort', 'cost'];

  it('queues a built-in command asked for by name, with or without its slash, and lets any other name pass', () => {
    expect(commandName(' /compact ')).toBe('compact');
    expect(selfCommand('/compact', ' keep the plan ', builtins, 'en')).toEqual({ kind: 'queue', command: 'compact', args: 'keep the plan' });
    expect(selfCommand('init', '', builtins, 'en')).toEqual({ kind: 'pass' });
    expect(selfCommand('', '', builtins, 'en')).toEqual({ kind: 'pass' });
  });

  it('refuses /model and /effort, which Claude Code would save for every new session, before anything else', () => {
    expect(selfCommand('model', 'opus', builtins, 'en')).toEqual({ kind: 'deny', deny: expect.stringContaining('/model is not run this way') });
    expect(selfCommand('/effort', 'high', [], 'en')).toMatchObject({ kind: 'deny' });
  });

  it('says the command is queued and to end the turn, for each tool', () => {
    expect(queuedBySkill('compact', '', 'en')).toBe('/compact is queued and runs once this turn ends. End the turn now.');
    expect(queuedByControl('compact', 'keep it', 'en')).toBe('/compact keep it is queued on this session and runs once this turn ends. End the turn now.');
  });

  it('adds its paragraph to each tool’s description, control_session’s naming this session’s id', () => {
    expect(described('Execute a skill.', skillNote('en'))).toMatch(/^Execute a skill\.\n\nIn this lich session a built-in slash command/);
    expect(controlNote('abc', 'en')).toContain('pass session "abc"');
  });

  it('takes a control_session call as aimed at this session by its id, label or roster name, ignoring case', () => {
    expect(targetsSelf('abc', 'abc', undefined)).toBe(true);
    expect(targetsSelf('PLANNER', 'abc', { label: 'planner', name: 'lich-abcd' })).toBe(true);
    expect(targetsSelf('lich-ABCD', 'abc', { label: 'planner', name: 'lich-abcd' })).toBe(true);
    expect(targetsSelf('docs', 'abc', { label: 'planner', name: 'lich-abcd' })).toBe(false);
    expect(targetsSelf('', 'abc', undefined)).toBe(false);
  });
});
