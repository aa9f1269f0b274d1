// The settings file moved to packages/server/src/settings.ts, where the sandbox rung reads it too.
export * from '../settings.js';
