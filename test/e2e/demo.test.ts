// `npm run demo` is the main job: this runs examples/demo.mjs as CI would, and checks that it
// ends well — three answers printed, lich quit, nothing left behind (the demo itself checks the
// backend and session pids and fails if any survives).

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, baseEnv } from './harness.js';

describe('the demo', () => {
  it('fans three tasks out from one session, collects the three answers, and cleans up', async () => {
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, [join(ROOT, 'examples/demo.mjs')], { env: baseEnv(), timeout: 170_000 }, (err, stdout, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
      );
    });
    expect(r.stderr, r.stdout).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('==> The three answers');
    expect(r.stdout).toMatch(/│ 4 commits on main\n/);
    expect(r.stdout).toMatch(/│ 2\tAda\n/);
    expect(r.stdout).toMatch(/│ last: Use the helper \(Linus\)\n/);
    expect(r.stdout).toContain('==> Quitting lich: lich quit\n    lich has quit.\n');
    expect(r.stdout).toContain('==> Done:');
  }, 180_000);
});
