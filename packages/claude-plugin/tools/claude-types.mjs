#!/usr/bin/env node
// Regenerates packages/claude-plugin/types/claude-code/index.d.ts and …/claude-code-tools/index.d.ts:
// the declarations the real Claude Code writes into a plugin it loads with --plugin-dir
// (real-agents.md § 3.6) — its plugin API, and the arguments and results of its built-in tools
// (Agent, TaskStop, Edit, Skill, …) — which the hooks module is type-checked against
// (packages/claude-plugin/tsconfig.json, in `npm run typecheck`).
//
//   node packages/claude-plugin/tools/claude-types.mjs [<claude binary>]
//
// It copies the built plugin (packages/cli/dist/claude/lich: run `npm run build` first) to a
// temporary folder, starts Claude Code's TUI on it in a PTY with an empty offline HOME (the
// declarations are written when the TUI loads the module; `claude -p` writes none), waits for the
// file, and vendors it under a header naming where it came from. The real-agents tier checks the
// vendored copy still matches what the pinned Claude Code writes (test/agents/claude-plugin.test.ts).
// Default binary: the real-agents tier's cache (tools/agents/clients.mjs).

import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const require = createRequire(join(root, 'package.json'));

/** The declaration folders vendored, each holding an `index.d.ts`. */
export const DECLARATIONS = ['claude-code', 'claude-code-tools'];

/** The header lines the vendored copy of `folder` starts with (the claude-plugin test strips them to compare). */
export function vendorHeader(version, folder = 'claude-code') {
  return [
    `// lich: vendored from what Claude Code ${version} writes into a plugin it loads (.claude-plugin/types/${folder}/index.d.ts).`,
    '// lich: regenerate with `node packages/claude-plugin/tools/claude-types.mjs` after `npm run build`; do not edit by hand.',
  ].join('\n');
}

/**
 * Loads the plugin at `plugin` in Claude Code's TUI from a temporary copy and resolves with the
 * text of the `claude-code/index.d.ts` it wrote there, or with every {@link DECLARATIONS} folder's
 * (`{folder: text}`) when `all`.
 */
export async function writtenDeclarations(claude, plugin, timeoutMs = 60_000, all = false) {
  const pty = require('node-pty');
  const work = mkdtempSync(join(tmpdir(), 'lich-claude-types-'));
  try {
    const copy = join(work, 'plugin');
    const home = join(work, 'home');
    const project = join(work, 'project');
    cpSync(plugin, copy, { recursive: true });
    mkdirSync(home);
    mkdirSync(project);
    execFileSync('git', ['init', '-q'], { cwd: project });
    const key = 'sk-lich-types-0123456789abcdefghij';
    writeFileSync(
      join(home, '.claude.json'),
      JSON.stringify({ hasCompletedOnboarding: true, customApiKeyResponses: { approved: [key.slice(-20)], rejected: [] }, projects: { [project]: { hasTrustDialogAccepted: true } } }),
    );
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      TERM: 'xterm-256color',
      // Nothing is asked of a model: the TUI only starts, loads the module and is closed.
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
      ANTHROPIC_API_KEY: key,
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: '1',
    };
    const written = join(copy, '.claude-plugin/types/claude-code/index.d.ts');
    const p = pty.spawn(claude, ['--plugin-dir', copy], { cols: 110, rows: 36, cwd: project, env });
    let screen = '';
    p.onData((d) => (screen += d));
    try {
      const end = Date.now() + timeoutMs;
      // The file appears whole: Claude Code writes it in one go once the module loaded.
      while (!existsSync(written)) {
        if (Date.now() > end) throw new Error(`Claude Code wrote no declarations into the plugin within ${timeoutMs} ms; its screen ended:\n${screen.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 200));
      if (!all) return readFileSync(written, 'utf8');
      return Object.fromEntries(DECLARATIONS.map((f) => [f, readFileSync(join(copy, '.claude-plugin/types', f, 'index.d.ts'), 'utf8')]));
    } finally {
      p.kill('SIGHUP');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { binaryPath } = await import(join(root, 'tools/agents/clients.mjs'));
  const claude = process.argv[2] ?? binaryPath('claude');
  const plugin = join(root, 'packages/cli/dist/claude/lich');
  if (!existsSync(plugin)) {
    process.stderr.write(`claude-types: ${plugin} is missing: run npm run build first\n`);
    process.exit(1);
  }
  const files = await writtenDeclarations(claude, plugin, 60_000, true);
  const version = /^\/\/ Written by Claude Code (\S+)\./.exec(files['claude-code'])?.[1] ?? 'unknown';
  for (const folder of DECLARATIONS) {
    const out = join(root, 'packages/claude-plugin/types', folder, 'index.d.ts');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${vendorHeader(version, folder)}\n${files[folder]}`);
    process.stdout.write(`claude-types: wrote ${out} (Claude Code ${version})\n`);
  }
  process.exit(0);
}
