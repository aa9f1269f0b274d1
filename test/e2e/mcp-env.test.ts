// issue 14, item 10: MCP clients built on the SDK's stdio transport (the MCP Inspector among
// them) start a server with a short list of variables — HOME, LOGNAME, PATH, SHELL, TERM, USER —
// so a `lich mcp` they start finds neither LICH_* nor a custom XDG_CONFIG_HOME, and every tool
// answered "no lich is running" although one was. The refusal now names that cause, and the
// README's registration passes what the server needs. Driven here by the SDK's own
// StdioClientTransport, with its own default environment, against a real backend whose config
// home is not the default one.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, ROOT, exampleProvider } from './harness.js';

let b: Backend;
/** The HOME the client's machine has: nothing of lich in it, as on a machine whose lich runs under another XDG_CONFIG_HOME. */
let home: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  home = mkdtempSync(join(tmpdir(), 'lich-mcp-home-'));
});

afterAll(async () => {
  rmSync(home, { recursive: true, force: true });
  await b?.close();
});

/** Calls list_sessions through a `lich mcp` the SDK's stdio transport starts with `env` on top of its defaults. */
async function listSessions(env: Record<string, string>): Promise<{ text: string; isError: boolean }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [LICH_JS, 'mcp'], env, stderr: 'pipe' });
  const client = new Client({ name: 'minimal-env-client', version: '0.0.0' });
  await client.connect(transport);
  try {
    const r = (await client.callTool({ name: 'list_sessions', arguments: {} })) as { content: Array<{ text: string }>; isError?: boolean };
    return { text: r.content[0]!.text, isError: r.isError === true };
  } finally {
    await client.close();
  }
}

describe('lich mcp started by a client that passes a minimal environment', () => {
  it('passes only the SDK’s short list of variables, none of lich’s', () => {
    expect(Object.keys(getDefaultEnvironment()).every((k) => ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'].includes(k))).toBe(true);
  });

  it('refuses with "no lich is running" and names the likely cause and what to pass', async () => {
    const r = await listSessions({ HOME: home });
    expect(r.isError).toBe(true);
    expect(r.text).toBe(
      `no lich is running — open lich, or run this inside one of its sessions. lich mcp looked for its runtime file at ${home}/.config/lich/runtime.json, the default place, and has no LICH_PORT or LICH_TOKEN: an MCP client that starts its servers with a short list of variables (the MCP SDK's stdio transport passes HOME, LOGNAME, PATH, SHELL, TERM and USER) hides a lich running under another XDG_CONFIG_HOME — if lich is running, pass its XDG_CONFIG_HOME (and LICH_DEV for a dev build) in this server's "env" in the client's configuration`,
    );
  });

  it('reaches the running lich once the registration passes its XDG_CONFIG_HOME, as the README says', async () => {
    const project = join(b.home, 'proj');
    mkdirSync(project);
    await b.open(project, 'example');
    const r = await listSessions({ HOME: home, XDG_CONFIG_HOME: b.configHome });
    expect(r.isError).toBe(false);
    expect(JSON.parse(r.text).map((p: { kind: string }) => p.kind)).toEqual(['example']);
  });

  it('is what the README’s registration example shows', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('"env": { "XDG_CONFIG_HOME"');
  });
});
