import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:faults`: the fault suite (test/faults/, issue 22). Every fault is injected for
 * real — kill -9 of backends and workers, SIGSTOP, a full and a read-only data directory on a
 * tmpfs it mounts (root, or sudo without a password), an impostor on a dead lich's port — and
 * every case counts its errands and what was left behind. One file at a time, one case at a time:
 * the faults kill processes, and the leftover checks read the whole of /proc. At the end its
 * reporter prints the run's figures and writes them to test/faults/last-run.json.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    reporters: ['default', './test/faults/reporter.ts'],
  },
});
