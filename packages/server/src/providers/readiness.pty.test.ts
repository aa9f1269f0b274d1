// The first task after `lich open` reaches a provider that starts reading its input late: real
// PTYs, a real backend, and stand-in `opencode`, `claude` and `codex` binaries on its PATH that behave as
// the real clients were measured to (docs/architecture.md § Readiness) — they turn bracketed paste
// on at once, go quiet, and drop everything typed before their prompt takes input. Each answers
// the task it reads over the RPC wire, as `"$LICH_BIN" reply` would, so the send is answered on
// the line it holds.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server.js';
import { rpc, tempLich, until, type TempLich } from '../testing.js';

/**
 * A TUI that reads input only from `READ_AFTER_MS` on, when it draws `PROMPT_TEXT`: before that
 * every byte typed is dropped and recorded in `<id>.lost`. From then on a pasted [lich] task is
 * answered with `relay.Reply`. With `REPORT_START` its plugin posts /session-start (as that
 * provider) at `REPORT_AT_MS`.
 */
const LATE_READER = `
const fs = require('node:fs');
const http = require('node:http');
const id = process.env.LICH_SESSION_ID;
const rpc = (path, body) => new Promise((done) => {
  const req = http.request({ host: '127.0.0.1', port: Number(process.env.LICH_PORT), method: 'POST',
    path: path + '?token=' + process.env.LICH_TOKEN, headers: { 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', done); });
  req.on('error', done);
  req.end(JSON.stringify(body));
});
let reading = false;
let got = '';
process.stdin.setRawMode(true);
// What it draws at once: opencode turns bracketed paste on long before it reads.
process.stdout.write(process.env.EARLY ?? '\\x1b[?2004h\\x1b[6n');
// A spinner that never stops: no quiet ever says anything about this one.
if (process.env.SPIN) setInterval(() => process.stdout.write('.'), 100);
process.stdin.on('data', (d) => {
  if (!reading) return fs.appendFileSync(id + '.lost', d);
  got += d.toString();
  const m = /reply ([0-9a-f]{8}) /.exec(got);
  if (m && /[\\r\\t]/.test(got)) { got = ''; rpc('/rpc/relay.Reply', [{ from: id, ticket: m[1], answer: 'read it' }]); }
});
setTimeout(() => { reading = true; process.stdout.write(process.env.PROMPT_TEXT || '> '); }, Number(process.env.READ_AFTER_MS));
if (process.env.REPORT_START) {
  setTimeout(() => rpc('/session-start', { session_id: id, provider_session_id: 'conv-1', provider: process.env.REPORT_START }), Number(process.env.REPORT_AT_MS));
}
`;

/** A backend whose PATH starts with stand-ins: each `<name>` runs LATE_READER with `env` (sh words) exported. */
interface StandIns {
  dirs: TempLich;
  server: RunningServer;
  project: string;
}

async function startWithStandIns(prefix: string, shims: Record<string, string>, timings?: { receiptWindowMs: number }): Promise<StandIns> {
  const dirs = tempLich(prefix);
  const project = join(dirs.root, 'proj');
  mkdirSync(project);
  mkdirSync(dirs.configDir, { recursive: true });
  const bin = join(dirs.root, 'bin');
  mkdirSync(bin);
  const script = join(dirs.root, 'late-reader.cjs');
  writeFileSync(script, LATE_READER);
  for (const [name, env] of Object.entries(shims)) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexport ${env}\nexec "${process.execPath}" "${script}"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const server = await startServer({
    configDir: dirs.configDir,
    dataDir: dirs.dataDir,
    port: 0,
    bin: '/opt/lich/bin/lich',
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: dirs.root },
    validateResults: true,
    timings,
    log: () => {},
  });
  return { dirs, server, project };
}

async function stop(s: StandIns | undefined): Promise<void> {
  if (!s) return;
  await s.server.close();
  expect(s.server.violations).toEqual([]);
  s.dirs.cleanup();
}

let dirs: TempLich;
let server: RunningServer;
let project: string;
let standIns: StandIns | undefined;

