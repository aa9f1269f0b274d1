/**
 * `lich mcp` as a process: bundled the way tools/build.mjs bundles it (esbuild, the same path
 * aliases), run as a child on real pipes and driven by the SDK's own `StdioClientTransport`.
 * What only a process shows is checked here: that it exits — 0 once stdin ends, 1 on input
 * that is not JSON-RPC even with stdin still open — rather than hanging on a handle.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startFakeRpc, type FakeRpc } from './testing/fake-rpc.js';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const work = mkdtempSync(join(tmpdir(), 'lich-mcp-proc-'));
const bundle = join(work, 'mcp.mjs');

const aliases: Array<[RegExp, string]> = [
  [/^@lich\/core$/, 'packages/core/src/index.ts'],
  [/^@lich\/core\/(.*)$/, 'packages/core/src/$1.ts'],
  [/^@lich\/generated\/(.*)$/, 'generated/$1.ts'],
];

async function buildServer(): Promise<void> {
  const entry = join(work, 'entry.ts');
  writeFileSync(
    entry,
    `import { serveMcp } from ${JSON.stringify(join(root, 'packages/mcp/src/index.ts'))};
process.exitCode = await serveMcp({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
`,
  );
  await esbuild.build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'silent',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    plugins: [
      {
        name: 'lich-aliases',
        setup(build) {
          build.onResolve({ filter: /^@lich\// }, (args) => {
            for (const [pattern, target] of aliases) {
              const m = pattern.exec(args.path);
              if (m) return { path: join(root, target.replace('$1', m[1] ?? '')) };
            }
            return undefined;
          });
        },
      },
    ],
  });
}

/** Runs the bundle with `input` written to stdin in one write (left open unless `end`); resolves on exit. */
function runRaw(
  input: string,
  end: boolean,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [bundle], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`lich mcp did not exit; stderr: ${stderr}`));
    }, 15_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
    child.stdin.write(input);
    if (end) child.stdin.end();
  });
}

describe('lich mcp as a process', () => {
  let rpc: FakeRpc;

  beforeAll(async () => {
    await buildServer();
    rpc = await startFakeRpc({ 'relay.Peers': () => ({ json: [] }) });
  });

  afterAll(async () => {
    await rpc?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves an SDK client over its stdio and exits 0 when the client closes its end', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bundle],
      env: { PATH: process.env.PATH ?? '', LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'lich-test', version: '0.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBe('lich');
    const result = (await client.callTool({ name: 'list_sessions', arguments: {} })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'No other live sessions.' }]);

    // The transport ends stdin, then SIGTERMs a server still running 2 s later: an exit with a
    // code and no signal is one that ended on EOF by itself.
    const child = (transport as unknown as { _process: import('node:child_process').ChildProcess })._process;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
      child.exitCode !== null || child.signalCode !== null
        ? r({ code: child.exitCode, signal: child.signalCode })
        : child.once('exit', (code, signal) => r({ code, signal })),
    );
    await client.close();
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('exits 0 at EOF after answering what it was sent', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh', version: '1' } } };
    const { code, stdout, stderr } = await runRaw(`${JSON.stringify(init)}\n`, true);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const reply = JSON.parse(stdout.trim());
    expect(reply.id).toBe(1);
    expect(reply.result.serverInfo.name).toBe('lich');
    expect(reply.result.protocolVersion).toBe('2025-06-18');
  });

  it("answers initialize with the client's own protocol version, one the SDK does not know included", async () => {
    const init = { jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '1999-01-01', capabilities: {}, clientInfo: { name: 'old', version: '1' } } };
    const { code, stdout } = await runRaw(`${JSON.stringify(init)}\n`, true);
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim()).result.protocolVersion).toBe('1999-01-01');
  });

  it('answers the requests before a malformed line, then exits 1 with stdin still open', async () => {
    const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
    const { code, stdout, stderr } = await runRaw(`${ping(1)}\nnot json\n${ping(2)}\n`, false);
    expect(code).toBe(1);
    expect(stdout).toBe(`${JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} })}\n`);
    expect(stderr).toMatch(/^lich: read message: [^\n]+\n$/);
  });

  it('answers initialize and a tools/call written in one go with a garbage line, in order, then exits 1', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh', version: '1' } } };
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_sessions', arguments: {} } };
    const env = { LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' };
    const { code, stdout, stderr } = await runRaw(`${JSON.stringify(init)}\n${JSON.stringify(call)}\ngarbage\n`, false, env);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^lich: read message: line 3 is not JSON: [^\n]+\n$/);
    const replies = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(replies.map((r) => r.id)).toEqual([1, 2]);
    expect(replies[0].result.serverInfo.name).toBe('lich');
    expect(replies[1]).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'No other live sessions.' }] } });
  });

  it('keeps serving after harmless input: an unknown key, "id": null, "jsonrpc": "1.0"', async () => {
    const input = ['{"jsonrpc":"2.0","id":1,"method":"ping","extra":1}', '{"jsonrpc":"2.0","id":null,"method":"ping"}', '{"jsonrpc":"1.0","id":3,"method":"ping"}'];
    const { code, stdout, stderr } = await runRaw(`${input.join('\n')}\n`, true);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual([1, null, 3]);
  });

  it('exits 1 on input that is not JSON-RPC, with stdin still open and nothing on stdout', async () => {
    const { code, stdout, stderr } = await runRaw('{not json\n', false);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^lich: read message: [^\n]+\n$/);
  });
});
