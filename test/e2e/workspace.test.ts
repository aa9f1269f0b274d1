// The workspace commands end to end, through the built `lich` against a real backend: rename,
// folders, file, rename-folder, color-folder, insert and focus — their prose, their --json, and
// every refusal spec/cli.md lists for them, each asserted by its exact line and exit 1 with
// nothing changed. spec/cli.md § lich rename … § lich focus; wire.md § 7.5, § 8.2, § 9.
//
// Sessions run two providers: the example agent, and a recorder that puts its terminal in raw
// mode and appends every byte it is sent to a file, which is how a test sees exactly what an
// insert typed (a bracketed paste, and no Enter after it). The tests run in order against one
// backend and build on what the previous ones left.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, LICH_JS, baseEnv, exampleProvider, makeRepo, q, sleep, until, type Run, type Session } from './harness.js';

let b: Backend;
let alpha: string;
let beta: string;
let recDir: string;

/** A terminal that records what it is sent: raw mode, so nothing waits for a newline. */
const RECORDER = `
const fs = require('node:fs');
const file = process.env.REC_DIR + '/' + process.env.LICH_SESSION_ID + '.typed';
fs.writeFileSync(file, '');
if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.on('data', (d) => fs.appendFileSync(file, d));
process.stdout.write('rec> ');
`;

beforeAll(async () => {
  b = await Backend.start({
    providers: ({ log, home }) => {
      recDir = home;
      const script = join(home, 'recorder.cjs');
      writeFileSync(script, RECORDER);
      return {
        example: exampleProvider(log),
        recorder: { name: 'Recorder', command: process.execPath, args: [script], env: { REC_DIR: home }, reportsState: false, tools: false },
      };
    },
  });
  alpha = makeRepo(b.home, 'alpha', 1);
  beta = makeRepo(b.home, 'beta', 1);
});

afterAll(async () => {
  if (!b) return;
  const violations = b.violations;
  await b.close();
  expect(violations).toEqual([]);
});

/** A refusal: exactly one `lich: …` line on stderr, nothing on stdout, exit 1. */
function refused(r: Run, line: string): void {
  expect(r).toEqual({ code: 1, stdout: '', stderr: `lich: ${line}\n` });
}

