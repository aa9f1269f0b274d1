import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:agents`: the real-agents tier (test/agents/). Real Claude Code, opencode and
 * Codex — installed into a cache outside the workspace (tools/agents/clients.mjs) — run as
 * sessions of the real backend in real PTYs, offline against the fake model (tools/fake-model).
 * Not part of `npm test`: it needs the clients, and minutes.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['test/agents/**/*.test.ts'],
    globalSetup: ['test/agents/global-setup.ts'],
    setupFiles: ['test/agents/setup.ts'],
    // A real client takes 2–25 s to start on a loaded 2-core machine (opencode the longest), and
    // each test opens sessions of one: generous caps, and one file at a time so the agents of one
    // file do not starve another's.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
