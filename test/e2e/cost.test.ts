/**
 * `lich cost` against a real backend (spec/cli.md § lich cost; wire.md § 5, § 6): the ledger
 * built from Claude Code and Codex transcripts this test writes under the backend's temporary
 * HOME, for sessions it opens. The built-in `claude` and `codex` providers are the example agent
 * here (a `claude` and a `codex` on the backend's PATH), announcing themselves at /session-start
 * with their provider's id, as the real plugins do; the test reads the provider session id each
 * one announced and writes that session's transcript where the provider would.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendClaudeTranscript, appendCodexRollout, claudeAssistantRow, codexTokenCount, codexTurnContext } from '../../packages/server/src/cost/samples.js';
import { AGENT_JS, Backend, exampleProvider, makeRepo, type Session } from './harness.js';

let b: Backend;
let userHome: string;
let lichDir: string;
let revuDir: string;
const s: Record<'claudeA' | 'codexB' | 'reportedE' | 'plainF' | 'claudeC', Session> = {} as never;
const providerIds: Record<string, string> = {};
/** When the Codex session's rollout was started: its file is named by it. */
const codexStarted = new Date();

/** A `<name>` on PATH that is the example agent announcing itself as provider `<name>`. */
function shim(dir: string, name: string): void {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\nEXAMPLE_AGENT_PROVIDER=${name} exec '${process.execPath}' '${AGENT_JS}'\n`);
  chmodSync(file, 0o755);
}

async function announced(session: Session): Promise<string> {
  const entry = await b.log.waitFor(session.id, (e) => e.event === 'session-start' && e.status === 204, 'the session-start report');
  return String(entry.providerSessionId);
}

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log }) => ({ example: exampleProvider(log) }),
    env: ({ log, home }) => {
      const bin = join(home, 'bin');
      mkdirSync(bin, { recursive: true });
      shim(bin, 'claude');
      shim(bin, 'codex');
      userHome = join(home, 'user');
      mkdirSync(userHome, { recursive: true });
      return { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: userHome, CLAUDE_CONFIG_DIR: '', CODEX_HOME: '', EXAMPLE_AGENT_LOG: log };
    },
  });
  lichDir = makeRepo(b.home, 'lich', 1);
  revuDir = makeRepo(b.home, 'revu', 1);
  s.claudeA = await b.open(lichDir, 'claude');
  s.codexB = await b.open(lichDir, 'codex');
  s.reportedE = await b.open(lichDir, 'example');
  s.plainF = await b.open(lichDir, 'example');
  s.claudeC = await b.open(revuDir, 'claude');
  for (const [k, v] of Object.entries(s)) providerIds[k] = await announced(v);

  // Claude Code, lich: one message streamed as two rows (counted once) and one with cache reads.
  // 100k in × $3 + 10k out × $15 = 0.45; 50k in × $3 + 50k read × $0.30 + 2k out × $15 = 0.195.
  appendClaudeTranscript(userHome, s.claudeA.path, providerIds.claudeA!, [
    JSON.stringify({ type: 'user', timestamp: iso(60_000), message: { role: 'user', content: 'go' } }),
    claudeAssistantRow({ id: 'msg_a1', input: 100_000, output: 10_000, at: iso(50_000) }),
    claudeAssistantRow({ id: 'msg_a1', input: 100_000, output: 10_000, at: iso(50_000) }),
    claudeAssistantRow({ id: 'msg_a2', input: 50_000, read: 50_000, output: 2_000, at: iso(40_000) }),
  ]);
  // Codex, lich: 100k uncached × $1.25 + 100k cached × $0.125 + 10k out × $10 = 0.2375; the repeated event counts nothing.
  appendCodexRollout(userHome, providerIds.codexB!, codexStarted, [
    JSON.stringify({ timestamp: iso(60_000), type: 'session_meta', payload: { id: providerIds.codexB } }),
    codexTurnContext('gpt-5-codex', iso(59_000)),
    codexTokenCount([200_000, 100_000, 10_000], [200_000, 100_000, 10_000], iso(30_000)),
    codexTokenCount([200_000, 100_000, 10_000], [200_000, 100_000, 10_000], iso(29_000)),
  ]);
  // Claude Code, revu, three days ago: 100k in × $1 + 20k out × $5 on Haiku 4.5 = 0.20.
  appendClaudeTranscript(userHome, s.claudeC.path, providerIds.claudeC!, [
    claudeAssistantRow({ id: 'msg_c1', model: 'claude-haiku-4-5-20251001', input: 100_000, output: 20_000, at: iso(3 * 86_400_000) }),
  ]);
  // A provider that reports its own figure through /mod/usage: $1.25.
  const usage = await fetch(`http://127.0.0.1:${b.port}/mod/usage?token=${b.token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ session_id: s.reportedE.id, conversation_id: 'conv-e', context: { window: 200_000 }, cost_usd: 1.25 }),
  });
  expect(usage.status).toBe(204);
}, 120_000);

