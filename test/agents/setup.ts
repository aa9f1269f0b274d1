/**
 * Setup of the real-agents tier (vitest.agents.config.ts): every PTY the in-process backend
 * starts is also handed to screens.ts, which renders what it writes (and records what is typed at it). node-pty itself runs
 * unchanged — the spawn, the process, every byte both ways are the real ones; the wrapper only
 * observes.
 */
import { vi } from 'vitest';

vi.mock('node-pty', async (importOriginal) => {
  const real = await importOriginal<typeof import('node-pty')>();
  const { tap } = await import('./screens.js');
  const spawn: typeof real.spawn = (file, args, opts) => {
    const p = real.spawn(file, args, opts);
    tap(p, file, args, opts as never);
    return p;
  };
  return { ...real, spawn, default: { ...(real as unknown as { default?: object }).default, spawn } };
});
