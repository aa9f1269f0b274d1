// issue 22, item 6: with neither HOME nor any XDG_* set, the backend resolved its directories
// under the account's home from the password database while the CLI said `neither
// $XDG_CONFIG_HOME nor $HOME are defined`: a backend nobody could reach. Both now resolve them by
// one rule (core's dirs.ts). Run for real with an empty environment, in a mount namespace whose
// passwd home is a temporary directory bound over it, so the machine's own home is never written.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LICH_JS } from './harness.js';

const passwdHome = userInfo().homedir;
const canRun = process.getuid?.() === 0 && passwdHome.startsWith('/') && passwdHome !== '/' && spawnSync('unshare', ['--version']).status === 0;

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'lich-no-home-e2e-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe.skipIf(!canRun)('lich with an empty environment', () => {
  it('finds the backend it started: both resolve their directories under the account’s home', () => {
    // Every lich below runs under `env -i` with PATH alone; the backend is ended by `lich quit`
    // or, past 20 s, by the shell.
    const script = `
set -u
mount --bind "$HOME_DIR" "$PASSWD_HOME"
lich() { env -i PATH="$PATH" "$NODE" "$LICH" "$@"; }
env -i PATH="$PATH" LICH_LISTEN_PORT=0 "$NODE" "$LICH" --no-window >/dev/null 2>"$HOME_DIR/backend.err" &
backend=$!
n=0
while [ ! -s "$PASSWD_HOME/.config/lich/runtime.json" ] && [ $n -lt 200 ]; do sleep 0.1; n=$((n+1)); done
lich sessions >"$HOME_DIR/sessions.out" 2>"$HOME_DIR/sessions.err"
echo "sessions $?"
[ -e "$PASSWD_HOME/.local/share/lich/lich.db" ] && echo "store there"
lich quit >/dev/null 2>&1 || kill $backend
n=0
while kill -0 $backend 2>/dev/null && [ $n -lt 200 ]; do sleep 0.1; n=$((n+1)); done
kill -9 $backend 2>/dev/null
cat "$HOME_DIR/sessions.err"
`;
    const r = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
      env: { PATH: process.env.PATH, HOME_DIR: home, PASSWD_HOME: passwdHome, NODE: process.execPath, LICH: LICH_JS },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('sessions 0\nstore there\n');
    // Written in the home bound over the account's, and nowhere else.
    expect(existsSync(join(home, '.local', 'share', 'lich', 'lich.db'))).toBe(true);
  }, 60_000);
});
