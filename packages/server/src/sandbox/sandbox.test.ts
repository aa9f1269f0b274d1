/**
 * The sandbox on the real bubblewrap (docs/sandbox.md): a confined child writes in its checkout
 * and nowhere else, never sees the real home, keeps its private home; and every way confinement
 * can fail — bubblewrap missing, the kernel refusing it, a probe that hangs — is one line naming
 * the cause and the setting, leaving nothing behind. Where a failing or lying bubblewrap is
 * needed, a small script stands in for it on PATH: the seam is the binary, not this code.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonical } from '../spawn/worktrees.js';
import { proveSandbox, PROVEN } from './prove.js';
import { commonGitDir, Sandbox } from './sandbox.js';

let root: string;
let home: string;
let checkout: string;
let fakes: string;
let sandbox: Sandbox;
const setting = () => ({ rung: 'everywhere' as const, file: join(root, 'config', 'settings.json') });
const env = (path = '/usr/bin:/bin') => ({ HOME: home, PATH: path });

beforeEach(() => {
  root = canonical(mkdtempSync(join(tmpdir(), 'lich-sandbox-')));
  home = join(root, 'home');
  checkout = join(root, 'work', 'proj');
  fakes = join(root, 'fakes');
  for (const d of [home, checkout, fakes, join(root, 'config'), join(root, 'data')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(home, 'secret.txt'), 'the real home\n');
  sandbox = new Sandbox({ configDir: join(root, 'config'), dataDir: join(root, 'data') });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A stand-in `bwrap` on its own PATH directory running `body`. */
function fakeBwrap(body: string): string {
  writeFileSync(join(fakes, 'bwrap'), `#!/bin/sh\n${body}\n`);
  chmodSync(join(fakes, 'bwrap'), 0o755);
  return `${fakes}:/usr/bin:/bin`;
}

function sh(command: { file: string; args: string[] }, e: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((done) =>
    execFile(command.file, command.args, { env: e }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, out: String(stdout) + String(stderr) }),
    ),
  );
}

const input = (o: Partial<Parameters<Sandbox['prepare']>[0]> = {}) => ({
  sessionId: 's1',
  label: 'auth-fix',
  setting: setting(),
  checkout,
  env: env(),
  kind: 'example',
  runs: [],
  reads: [],
  ...o,
});