afterAll(async () => {
  await b?.close();
});

const HEADER = 'project\tsessions\tunpriced\tsource\tcost';

describe('lich cost', () => {
  it('prints one row per project and the total, the split of a mixed total and the lower-bound line', async () => {
    expect(await b.lich(['cost'])).toEqual({
      code: 0,
      stdout: [
        HEADER,
        'lich\t4\t1\tmixed\t$2.13',
        'revu\t1\t0\tpriced\t$0.20',
        'total\t5\t1\tmixed\t$2.33',
        '3 priced by lich, 1 reported by their provider.',
        'Lower bound: 1 unpriced of 5 sessions — their spend is not in this total.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(b.violations).toEqual([]);
  });

  it('writes the per-project rows as CSV, six decimals and no total row', async () => {
    expect(await b.lich(['cost', '--csv'])).toEqual({
      code: 0,
      stdout: 'project,sessions,unpriced,source,cost_usd\nlich,4,1,mixed,2.132500\nrevu,1,0,priced,0.200000\n',
      stderr: '',
    });
  });

  it('prints the whole report as one JSON line', async () => {
    const r = await b.lich(['cost', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n') && r.stdout.indexOf('\n') === r.stdout.length - 1).toBe(true);
    expect(JSON.parse(r.stdout)).toEqual({
      projects: [
        { project: 'lich', sessions: 4, unpriced: 1, costUsd: expect.closeTo(2.1325, 9), source: 'mixed' },
        { project: 'revu', sessions: 1, unpriced: 0, costUsd: expect.closeTo(0.2, 9), source: 'priced' },
      ],
      sessions: 5,
      unpriced: 1,
      costUsd: expect.closeTo(2.3325, 9),
      source: 'mixed',
      priced: 3,
      reported: 1,
      readout: true,
    });
  });

  it('narrows to a project, case-insensitively, and refuses a name no session sits under', async () => {
    expect((await b.lich(['cost', '--project', 'LICH'])).stdout).toBe(
      [
        HEADER,
        'lich\t4\t1\tmixed\t$2.13',
        'total\t4\t1\tmixed\t$2.13',
        '2 priced by lich, 1 reported by their provider.',
        'Lower bound: 1 unpriced of 4 sessions — their spend is not in this total.',
        '',
      ].join('\n'),
    );
    expect(await b.lich(['cost', '--project', 'nope'])).toEqual({ code: 1, stdout: '', stderr: 'lich: no sessions in a project named "nope"\n' });
  });

  it('narrows to a provider, and an unknown one is an empty report, not a refusal', async () => {
    expect((await b.lich(['cost', '--provider', 'codex'])).stdout).toBe(
      [HEADER, 'lich\t1\t0\tpriced\t$0.24', 'total\t1\t0\tpriced\t$0.24', 'Complete: every session in this total is priced.', ''].join('\n'),
    );
    expect(await b.lich(['cost', '--provider', 'gemini'])).toEqual({ code: 0, stdout: 'No sessions matched.\n', stderr: '' });
    expect((await b.lich(['cost', '--provider', 'gemini', '--csv'])).stdout).toBe('project,sessions,unpriced,source,cost_usd\n');
  });

  it('counts the sessions active in a --since window, and refuses a window it cannot read', async () => {
    expect((await b.lich(['cost', '--since', '24h'])).stdout).toBe(
      [
        HEADER,
        'lich\t4\t1\tmixed\t$2.13',
        'total\t4\t1\tmixed\t$2.13',
        '2 priced by lich, 1 reported by their provider.',
        'Lower bound: 1 unpriced of 4 sessions — their spend is not in this total.',
        '',
      ].join('\n'),
    );
    expect((await b.lich(['cost', '--since', '7d', '--provider', 'claude', '--csv'])).stdout).toBe(
      'project,sessions,unpriced,source,cost_usd\nlich,1,0,priced,0.645000\nrevu,1,0,priced,0.200000\n',
    );
    expect(await b.lich(['cost', '--since', 'yesterday'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'lich: --since takes a window like 7d, 24h or 90m, not "yesterday"\n',
    });
    expect(await b.lich(['cost', '--json', '--csv'])).toEqual({ code: 1, stdout: '', stderr: 'lich: --json and --csv are two formats of one report: pick one\n' });
  });

  it('keeps counting a session once it is closed, and its turns up to then', async () => {
    appendCodexRollout(userHome, providerIds.codexB!, codexStarted, [
      codexTokenCount([300_000, 100_000, 10_000], [100_000, 0, 0], iso(1_000)),
    ]);
    const closed = await b.lich(['close', '--project', lichDir, s.codexB.label]);
    expect(closed.code).toBe(0);
    // + 100k uncached × $1.25 = 0.125
    expect((await b.lich(['cost', '--provider', 'codex', '--csv'])).stdout).toBe('project,sessions,unpriced,source,cost_usd\nlich,1,0,priced,0.362500\n');
  });

  it('with the readout off counts nothing new and says so under the table', async () => {
    const settings = join(b.home, 'config', 'lich', 'settings.json');
    writeFileSync(settings, JSON.stringify({ costReadout: false }));
    try {
      appendClaudeTranscript(userHome, s.claudeC.path, providerIds.claudeC!, [
        claudeAssistantRow({ id: 'msg_c2', model: 'claude-haiku-4-5-20251001', input: 100_000, at: iso(1_000) }),
      ]);
      expect(await b.lich(['cost', '--project', 'revu'])).toEqual({
        code: 0,
        stdout: [
          HEADER,
          'revu\t1\t0\tpriced\t$0.20',
          'total\t1\t0\tpriced\t$0.20',
          'Complete: every session in this total is priced.',
          '',
          'The cost readout is off, so nothing is being priced — turn on Settings › "Session readout in the footer" › "And cost".',
          'This lich has no window: the setting is the "costReadout" key of settings.json in lich\'s config directory — set it to true, or remove it.',
          '',
        ].join('\n'),
        stderr: '',
      });
      expect(JSON.parse((await b.lich(['cost', '--json', '--project', 'revu'])).stdout).readout).toBe(false);
    } finally {
      rmSync(settings);
    }
    expect((await b.lich(['cost', '--project', 'revu', '--csv'])).stdout).toBe('project,sessions,unpriced,source,cost_usd\nrevu,1,0,priced,0.300000\n');
  });

  it('answers --help with its own flags, and is not an MCP tool', async () => {
    const help = await b.lich(['cost', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: lich cost [--project <name>] [--provider <provider>] [--since <window>] [--json | --csv]\n');
    for (const flag of ['--csv', '--json', '--project string', '--provider string', '--since string']) expect(help.stdout).toContain(`\n  ${flag}\n`);
    const { MCP_TOOLS } = await import('@lich/generated/mcp/tools');
    expect(MCP_TOOLS.map((t) => t.operation)).not.toContain('cost');
  });
});
