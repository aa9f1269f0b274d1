// The client side of `lich send`, measured (issue 15): the repository's source files the CLI
// process runs code in, from argv to the relay and back, for an answered send against the
// headless backend. A file that joins or leaves the path fails here until
// docs/how-a-command-flows.md (its hops and counts) and this list say so.
import { describe, expect, it } from 'vitest';
import { isRepoSource, report, traceSend } from './send-path.mjs';

/** The CLI process's files on `lich send` (docs/how-a-command-flows.md § The CLI entry, § Core, out, § Back). */
const CLIENT_PATH = [
  'packages/cli/bin/lich.js',
  'packages/cli/src/main.ts',
  'packages/cli/src/lich-command.ts',
  'packages/cli/src/input.ts',
  'packages/cli/src/go-flags.ts',
  'packages/cli/src/exit.ts',
  'generated/cli/commands.ts',
  'packages/core/src/contract-tables.ts',
  'packages/core/src/operations.ts',
  'packages/core/src/errands.ts',
  'packages/core/src/rpc.ts',
];

describe('lich send, measured in the CLI process', () => {
  it('runs code in exactly the eleven client-side files of docs/how-a-command-flows.md for an answered send', async () => {
    const traced = await traceSend({ prompt: 'echo traced' });
    expect(traced.send).toEqual({ code: 0, stdout: 'traced\n', stderr: '' });

    const measured = [...traced.files.keys()].filter(isRepoSource);
    const joined = measured.filter((f) => !CLIENT_PATH.includes(f));
    const left = CLIENT_PATH.filter((f) => !measured.includes(f));
    const why = [
      ...joined.map((f) => `${f} joined the path (ran: ${traced.files.get(f)?.join(', ')})`),
      ...left.map((f) => `${f} left the path`),
    ];
    expect(
      why,
      `lich send's client side changed: ${why.join('; ')}.\n` +
        'Update docs/how-a-command-flows.md (the hops, the files, the counts) and CLIENT_PATH in tools/trace/send-path.test.ts together.\n' +
        report(traced),
    ).toEqual([]);
  });
});