describe('Sandbox.prepare and wrap, on the real bubblewrap', () => {
  it('writes in the checkout, refuses a write outside it, hides the real home and keeps what it writes at home in its private home', async () => {
    const p = await sandbox.prepare(input());
    expect(p.home).toBe(join(root, 'data', 'sandbox', 'homes', 's1'));
    // Outside /tmp the machine is read-only; inside it, /tmp is private and vanishes with the child.
    // /var/tmp is writable by anyone on the machine and on the root filesystem, never under /tmp,
    // wherever this checkout is (a clone under /tmp would make the cwd a private-/tmp path).
    const onMachine = `/var/tmp/.lich-sandbox-escape-${process.pid}`;
    const script = [
      'pwd',
      'echo made > inside.txt && echo inside ok',
      `cat "$HOME/secret.txt" 2>/dev/null || echo home hidden`,
      `(echo x > ${onMachine}) 2>&1 | grep -o 'Read-only file system'`,
      `echo x > ${join(root, 'work', 'outside.txt')} && echo private tmp`,
      'echo kept > "$HOME/note.txt" && echo home writable',
    ].join('; ');
    const r = await sh(sandbox.wrap(p, { file: '/bin/sh', args: ['-c', script] }), env());
    const escaped = existsSync(onMachine);
    rmSync(onMachine, { force: true });
    expect(r).toEqual({ code: 0, out: `${checkout}\ninside ok\nhome hidden\nRead-only file system\nprivate tmp\nhome writable\n` });
    expect(readFileSync(join(checkout, 'inside.txt'), 'utf8')).toBe('made\n');
    expect(escaped).toBe(false);
    expect(existsSync(join(root, 'work', 'outside.txt'))).toBe(false);
    expect(readFileSync(join(p.home, 'note.txt'), 'utf8')).toBe('kept\n');
    expect(existsSync(join(home, 'note.txt'))).toBe(false);
  });

  it("shows its lich's /proc entry at LICH_PROC while that lich lives, and not once it has exited", async () => {
    // A stand-in for the backend: a process the confinement's own pid namespace does not show.
    const lich = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const e = { ...env(), LICH_PID: String(lich.pid) };
      const p = await sandbox.prepare(input({ env: e }));
      const wrapped = sandbox.wrap(p, { file: '/bin/sh', args: ['-c', 'cut -d" " -f1 "$LICH_PROC/stat"; kill -0 "$LICH_PID" 2>/dev/null || echo "no $LICH_PID here"; read go; cat "$LICH_PROC/stat" 2>/dev/null || echo gone'] });
      const child = spawn(wrapped.file, wrapped.args, { env: e, stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      const firstLines = new Promise<void>((ready) =>
        child.stdout.on('data', (d: Buffer) => {
          out += String(d);
          if (out.split('\n').length > 2) ready();
        }),
      );
      const exited = new Promise((done) => child.once('exit', done));
      await firstLines;
      lich.kill('SIGKILL');
      await new Promise((done) => lich.once('exit', done));
      child.stdin.end('go\n');
      await exited;
      expect(out).toBe(`${lich.pid}\nno ${lich.pid} here\ngone\n`);
    } finally {
      lich.kill('SIGKILL');
    }
  });

  it("keeps a session's private home across prepares, so a resume finds it, and forgets it with the row", async () => {
    const first = await sandbox.prepare(input());
    writeFileSync(join(first.home, 'state'), '1');
    const again = await sandbox.prepare(input());
    expect(again.madeHome).toBe(false);
    sandbox.discard(again);
    expect(readFileSync(join(first.home, 'state'), 'utf8')).toBe('1');
    sandbox.forget(['s1']);
    expect(existsSync(first.home)).toBe(false);
  });

  it("binds the provider's own state from the real home, making it when missing", async () => {
    const p = await sandbox.prepare(input({ kind: 'codex' }));
    const r = await sh(sandbox.wrap(p, { file: '/bin/sh', args: ['-c', 'echo token > "$HOME/.codex/auth.json" && ls -A "$HOME"'] }), env());
    expect(r).toEqual({ code: 0, out: '.codex\n' });
    expect(readFileSync(join(home, '.codex', 'auth.json'), 'utf8')).toBe('token\n');
  });

  it('fails naming the setting when bubblewrap is not on PATH, making nothing', async () => {
    await expect(sandbox.prepare(input({ env: env(fakes) }))).rejects.toThrow(
      `"auth-fix" should run confined (sandbox setting "everywhere" in ${join(root, 'config', 'settings.json')}), and bubblewrap is not installed: install it (Debian: apt install bubblewrap) or turn the setting off`,
    );
    expect(existsSync(join(root, 'data', 'sandbox'))).toBe(false);
  });

  it("fails in bubblewrap's own words when the kernel refuses its namespaces, and takes the private home back", async () => {
    const path = fakeBwrap(`echo 'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2; exit 1`);
    await expect(sandbox.prepare(input({ env: env(path) }))).rejects.toThrow(
      `"auth-fix" should run confined (sandbox setting "everywhere" in ${join(root, 'config', 'settings.json')}), and bubblewrap cannot confine it here (No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.): allow unprivileged user namespaces (an AppArmor policy may deny them) or turn the setting off`,
    );
    expect(existsSync(sandbox.homeOf('s1'))).toBe(false);
  });

  it('gives up on a probe that outlasts its bound, killing it', async () => {
    const path = fakeBwrap('exec sleep 30');
    const s = new Sandbox({ configDir: join(root, 'config'), dataDir: join(root, 'data'), probeTimeoutMs: 300 });
    await expect(s.prepare(input({ env: env(path) }))).rejects.toThrow(
      /, and bubblewrap did not set the confinement up within 0\.3 s: the kernel may be blocking it — turn the setting off if it keeps failing$/,
    );
  });

  it('refuses a checkout that holds the home, naming the setting', async () => {
    await expect(sandbox.prepare(input({ checkout: root }))).rejects.toThrow(
      `"auth-fix" should run confined (sandbox setting "everywhere" in ${join(root, 'config', 'settings.json')}), and its directory ${root} holds the home directory, which the confinement hides: open the project in a directory below it, or turn the setting off`,
    );
  });
});

describe('commonGitDir', () => {
  it("is a linked worktree's common git directory, and empty for a repository's own checkout or no repository", async () => {
    const git = (cwd: string, ...args: string[]) => {
      const r = spawnSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });
      if (r.status !== 0) throw new Error(String(r.stderr));
    };
    git(checkout, 'init', '-q', '-b', 'main');
    git(checkout, 'commit', '-q', '--allow-empty', '-m', 'one');
    const linked = join(root, 'wt');
    git(checkout, 'worktree', 'add', '-q', '-b', 'wt', linked);
    expect(await commonGitDir(linked, process.env)).toBe(join(checkout, '.git'));
    expect(await commonGitDir(checkout, process.env)).toBe('');
    expect(await commonGitDir(home, process.env)).toBe('');
  });
});

