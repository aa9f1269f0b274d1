/**
 * Confined sessions (spec/cli.md § lich open, Confinement; § lich doctor, sandbox; docs/sandbox.md).
 */
export { bwrapArgs, confinedCommand, type Bind, type Confinement } from './bwrap.js';
export { buildCaches, planConfinement, PlanError, providerState, toolchains, xdgDirs, type PlanFs, type PlanInput } from './plan.js';
export { proveSandbox, PROVEN, type ProveOptions, type SandboxProof } from './prove.js';
export { confines, DEFAULT_RUNG, readRung, RUNGS, SANDBOX_KEY, SETTINGS_FILE, type Rung, type RungSetting } from './rung.js';
export { BWRAP, bwrapWords, commonGitDir, findOnPath, PROBE_TIMEOUT_MS, Sandbox, type PrepareInput, type Prepared, type SandboxOptions } from './sandbox.js';
