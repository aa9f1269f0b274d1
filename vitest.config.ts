import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@lich\/core$/, replacement: here('./packages/core/src/index.ts') },
      { find: /^@lich\/core\/(.*)$/, replacement: here('./packages/core/src/$1') },
      { find: /^@lich\/cli\/(.*)$/, replacement: here('./packages/cli/src/$1') },
      { find: /^@lich\/mcp$/, replacement: here('./packages/mcp/src/index.ts') },
      { find: /^@lich\/server$/, replacement: here('./packages/server/src/index.ts') },
      { find: /^@lich\/opencode-plugin$/, replacement: here('./packages/opencode-plugin/src/index.ts') },
      { find: /^@lich\/generated\/(.*)$/, replacement: here('./generated/$1') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
    // A fixture tree of deliberately wrong imports for the dependency rules' own test, not tests;
    // the real-agents tier, which runs real Claude Code, opencode and Codex: `npm run test:agents`;
    // and the fault suite, which kills processes and mounts filesystems: `npm run test:faults`.
    exclude: [...configDefaults.exclude, 'tools/deps/fixtures/**', 'test/agents/**', 'test/faults/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests start real backends and PTYs; two cores do not take many at once.
    maxWorkers: 2,
    pool: 'forks',
  },
});
