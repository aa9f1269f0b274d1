// The README's "Point the CLI at it" block, run as written (issue 22): every line from a shell
// outside any session, in a git repository, `npx lich` being the built CLI, with the example
// agent registered as the README's "Add a provider" registers it. Its `npx lich worktrees`
// failed with `no project was named …`: outside a session a workspace command has no project of
// its own to default to (spec/cli.md § lich open, --project), so the example names it.
//
// A line holding a placeholder (`<ticket>`) runs with the value the lines before it printed, and
// is left out when they printed none (the send answered at once, so there is no ticket to wait on).

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend, baseEnv, exampleProvider, LICH_JS, makeRepo, ROOT } from './harness.js';

let b: Backend;
let repo: string;
let bin: string;

beforeAll(async () => {
  b = await Backend.start({ providers: ({ log }) => ({ example: exampleProvider(log) }) });
  repo = makeRepo(b.home, 'readme-repo', 3);
  // `npx lich …` as a user who installed it: the built CLI.
  bin = join(b.home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = lich ] && shift\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(LICH_JS)} "$@"\n`);
  chmodSync(join(bin, 'npx'), 0o755);
});

afterAll(async () => {
  await b?.close();
});

/** The shell block under `heading`'s first paragraph that mentions `lead`. */
function block(lead: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(lead);
  expect(at, `README.md has "${lead}"`).toBeGreaterThan(-1);
  const body = /```sh\n([\s\S]*?)```/.exec(readme.slice(at))![1]!;
  return body.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}

/** One line in `sh`, in the repository, outside any session: no LICH_* in its environment. */
function sh(line: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...baseEnv(), PATH: `${bin}:${process.env.PATH ?? ''}`, XDG_CONFIG_HOME: b.configHome, HOME: b.home };
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', line], { cwd: repo, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('README § Point the CLI at it', () => {
  it('runs line by line from a shell outside lich, each line done or handing back a ticket', async () => {
    const values: Record<string, string> = {};
    const ran: string[] = [];
    for (const template of block('With the example agent registered as a provider')) {
      const missing = [...template.matchAll(/<([a-z-]+)>/g)].map((m) => m[1]!).filter((name) => values[name] === undefined);
      if (missing.length > 0) continue;
      const line = template.replace(/<([a-z-]+)>/g, (_, name: string) => values[name]!);
      const r = await sh(line);
      ran.push(line);
      // 2 is a ticket the README says may come back; anything else is the line failing.
      expect({ line, code: r.code, stderr: r.stderr }).toEqual({ line, code: r.code === 2 ? 2 : 0, stderr: '' });
      const ticket = /lich wait ([0-9a-f]{8})/.exec(r.stdout)?.[1];
      if (ticket) values.ticket = ticket;
    }
    expect(ran.some((line) => line.startsWith('npx lich worktrees'))).toBe(true);
  });
});