beforeAll(async () => {
  // opencode draws its prompt, then reads; Claude Code's plugin reports its start (from the
  // SessionHook hook) well before it turns bracketed paste on and reads — as measured on 2.1.328.
  standIns = await startWithStandIns('lich-readiness-pty-', {
    opencode: `READ_AFTER_MS=2000 PROMPT_TEXT='Ask anything… "fix a TODO"'`,
    claude: `EARLY=starting REPORT_START=claude REPORT_AT_MS=300 READ_AFTER_MS=1500 PROMPT_TEXT="$(printf '\\033[?2004h> ')"`,
    // Codex on a slow start: nothing drawn and nothing read while its binary loads; then its
    // loading frame, and its chat screen live with its state report (0.169.0, ≈1–2 s on a warm start).
    codex: `EARLY= READ_AFTER_MS=2500 PROMPT_TEXT="$(printf '\\033[?2004h\\033[37;3HAsk Codex to do anything\\033]7501;state=idle:app=codex\\033\\\\')"`,
  });
  ({ dirs, server, project } = standIns);
});

afterAll(() => stop(standIns));

async function openThenSend(kind: string): Promise<{ id: string; result: { status: string; answer: string } }> {
  const opened = await rpc(server, 'spawn.Open', [
    { from: '', project, kind, worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false },
  ]);
  expect(opened.status).toBe(200);
  const sent = await rpc(server, 'relay.Send', [{ from: '', target: opened.json.id, project: '', prompt: 'run the tests', timeoutSeconds: 30 }]);
  expect(sent.status).toBe(200);
  return { id: opened.json.id, result: sent.json };
}

describe('the first send right after open', () => {
  it('waits for opencode to draw its prompt — quiet alone came seconds early — and is answered', async () => {
    const { id, result } = await openThenSend('opencode');
    expect(result).toMatchObject({ status: 'answered', answer: 'read it' });
    expect(existsSync(join(project, `${id}.lost`))).toBe(false);
  });

  it('waits for Claude Code to turn bracketed paste on, not for the session-start its plugin reports sooner', async () => {
    const { id, result } = await openThenSend('claude');
    expect(result).toMatchObject({ status: 'answered', answer: 'read it' });
    expect(existsSync(join(project, `${id}.lost`))).toBe(false);
  });

  it('waits for Codex’s chat screen to report idle — quiet alone came while its binary loaded — and is answered', async () => {
    const { id, result } = await openThenSend('codex');
    expect(result).toMatchObject({ status: 'answered', answer: 'read it' });
    expect(existsSync(join(project, `${id}.lost`))).toBe(false);
  });

  it('takes a session whose plugin reported its start as ready to read, whatever its screen shows', async () => {
    // A provider with no rule of its own that never goes quiet, whose plugin reports once it reads.
    writeFileSync(
      join(dirs.configDir, 'providers.json'),
      JSON.stringify({
        providers: {
          plugged: {
            name: 'Plugged',
            command: process.execPath,
            args: [join(dirs.root, 'late-reader.cjs')],
            env: { EARLY: 'starting', SPIN: '1', READ_AFTER_MS: '2500', REPORT_START: 'plugged', REPORT_AT_MS: '2600' },
            reportsState: true,
          },
        },
      }),
    );
    const { id, result } = await openThenSend('plugged');
    expect(result).toMatchObject({ status: 'answered', answer: 'read it' });
    expect(existsSync(join(project, `${id}.lost`))).toBe(false);
  });

  it('waits for the prompt a user-defined provider declares (ready.text), though it takes the terminal raw and turns bracketed paste on at once', async () => {
    writeFileSync(
      join(dirs.configDir, 'providers.json'),
      JSON.stringify({
        providers: {
          declared: {
            name: 'Declared',
            command: process.execPath,
            args: [join(dirs.root, 'late-reader.cjs')],
            env: { READ_AFTER_MS: '2500', PROMPT_TEXT: '\x1b[1mlate\x1b[0m> ' },
            ready: { text: 'late>' },
          },
        },
      }),
    );
    const { id, result } = await openThenSend('declared');
    expect(result).toMatchObject({ status: 'answered', answer: 'read it' });
    expect(existsSync(join(project, `${id}.lost`))).toBe(false);
  });

  it('holds a user-defined provider that declares "ready": "quiet" to the quiet alone', async () => {
    writeFileSync(
      join(dirs.configDir, 'providers.json'),
      JSON.stringify({
        providers: { late: { name: 'Late', command: process.execPath, args: [join(dirs.root, 'late-reader.cjs')], env: { READ_AFTER_MS: '3000' }, ready: 'quiet' } },
      }),
    );
    const opened = await rpc(server, 'spawn.Open', [
      { from: '', project, kind: 'late', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false },
    ]);
    const sent = await rpc(server, 'relay.Send', [{ from: '', target: opened.json.id, project: '', prompt: 'run the tests', timeoutSeconds: 1 }]);
    expect(sent.json.status).toBe('pending');
    // Typed at the first quiet, before this program reads: what a provider that says so risks.
    await until(() => existsSync(join(project, `${opened.json.id}.lost`)) && readFileSync(join(project, `${opened.json.id}.lost`), 'utf8').includes('\r'));
  });
});

