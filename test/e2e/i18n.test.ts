// The prompt language end to end (wire.md § 8.4 "Prompt language"; spec/cli.md § Transport,
// LICH_PROMPT_LANG): a backend started with LICH_PROMPT_LANG types the relayed message in that
// language at a real session's prompt, and the built `lich mcp` briefs the agent and describes
// its tools in the language of its own environment. Each side picks the language from its own
// environment; anything lich does not write in is English.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGS, promptText } from '@lich/core/i18n/prompts';
import { Backend, LICH_JS, baseEnv, exampleProvider, makeRepo } from './harness.js';

describe('a backend started with LICH_PROMPT_LANG', () => {
  let b: Backend | undefined;
  afterEach(async () => {
    const violations = b?.violations ?? [];
    await b?.close();
    b = undefined;
    expect(violations).toEqual([]);
  });

  it('types the relayed message in that language at the session, the reply command spelled as ever', async () => {
    const backend = (b = await Backend.start({
      providers: ({ log }) => ({ example: exampleProvider(log) }),
      env: () => ({ LICH_PROMPT_LANG: 'es' }),
    }));
    const target = await backend.open(makeRepo(backend.home, 'i18n-repo', 1), 'example');
    await backend.log.ready(target.id);

    // From outside a session: relayed by the command line. The example agent reads only English
    // tasks, so it takes this one for a notice and leaves it; the errand stays open.
    const sent = await backend.lich(['send', '--json', '--timeout', '1', target.label, 'echo hola'], { port: undefined, token: undefined });
    expect(sent.code).toBe(2);
    const { ticket } = JSON.parse(sent.stdout) as { ticket: string };
    const received = await backend.log.waitFor(target.id, (e) => e.event === 'received', 'the message at the prompt');
    expect(received.text).toBe(
      promptText('es', 'relay.message', {
        origin: CATALOGS.es['relay.message.fromCommandLine'],
        prompt: 'echo hola',
        route: promptText('es', 'relay.message.routeCommand', { ticket }),
      }),
    );
    expect(received.text).toMatch(
      new RegExp(`^\\[lich\\] Mensaje reenviado por la línea de comandos de lich, no de tu propio prompt\\.\\n\\necho hola\\n\\n[^]*\\n  "\\$LICH_BIN" reply ${ticket} "<tu respuesta>"\\n\\n`),
    );
  });
});

describe('lich mcp with LICH_PROMPT_LANG', () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  async function connect(lang: string): Promise<Client> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [LICH_JS, 'mcp'],
      // initialize and tools/list are the server's own: no lich needs to answer.
      env: { ...baseEnv(), LICH_PORT: '1', LICH_TOKEN: 't'.repeat(32), LICH_PROMPT_LANG: lang },
    });
    client = new Client({ name: 'lich-e2e', version: '0.0.0' });
    await client.connect(transport);
    return client;
  }

  it('briefs the agent and describes its tools in Chinese for zh-CN, tool names untouched', async () => {
    const c = await connect('zh-CN');
    const instructions = c.getInstructions()!;
    expect(instructions).toContain(CATALOGS['zh-CN']['mcp.instructions.neverPoll']);
    expect(instructions).toContain('wait_for_answer');
    const { tools } = await c.listTools();
    const reply = tools.find((t) => t.name === 'reply_to_session')!;
    expect(reply.description).toBe(CATALOGS['zh-CN']['mcp.tool.reply_to_session']);
    expect(Object.keys(reply.inputSchema.properties ?? {})).toEqual(['answer', 'ticket']);
  });

  it('speaks English for a language lich does not write in', async () => {
    const c = await connect('fr');
    expect(c.getInstructions()).toContain(CATALOGS.en['mcp.instructions.neverPoll']);
    const { tools } = await c.listTools();
    expect(tools.find((t) => t.name === 'reply_to_session')!.description).toBe(CATALOGS.en['mcp.tool.reply_to_session']);
  });
});
