// The built-in `opencode` kind loads this project's plugin at spawn (providers/opencode.ts): a
// stand-in `opencode` first on the backend's PATH does with the session's environment what
// opencode 1.18.33 does with it — it imports every `file://` plugin OPENCODE_CONFIG_CONTENT names,
// in a process of its own, calls it, and offers its tools — then reads a relayed task only once
// its prompt is drawn and answers it by calling the plugin's `reply_to_session`, which runs the
// real "$LICH_BIN". The real opencode is the agents tier's (npm run test:agents).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, makeRepo, ROOT, until, type Session } from './harness.js';

const STAND_IN = `
import fs from 'node:fs';
const out = process.env.OPENCODE_STANDIN_LOG;
const record = (o) => fs.appendFileSync(out, JSON.stringify(o) + '\\n');
const content = process.env.OPENCODE_CONFIG_CONTENT ?? '';
const urls = content ? JSON.parse(content).plugin ?? [] : [];
const tools = {};
for (const url of urls) {
  const mod = await import(url);
  const hooks = await (mod.default?.server ?? mod.default)({ directory: process.cwd(), worktree: process.cwd() });
  Object.assign(tools, hooks.tool ?? {});
}
record({ content, urls, tools: Object.keys(tools) });
process.stdin.setRawMode(true);
process.stdout.write('\\x1b[?2004h');
let reading = false;
let got = '';
process.stdin.on('data', async (d) => {
  if (!reading) return record({ lost: d.toString() });
  got += d.toString();
  if (!got.includes('\\r')) return;
  const text = got;
  got = '';
  record({ read: text });
  const ticket = /reply ([0-9a-f]{8}) /.exec(text)?.[1];
  if (!ticket || !tools.reply_to_session) return;
  const ctx = { sessionID: 'ses_standin', messageID: 'msg_1', agent: 'build', directory: process.cwd(), worktree: process.cwd(), abort: new AbortController().signal, metadata() {}, ask: async () => {} };
  record({ replied: await tools.reply_to_session.execute({ ticket, answer: 'done through the plugin' }, ctx) });
});
setTimeout(() => { reading = true; process.stdout.write('Ask anything… "fix a TODO"'); }, 1500);
`;

let b: Backend;
let repo: string;
let standInLog: string;

const entries = () =>
  existsSync(standInLog) ? readFileSync(standInLog, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) : [];

beforeAll(async () => {
  b = await Backend.start({
    env: ({ home }) => {
      const bin = join(home, 'bin');
      mkdirSync(bin, { recursive: true });
      writeFileSync(join(bin, 'standin.mjs'), STAND_IN);
      writeFileSync(join(bin, 'opencode'), `#!/bin/sh\nexec "${process.execPath}" "${join(bin, 'standin.mjs')}"\n`);
      chmodSync(join(bin, 'opencode'), 0o755);
      standInLog = join(home, 'opencode.jsonl');
      return { PATH: `${bin}:${process.env.PATH ?? ''}`, OPENCODE_STANDIN_LOG: standInLog, XDG_CONFIG_HOME: join(home, 'xdg') };
    },
  });
  repo = makeRepo(b.home, 'oc-repo', 1);
});

afterAll(async () => {
  await b?.close();
});

describe('lich open --kind opencode', () => {
  let s: Session;

  beforeAll(async () => {
    s = await b.open(repo, 'opencode');
  });

  it('loads the plugin that ships beside the CLI, by file URL, through the session environment alone', async () => {
    await until(() => entries().length > 0, 'the stand-in loaded its plugins');
    const [loaded] = entries();
    expect(loaded!.urls).toEqual([`file://${join(ROOT, 'packages/cli/dist/opencode-plugin.mjs')}`]);
    expect(loaded!.tools).toEqual([
      'list_sessions',
      'send_to_session',
      'wait_for_answer',
      'open_session',
      'close_session',
      'rename_session',
      'list_worktrees',
      'reply_to_session',
      'list_folders',
      'file_session',
      'rename_folder',
      'color_folder',
      'control_session',
      'ask_session',
    ]);
    // Nothing written where a user keeps opencode's config, or into the repository.
    expect(existsSync(join(b.home, 'xdg', 'opencode'))).toBe(false);
    expect(readdirSync(repo).filter((f) => f !== '.git')).toEqual(['file1.txt']);
    expect(spawnSync('git', ['status', '--porcelain'], { cwd: repo, encoding: 'utf8' }).stdout).toBe('');
  });

  it('answers the first send right after open through the plugin’s reply_to_session, which the relayed message offers', async () => {
    const fresh = await b.open(repo, 'opencode');
    const r = await b.lich(['send', '--timeout', '60', fresh.label, 'what changed?']);
    expect(r).toMatchObject({ code: 0, stdout: 'done through the plugin\n' });
    const read = entries().filter((e) => typeof e.read === 'string');
    expect(read.at(-1)!.read).toContain('with the lich tool `reply_to_session`');
    expect(entries().filter((e) => e.lost !== undefined)).toEqual([]);
  });
});