describe('a Codex session opened on its folder-trust menu', () => {
  // Codex 0.169.0 in a folder the user never trusted: its loading frame (placeholder and all),
  // then the menu, whose preselected answer a typed task's Enter picks (measured: the folder came
  // out trusted, the task gone). Its words are drawn one by one, the option's in one piece. The
  // menu reads nothing here: what reached it is recorded.
  const MENU = String.raw`\033[2;1H  Folder access\033[5;3HTrust\033[5;9Hthis\033[5;14Hfolder?\033[9;1H› 1. Trust and continue\033[10;3H2. Back to Agent Command Center`;
  let trust: StandIns | undefined;

  beforeAll(async () => {
    trust = await startWithStandIns(
      'lich-readiness-trust-',
      { codex: `EARLY="$(printf '\\033[?2004h\\033[37;3HAsk Codex to do anything${MENU}')" READ_AFTER_MS=600000` },
      // Two receipt windows end a task nothing read: short here, 30 s in lich.
      { receiptWindowMs: 300 },
    );
  });

  afterAll(() => stop(trust));

  it('types nothing at the menu, where the Enter would trust the folder for the user, and ends the send unread', async () => {
    const { server: trustServer, project: trustProject } = trust!;
    const opened = await rpc(trustServer, 'spawn.Open', [
      { from: '', project: trustProject, kind: 'codex', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false },
    ]);
    expect(opened.status).toBe(200);
    const sent = await rpc(trustServer, 'relay.Send', [{ from: '', target: opened.json.id, project: '', prompt: 'run the tests', timeoutSeconds: 30 }]);
    expect(sent.json).toMatchObject({ status: 'unread' });
    expect(existsSync(join(trustProject, `${opened.json.id}.lost`))).toBe(false);
  });
});

describe('a Codex session opened on its hook review screen', () => {
  // Codex 0.169.0 started with lich's hooks not yet trusted (outside a confined session, a user
  // who never answered its review): its loading frame, then "Hooks need review" in place of the
  // chat screen, and no idle report until it is answered. Its title is drawn against the frame
  // before, its options word by word, the selected first one in one piece. It reads nothing here:
  // what reached it is recorded.
  const REVIEW = String.raw`\033[2;3HHooks \033[2;10Heed review\033[3;3H9 hooks are new or changed.\033[7;1H\033[7m› 1. Review hooks   \033[8;3H\033[27m2.\033[8;6HTrust\033[8;12Hall\033[8;16Hand\033[8;20Hcontinue\033[9;3H3.\033[9;6HContinue\033[9;15Hwithout\033[9;23Htrusting`;
  let review: StandIns | undefined;

  beforeAll(async () => {
    review = await startWithStandIns(
      'lich-readiness-hooks-',
      { codex: `EARLY="$(printf '\\033[?2004h\\033[37;3HAsk Codex to do anything${REVIEW}')" READ_AFTER_MS=600000` },
      // Two receipt windows end a task nothing read: short here, 30 s in lich.
      { receiptWindowMs: 300 },
    );
  });

  afterAll(() => stop(review));

  it('types nothing at the review, where a task is swallowed and a digit would answer it, and ends the send unread', async () => {
    const { server: s, project: p } = review!;
    const opened = await rpc(s, 'spawn.Open', [{ from: '', project: p, kind: 'codex', worktree: '', base: '', model: '', effort: '', folder: '', ultracode: false }]);
    expect(opened.status).toBe(200);
    const sent = await rpc(s, 'relay.Send', [{ from: '', target: opened.json.id, project: '', prompt: 'run the tests', timeoutSeconds: 10 }]);
    expect(sent.json).toMatchObject({ status: 'unread' });
    expect(existsSync(join(p, `${opened.json.id}.lost`))).toBe(false);
  });
});