/** `lich …` with `input` written to its stdin and the stdin closed (the harness leaves it open). */
function lichIn(args: string[], input: string | Buffer, o: { session?: string } = {}): Promise<Run> {
  const env: Record<string, string> = { ...baseEnv(), LICH_PORT: String(b.port), LICH_TOKEN: b.token, XDG_CONFIG_HOME: b.configHome };
  if (o.session !== undefined) env.LICH_SESSION_ID = o.session;
  return new Promise((done) => {
    const child = spawn(process.execPath, [LICH_JS, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function roster(): Promise<Session[]> {
  return JSON.parse((await b.lich(['sessions', '--json'])).stdout) as Session[];
}

async function labels(): Promise<string[]> {
  return (await roster()).map((s) => s.label).sort();
}

async function folders(project = 'alpha'): Promise<string> {
  return (await b.lich(['folders', '--json', '--project', project])).stdout;
}

/** POSTs a plugin report, as a session's plugin would. */
async function hook(path: string, body: object): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${b.port}${path}?token=${b.token}`, { method: 'POST', body: JSON.stringify(body) });
  return res.status;
}

/** What the recorder in session `id` has been sent so far. */
function typed(id: string): string {
  const file = join(recDir, `${id}.typed`);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

let me: Session; // the session the "caller" commands run in (alpha, example agent)
let w1: Session; // alpha, example agent
let w2: Session; // alpha, example agent
let other: Session; // beta, example agent

describe('lich rename', () => {
  beforeAll(async () => {
    me = await b.open(alpha, 'example');
    w1 = await b.open(alpha, 'example');
    w2 = await b.open(alpha, 'example');
    other = await b.open(beta, 'example');
    for (const s of [me, w1, w2, other]) await b.log.ready(s.id);
  });

  it('renames the session the command runs in when given one argument', async () => {
    const r = await b.lich(['rename', 'planner'], { session: me.id });
    expect(r).toEqual({ code: 0, stdout: `Renamed ${q(me.label)} to "planner".\n`, stderr: '' });
    const self = JSON.parse((await b.lich(['whoami', '--json'], { session: me.id })).stdout);
    expect(self.label).toBe('planner');
    me = { ...me, label: 'planner' };
  });

  it("makes the name the user's: the provider's auto-title no longer moves it", async () => {
    expect(await hook('/session-title', { session_id: me.id, title: 'An auto title' })).toBe(204);
    const self = JSON.parse((await b.lich(['whoami', '--json'], { session: me.id })).stdout);
    expect(self.label).toBe('planner');
  });

  it('renames a named session, addressed by label, roster name or lich id, and prints --json on one line', async () => {
    const r = await b.lich(['rename', '--json', w1.name, 'auth-fix']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`{"id":"${w1.id}","project":"alpha","label":"auth-fix","previous":${q(w1.label)}}\n`);
    w1 = { ...w1, label: 'auth-fix' };
    expect((await b.lich(['rename', w2.id, 'login-tests'])).stdout).toBe(`Renamed ${q(w2.label)} to "login-tests".\n`);
    w2 = { ...w2, label: 'login-tests' };
    expect((await b.lich(['rename', '--project', 'beta', other.label, 'docs'])).code).toBe(0);
    other = { ...other, label: 'docs' };
  });

  it('refuses a name another session of the project holds, and changes nothing', async () => {
    const before = await labels();
    refused(
      await b.lich(['rename', 'login-tests', 'AUTH-FIX']),
      '"AUTH-FIX" already names another session in alpha, and two sessions under one name is the one thing `lich send` cannot resolve',
    );
    expect(await labels()).toEqual(before);
  });

  it('refuses an empty name', async () => {
    const before = await labels();
    refused(await b.lich(['rename', 'auth-fix', '']), 'a rename needs a name, and none was given');
    refused(await b.lich(['rename', ' '], { session: me.id }), 'a rename needs a name, and none was given');
    expect(await labels()).toEqual(before);
  });

  it('refuses the one-argument form outside a session', async () => {
    refused(await b.lich(['rename', 'x']), 'no session was named to rename, and this is not running in one — name the session');
  });

  it('refuses a session nothing answers to, and a label two projects share without the project', async () => {
    refused(await b.lich(['rename', 'nobody', 'x']), 'no session named "nobody"');
    refused(await b.lich(['rename', '--project', 'alpha', 'docs', 'x']), 'no session named "docs" in project "alpha"');
    await b.lich(['rename', 'auth-fix', 'docs']);
    refused(await b.lich(['rename', 'docs', 'x']), '"docs" names 2 sessions — narrow it with the project');
    expect((await b.lich(['rename', '--project', alpha, 'docs', 'auth-fix'])).code).toBe(0);
  });

  it('refuses a wrong number of arguments with its usage line', async () => {
    refused(await b.lich(['rename']), 'usage: lich rename [--project <name-or-path>] [--json] [<session>] <label>');
    refused(await b.lich(['rename', 'a', 'b', 'c']), 'usage: lich rename [--project <name-or-path>] [--json] [<session>] <label>');
  });
});

describe('lich file and lich folders', () => {
  it('says there are no folders while nothing is filed, and --json prints []', async () => {
    expect(await b.lich(['folders', '--project', 'alpha'])).toEqual({ code: 0, stdout: 'No folders.\n', stderr: '' });
    expect(await folders()).toBe('[]\n');
  });

  it('files sessions under folders, starting one with a name nobody carries', async () => {
    expect(await b.lich(['file', 'auth-fix', 'Auth'])).toEqual({ code: 0, stdout: 'Filed "auth-fix" under "Auth".\n', stderr: '' });
    expect((await b.lich(['file', '--json', 'login-tests', 'Auth'])).stdout).toBe(
      `{"id":"${w2.id}","project":"alpha","label":"login-tests","folder":"Auth","previous":""}\n`,
    );
    expect((await b.lich(['file', 'Docs'], { session: me.id })).stdout).toBe('Filed "planner" under "Docs".\n');
  });

  it('lists the folders where their first cards fall, with their sessions', async () => {
    expect(await b.lich(['folders'], { session: me.id })).toEqual({
      code: 0,
      stdout: 'folder\tsessions\nDocs\tplanner\nAuth\tauth-fix, login-tests\n',
      stderr: '',
    });
    expect(await folders(alpha)).toBe('[{"name":"Docs","sessions":["planner"]},{"name":"Auth","sessions":["auth-fix","login-tests"]}]\n');
  });

  it("takes a session out with '', and says when it was in no folder", async () => {
    expect((await b.lich(['file', 'planner', ''])).stdout).toBe('Took "planner" out of "Docs".\n');
    expect((await b.lich(['file', '--json', 'planner', ''])).stdout).toBe(
      `{"id":"${me.id}","project":"alpha","label":"planner","folder":"","previous":""}\n`,
    );
    expect((await b.lich(['file', 'planner', ''])).stdout).toBe('"planner" was in no folder.\n');
  });

  it('matches names exactly: auth beside Auth is a second folder', async () => {
    await b.lich(['file', 'planner', 'auth']);
    expect(JSON.parse(await folders()).map((f: { name: string }) => f.name)).toEqual(['auth', 'Auth']);
    await b.lich(['file', 'planner', '']);
  });

  it('refuses the one-argument form outside a session, and a session nothing answers to', async () => {
    const before = await folders();
    refused(await b.lich(['file', 'Auth']), 'no session was named to file, and this is not running in one — name the session');
    refused(await b.lich(['file', 'nobody', 'Auth']), 'no session named "nobody"');
    expect(await folders()).toBe(before);
  });

  it('refuses a project it cannot tell', async () => {
    refused(
      await b.lich(['folders']),
      'no project was named, and this is not running in a lich session whose project it could default to — name one with --project: "alpha", "beta"',
    );
    refused(await b.lich(['folders', '--project', 'gamma']), 'no project named "gamma" is open — the open projects are "alpha", "beta"');
  });
});

describe('lich rename-folder', () => {
  it('renames a folder across every session in it', async () => {
    expect(await b.lich(['rename-folder', '--project', 'alpha', 'Auth', 'Login'])).toEqual({
      code: 0,
      stdout: 'Moved "auth-fix", "login-tests" from folder "Auth" to "Login".\n',
      stderr: '',
    });
    expect(await folders()).toBe('[{"name":"Login","sessions":["auth-fix","login-tests"]}]\n');
  });

  it('merges onto a name the project already has, naming every session that moved', async () => {
    await b.lich(['file', 'planner', 'Docs']);
    const r = await b.lich(['rename-folder', '--json', 'Docs', 'Login'], { session: me.id });
    expect(r.stdout).toBe('{"project":"alpha","from":"Docs","to":"Login","sessions":["planner"]}\n');
    expect(await folders()).toBe('[{"name":"Login","sessions":["planner","auth-fix","login-tests"]}]\n');
  });

  it("refuses a name no session carries, listing the project's folders, and changes nothing", async () => {
    const before = await folders();
    refused(
      await b.lich(['rename-folder', '--project', 'alpha', 'login', 'X']),
      'no session in project "alpha" is filed under "login", so there is no folder to rename — its folders are "Login"',
    );
    refused(
      await b.lich(['rename-folder', '--project', 'beta', 'Login', 'X']),
      'no session in project "beta" is filed under "Login", so there is no folder to rename — project "beta" has no folders',
    );
    expect(await folders()).toBe(before);
  });

  it('refuses a wrong number of arguments with its usage line', async () => {
    refused(await b.lich(['rename-folder', 'Login']), 'usage: lich rename-folder [--project <name-or-path>] [--json] <folder> <new-name>');
  });
});

describe('lich color-folder', () => {
  it('paints every card in the folder, and clears them', async () => {
    expect(await b.lich(['color-folder', '--project', 'alpha', 'Login', 'teal'])).toEqual({
      code: 0,
      stdout: 'Painted "planner", "auth-fix", "login-tests" in folder "Login" teal.\n',
      stderr: '',
    });
    expect((await b.lich(['color-folder', '--json', '--project', 'alpha', 'Login', ''])).stdout).toBe(
      '{"project":"alpha","folder":"Login","color":"","sessions":["planner","auth-fix","login-tests"]}\n',
    );
    expect((await b.lich(['color-folder', '--project', 'alpha', 'Login', ''])).stdout).toBe(
      'Cleared the color of "planner", "auth-fix", "login-tests" in folder "Login".\n',
    );
  });

  it('refuses a color outside the palette, listing the palette', async () => {
    refused(
      await b.lich(['color-folder', '--project', 'alpha', 'Login', 'magenta']),
      '"magenta" is not a folder color — the palette is red, orange, amber, green, teal, blue, violet and pink, and "" hands the cards back to the theme',
    );
  });

  it('refuses a folder no session carries', async () => {
    refused(
      await b.lich(['color-folder', '--project', 'alpha', 'Auth', 'red']),
      'no session in project "alpha" is filed under "Auth", so there is no folder to paint — its folders are "Login"',
    );
  });

  it('takes a folder apart with an empty new name', async () => {
    expect((await b.lich(['rename-folder', '--project', 'alpha', 'Login', ''])).stdout).toBe(
      'Took folder "Login" apart, taking out "planner", "auth-fix", "login-tests".\n',
    );
    expect(await folders()).toBe('[]\n');
  });
});

describe('lich insert', () => {
  let rec: Session;
  let rec2: Session;

  beforeAll(async () => {
    rec = await b.open(beta, 'recorder');
    await until(() => existsSync(join(recDir, `${rec.id}.typed`)), 'the recorder starting');
    // The quiet that makes a session ready (600 ms), and a little more.
    await sleep(900);
  });

  it('pastes the text as a bracketed paste and presses no Enter', async () => {
    const r = await b.lich(['insert', '--session', rec.label, 'see src/auth.ts:42\nand this line']);
    expect(r).toEqual({
      code: 0,
      stdout: `Inserted 32 bytes at the prompt of ${q(rec.label)} (beta). Nothing was sent.\n`,
      stderr: '',
    });
    await until(() => typed(rec.id).length > 0, 'the paste reaching the terminal');
    await sleep(200);
    expect(typed(rec.id)).toBe('\x1b[200~see src/auth.ts:42\nand this line\x1b[201~');
  });

  it('strips control characters, ESC included, and prints --json', async () => {
    const before = typed(rec.id);
    const r = await b.lich(['insert', '--json', '--session', rec.id, 'a\x1b[31mb\x07c']);
    expect(r.stdout).toBe(`{"id":"${rec.id}","label":${q(rec.label)},"project":"beta","kind":"recorder","bytes":7}\n`);
    await until(() => typed(rec.id).length > before.length, 'the paste');
    expect(typed(rec.id).slice(before.length)).toBe('\x1b[200~a[31mbc\x1b[201~');
  });

  it('reads the text from stdin when it is left out or is -', async () => {
    let before = typed(rec.id);
    expect((await lichIn(['insert', '--session', rec.label], 'from stdin\n')).code).toBe(0);
    await until(() => typed(rec.id).length > before.length, 'the paste');
    expect(typed(rec.id).slice(before.length)).toBe('\x1b[200~from stdin\n\x1b[201~');
    before = typed(rec.id);
    expect((await lichIn(['insert', '--session', rec.label, '-'], 'dash')).stdout).toBe(
      `Inserted 4 bytes at the prompt of ${q(rec.label)} (beta). Nothing was sent.\n`,
    );
    await until(() => typed(rec.id).length > before.length, 'the paste');
  });

  it('finds the one live session running in a directory given as --project', async () => {
    // beta's directory holds "docs" (example) and the recorder: the recorder is not alone there.
    refused(
      await b.lich(['insert', '--project', beta, 'x']),
      `2 live sessions are running in ${q(beta)}: "docs" (${beta}), ${q(rec.label)} (${beta}) — pick one with --session; lich sessions --json lists each with its path`,
    );
    await b.lich(['close', 'docs']);
    const before = typed(rec.id);
    expect((await b.lich(['insert', '--project', beta, 'by directory'])).code).toBe(0);
    expect((await b.lich(['insert', '--project', 'beta', 'by name'])).code).toBe(0);
    await until(() => typed(rec.id).includes('by name'), 'the paste');
    expect(typed(rec.id).slice(before.length)).toBe('\x1b[200~by directory\x1b[201~\x1b[200~by name\x1b[201~');
  });

  it('refuses blank text and text over 64 KiB, inserting nothing', async () => {
    const before = typed(rec.id);
    refused(await lichIn(['insert', '--session', rec.label], ''), 'nothing to insert: the text is empty');
    refused(await b.lich(['insert', '--session', rec.label, ' \x1b\t']), 'nothing to insert: the text is empty');
    refused(
      await lichIn(['insert', '--session', rec.label, '-'], 'x'.repeat(70_000)),
      'text is 70000 bytes, over the 65536 limit: insert the path of the file instead of its contents',
    );
    await sleep(200);
    expect(typed(rec.id)).toBe(before);
  });

  it('refuses neither --session nor --project', async () => {
    refused(
      await b.lich(['insert', 'x']),
      'name the session to insert at with --session, or where to look for it with --project (a project name or the absolute path of a directory)',
    );
  });

  it('refuses a session nothing answers to, with the live ones listed', async () => {
    const r = await b.lich(['insert', '--session', 'nobody', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^lich: no live session named "nobody"\. Live sessions: .*\n$/);
  });

  it('refuses a session in waiting: the dialog would read the text', async () => {
    rec2 = await b.open(alpha, 'recorder');
    await until(() => existsSync(join(recDir, `${rec2.id}.typed`)), 'the recorder starting');
    await sleep(900);
    expect(await hook('/hook', { session_id: rec2.id, state: 'waiting' })).toBe(204);
    refused(
      await b.lich(['insert', '--session', rec2.id, 'x']),
      `${q(rec2.label)} is waiting on a permission prompt: what is typed there is read by the dialog, not the prompt — answer it in that card, then insert again`,
    );
    await sleep(200);
    expect(typed(rec2.id)).toBe('');
  });

  it("refuses, once --timeout runs out, a session still running its checkout's setup script, with the reason", async () => {
    const gamma = makeRepo(b.home, 'gamma', 1);
    mkdirSync(join(gamma, '.lich'), { recursive: true });
    writeFileSync(join(gamma, '.lich', 'setup-worktree.sh'), 'sleep 60\n');
    const wt = await b.open(gamma, 'recorder', ['--worktree', 'slow-setup']);
    refused(
      await b.lich(['insert', '--timeout', '1', '--session', wt.id, 'x']),
      `${q(wt.label)} is still running its checkout's setup script, so no prompt is there to take the text: nothing was inserted — insert it again once its agent is up`,
    );
    expect(typed(wt.id)).toBe('');
    await b.lich(['close', '--worktree', 'remove', '--force', wt.id]);
  });

  it('refuses more than one text argument with its usage line', async () => {
    refused(
      await b.lich(['insert', '--session', rec.label, 'a', 'b']),
      'usage: lich insert [--project <name-or-path>] [--session <session>] [--timeout <seconds>] [--json] [<text> | -]',
    );
  });
});