describe('proveSandbox', () => {
  it('proves both halves on the real bubblewrap and leaves nothing planted', async () => {
    const proof = await proveSandbox({ checkout, home, env: env() });
    expect(proof).toMatchObject({ ok: true, detail: PROVEN });
    expect(proof.ms).toBeGreaterThan(0);
    expect(spawnSync('ls', ['-A', checkout]).stdout.toString()).toBe('');
    expect(spawnSync('ls', ['-A', home]).stdout.toString()).toBe('secret.txt\n');
  });

  it('catches a bubblewrap that starts but confines nothing: the real home comes back', async () => {
    const path = fakeBwrap('while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done; shift; exec "$@"');
    expect(await proveSandbox({ checkout, home, env: env(path) })).toMatchObject({
      ok: false,
      detail: 'bubblewrap starts, but a file in the real home comes back through it, so a session marked confined would run on the machine',
    });
  });

  it('catches a confinement that hides the checkout too', async () => {
    const path = fakeBwrap('while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do shift; done; shift; exec /usr/bin/bwrap --ro-bind / / --tmpfs /tmp "$@"');
    expect(await proveSandbox({ checkout, home, env: env(path) })).toMatchObject({
      ok: false,
      detail: 'bubblewrap starts, but a file in the checkout does not come back through it, so a confined session could not work there',
    });
  });

  it("reports the kernel's refusal and a missing bubblewrap", async () => {
    expect(await proveSandbox({ checkout, home, env: env(fakes) })).toEqual({ ok: false, ms: 0, detail: 'bubblewrap is not installed: install it (Debian: apt install bubblewrap)' });
    const path = fakeBwrap(`echo 'bwrap: setting up uid map: Permission denied' >&2; exit 1`);
    expect(await proveSandbox({ checkout, home, env: env(path) })).toMatchObject({ ok: false, detail: 'bubblewrap cannot confine a session here: setting up uid map: Permission denied' });
  });

  it('kills a child that outlasts its bound', async () => {
    const path = fakeBwrap('exec sleep 30');
    expect(await proveSandbox({ checkout, home, env: env(path), timeoutMs: 300 })).toMatchObject({
      ok: false,
      detail: 'bubblewrap did not finish within 0.3 s and was killed: the kernel may be blocking it',
    });
  });
});
