/**
 * `lich doctor`'s sandbox check against a bubblewrap that hangs (spec/cli.md § lich doctor,
 * sandbox: the check is bounded at 2 s): a stand-in `bwrap` on PATH starts a child of its own and
 * never returns, as a kernel that blocks the request would leave it. The check must give up at its
 * bound and leave nothing of what it started running. The seam is the binary, not this code.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proveSandbox } from './prove.js';
import { probe } from './sandbox.js';

let root: string;
let leftover: number | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lich-prove-'));
  for (const d of ['home', 'checkout', 'fakes']) mkdirSync(join(root, d));
});
afterEach(() => {
  // A failing run must not leave its sleep behind for the rest of the suite either.
  if (leftover !== undefined && running(leftover)) process.kill(leftover, 'SIGKILL');
  leftover = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** Whether `pid` is a process that still runs: a zombie waiting for a reaper has stopped. */
function running(pid: number): boolean {
  const stat = join('/proc', String(pid), 'stat');
  if (!existsSync(stat)) return false;
  try {
    // The state follows the command name in parentheses, which may itself hold spaces.
    const text = readFileSync(stat, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(cond: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('proveSandbox against a bubblewrap that hangs', () => {
  it('gives up at its bound and kills what bubblewrap started too, leaving nothing running', async () => {
    const pidFile = join(root, 'child.pid');
    // The child lets go of the pipes, so nothing but the kill can end it before its 30 s.
    writeFileSync(join(root, 'fakes', 'bwrap'), `#!/bin/sh\nsleep 30 </dev/null >/dev/null 2>&1 &\necho $! > ${pidFile}\nwait\n`);
    chmodSync(join(root, 'fakes', 'bwrap'), 0o755);
    const env = { HOME: join(root, 'home'), PATH: `${join(root, 'fakes')}:/usr/bin:/bin` };

    const proof = await proveSandbox({ checkout: join(root, 'checkout'), home: join(root, 'home'), env });
    expect(proof).toMatchObject({ ok: false, detail: 'bubblewrap did not finish within 2 s and was killed: the kernel may be blocking it' });
    leftover = Number(readFileSync(pidFile, 'utf8'));
    expect(leftover).toBeGreaterThan(0);
    await until(() => !running(leftover!), `the stand-in's sleep (pid ${leftover}) to be gone`, 15_000);
  });
});

describe("the open's namespace probe against a bubblewrap that hangs", () => {
  it('fails the open at its bound and kills what bubblewrap started too', async () => {
    const pidFile = join(root, 'child.pid');
    const fake = join(root, 'fakes', 'bwrap');
    writeFileSync(fake, `#!/bin/sh\nsleep 30 </dev/null >/dev/null 2>&1 &\necho $! > ${pidFile}\nwait\n`);
    chmodSync(fake, 0o755);
    const confinement = { chdir: join(root, 'checkout'), tmpfs: ['/tmp'], binds: [], setenv: {} };
    const cause = await probe(fake, confinement, { PATH: '/usr/bin:/bin' }, 500);
    expect(cause).toBe('bubblewrap did not set the confinement up within 0.5 s: the kernel may be blocking it — turn the setting off if it keeps failing');
    leftover = Number(readFileSync(pidFile, 'utf8'));
    await until(() => !running(leftover!), `the stand-in's sleep (pid ${leftover}) to be gone`, 15_000);
  });
});