describe('lich focus', () => {
  it("records the card, says honestly that there is no window and no page open, and gives the card's one-time link", async () => {
    const r = await b.lich(['focus', 'auth-fix']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Focused "auth-fix" (alpha). This lich has no window, and no browser has its page open.');
    expect(lines[1]).toMatch(new RegExp(`^Its card on the page, a one-time link for a browser on this machine: http://127\\.0\\.0\\.1:${b.port}/web/in\\?code=[0-9a-f]{32}&card=[0-9a-f]+$`));
    expect(lines.slice(2)).toEqual(['']);
  });

  it("keeps the spec's --json keys first and adds the page's link and how many pages switched", async () => {
    const r = await b.lich(['focus', '--json', '--project', 'alpha', w2.name]);
    expect(r.stdout).toMatch(new RegExp(`^\\{"id":"${w2.id}","label":"login-tests","project":"alpha","page":"http://127\\.0\\.0\\.1:${b.port}/web/in\\?code=[0-9a-f]{32}\\\\u0026card=${w2.id}","pages":0\\}\\n$`));
  });

  it('refuses a session that names no live one, listing the ones there are', async () => {
    const r = await b.lich(['focus', 'nobody']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lich: no live session named "nobody"\. Live sessions: "planner" \([^)]+\), .*\.\n$/);
  });
});
