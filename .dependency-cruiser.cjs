// The dependency rules of the layout (docs/architecture.md § Build and run), checked by dependency-cruiser over every
// import (type-only ones included) in `npm run check`:
//
//   contracts → tools/codegen → generated (a leaf: declarations and data, importing nothing of ours)
//   packages/{cli,mcp,opencode-plugin,omp-extension,claude-plugin} → core → generated
//   packages/server → core (types, wording), generated
//
// No client package imports the server (end-to-end tests under test/ may), and no module imports
// itself back through others. tools/deps/dependency-rules.test.ts runs this file against a fixture
// tree holding one deliberately wrong import per rule, so a rule that stops biting fails there.
//
// Paths are relative to the directory depcruise runs in (the repository root).

/** The packages a user or an agent runs: everything but the backend. */
const CLIENTS = '(core|cli|mcp|opencode-plugin|omp-extension|claude-plugin)';
/** A test, or a helper only tests import (`testing.ts`, `testing/`, the relay's fake host). */
const TEST_CODE = '(\\.test\\.ts|/testing\\.ts|/testing/.+|/fake-[^/]+\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not import itself back through others: break the circle with a leaf module of the shared types (core/src/operation.ts is one).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-client-imports-server',
      severity: 'error',
      comment: 'The backend is reached over the RPC wire, never imported (the layout: no client package imports server); the CLI loads dist/server.mjs by URL for doctor and rage.',
      from: { path: `^(packages/${CLIENTS}|generated)/` },
      to: { path: '^packages/server/' },
    },
    {
      name: 'core-is-the-base',
      severity: 'error',
      comment: 'core imports no other package: every surface builds on it (the layout: packages/{cli,mcp,opencode-plugin} → core, server → core).',
      from: { path: '^packages/core/' },
      to: { path: '^packages/(?!core/)' },
    },
    {
      name: 'core-reads-only-generated-data',
      severity: 'error',
      comment:
        "core reads generated data (types, schemas, outcomes, routes, argv specs, the MCP table), not the CLI's oclif declarations " +
        "(generated/cli/) nor the opencode tool declarations (generated/opencode/), built with libraries core does not depend on.",
      from: { path: '^packages/core/' },
      to: { path: '^generated/(cli|opencode)/' },
    },
    {
      name: 'server-is-not-a-surface',
      severity: 'error',
      comment: "The backend builds on core and generated data only, never on a surface's code or its generated table.",
      from: { path: '^packages/server/' },
      to: { path: '^(packages/(cli|mcp|opencode-plugin|omp-extension|claude-plugin)/|generated/(cli|mcp|opencode)/)' },
    },
    {
      name: 'surfaces-apart',
      severity: 'error',
      comment: 'A surface package does not import another (the parity test of packages/mcp compares them, as tests may).',
      from: { path: '^packages/(cli|mcp|opencode-plugin|omp-extension|claude-plugin)/', pathNot: TEST_CODE },
      to: { path: '^packages/(cli|mcp|opencode-plugin|omp-extension|claude-plugin)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'generated-is-a-leaf',
      severity: 'error',
      comment:
        'generated/ holds declarations and data: it imports its own files and third-party declaration libraries ' +
        "(@oclif/core's builders, opencode's plugin types and zod, the MCP SDK's types), nothing else of this repository. " +
        'The logic that reads it lives in the packages (issue 23).',
      from: { path: '^generated/' },
      to: { pathNot: '^(generated/|node_modules/)', dependencyTypesNot: ['core'], couldNotResolve: false },
    },
    {
      name: 'codegen-is-upstream',
      severity: 'error',
      comment: 'tools/codegen reads contracts/ and writes generated/; it imports neither generated/ nor the packages (its tests may).',
      from: { path: '^tools/codegen/src/', pathNot: TEST_CODE },
      to: { path: '^(generated|packages)/' },
    },
    {
      name: 'contracts-are-read-by-codegen',
      severity: 'error',
      comment: 'The contracts reach the code through generated/; only codegen and tests read contracts/ itself.',
      from: { path: '^(packages|generated)/', pathNot: TEST_CODE },
      to: { path: '^contracts/' },
    },
    {
      name: 'shipped-code-imports-no-test-code',
      severity: 'error',
      comment: 'What ships does not import tests, test helpers, tools or examples.',
      from: { path: '^(packages|generated)/', pathNot: TEST_CODE },
      to: { path: [`^(test|tools|examples)/`, TEST_CODE] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that resolves to nothing is a typo or a missing dependency. Two names resolve at build time only: ' +
        "`claude-code`, the declarations Claude Code writes for a plugin's hooks module (packages/claude-plugin/types, " +
        'a types-only import), and `lich:checks`, the plugin build\'s virtual module of compiled contract checks.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^(claude-code|lich:checks)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // packages/core/.stage-<pid>/ is a core build in progress (packages/core/build.mjs; a test builds
    // core beside this one): its copies of core's files have their imports rewritten for npm.
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)\\.stage-[0-9]+/', '^tools/deps/fixtures/', '^tools/bench/results/'] },
    // Type-only imports count: a circle of types is a circle a reader walks all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.mjs', '.js', '.cjs', '.json', '.d.ts'],
      // The packages' own `exports` maps, read as node and TypeScript read them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
