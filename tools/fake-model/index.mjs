// The fake model server's public API (README.md). Plain ESM with types in index.d.mts, so both
// the vitest tiers (TypeScript) and tools/bench (.mjs) import it as it is, with no build step.
export { gate, maskHeaders, startFakeModel } from './server.mjs';
export { normaliseAction, replyScript, rules, runShell, shellQuote, shellTool, titleAction, toScript, useTool } from './script.mjs';
export { makeTurn, normaliseTask, ticketIn } from './turn.mjs';
export { chunksOf } from './answer.mjs';
