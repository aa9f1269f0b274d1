import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGS, PROMPT_LANGS, type PromptKey } from '@lich/core/i18n/prompts';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { listedTools, serverInstructions } from './index.js';
import { serveInProcess, type ServedMcp } from './testing/stream-client.js';
import { toolProseKey } from './tool-prose.js';

const toolKeys = Object.keys(CATALOGS.en).filter((k) => k.startsWith('mcp.tool.'));

describe('the tools prose in the catalogs', () => {
  it('is, in en, the contracts own text, key for key: a sentence changed in a contract fails here until every language follows', () => {
    const fromContracts: Record<string, string> = {};
    for (const t of MCP_TOOLS) {
      fromContracts[toolProseKey(t.name)] = t.description;
      for (const [p, s] of Object.entries(t.inputSchema.properties)) fromContracts[toolProseKey(t.name, p)] = s.description;
    }
    const inCatalog = Object.fromEntries(toolKeys.map((k) => [k, CATALOGS.en[k as PromptKey]]));
    expect(inCatalog).toEqual(fromContracts);
  });

  it.each(PROMPT_LANGS)('lists, in %s, every tool with the same names, schema types and annotations, only the prose changed', (lang) => {
    const listed = listedTools(lang);
    expect(listed.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const [i, t] of MCP_TOOLS.entries()) {
      const l = listed[i]!;
      expect(l.annotations).toEqual(t.annotations);
      expect(l.description).toBe(CATALOGS[lang][toolProseKey(t.name) as PromptKey]);
      const props = l.inputSchema.properties as Record<string, { description: string; type: string }>;
      expect(Object.keys(props)).toEqual(Object.keys(t.inputSchema.properties));
      for (const [p, s] of Object.entries(t.inputSchema.properties)) {
        expect(props[p]).toEqual({ ...s, description: CATALOGS[lang][toolProseKey(t.name, p) as PromptKey] });
      }
      expect(l.inputSchema.required).toEqual(t.inputSchema.required);
    }
  });
});

describe('lich mcp with LICH_PROMPT_LANG', () => {
  let served: ServedMcp | undefined;
  afterEach(async () => {
    served?.endInput();
    await served?.exit;
    served = undefined;
  });

  // No call reaches lich here: initialize and tools/list are the server's own.
  const env = (lang: string | undefined) => ({ LICH_PORT: '1', LICH_TOKEN: 't', LICH_SESSION_ID: 'S1', LICH_PROMPT_LANG: lang });

  it.each([
    ['pt-BR', 'Nunca faça polling.', 'Passa uma tarefa a outra sessão do lich.'],
    ['es', 'Nunca hagas polling.', 'Encarga una tarea a otra sesión de lich.'],
    ['zh-CN', '永远不要轮询。', '把一个任务交给另一个 lich 会话。'],
  ])('briefs the agent and describes its tools in %s', async (lang, neverPoll, sendTool) => {
    served = await serveInProcess(env(lang));
    const instructions = served.client.getInstructions()!;
    expect(instructions).toBe(serverInstructions(lang as 'es'));
    expect(instructions).toContain(neverPoll);
    expect(instructions).not.toContain('Never poll');
    const { tools } = await served.client.listTools();
    const send = tools.find((t) => t.name === 'send_to_session')!;
    expect(send.description!.startsWith(sendTool)).toBe(true);
    expect((send.inputSchema.properties as Record<string, { description: string }>).prompt!.description).toBe(
      CATALOGS[lang as 'es']['mcp.tool.send_to_session.prompt'],
    );
  });

  it.each([undefined, '', 'fr', 'pt-br'])('speaks the contracts English when LICH_PROMPT_LANG is %j', async (lang) => {
    served = await serveInProcess(env(lang));
    expect(served.client.getInstructions()).toBe(serverInstructions());
    expect(served.client.getInstructions()).toContain('Never poll.');
    const { tools } = await served.client.listTools();
    expect(tools).toEqual(
      MCP_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })),
    );
  });
});
