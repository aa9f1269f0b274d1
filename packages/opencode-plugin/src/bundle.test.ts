/**
 * The plugin as opencode loads it: one bundled ESM file (tools/build.mjs bundles it the same
 * way, `@opencode-ai/plugin` external), imported by path. Placed inside this repository the
 * tool helper resolves from node_modules; copied where no node_modules reaches, it does not,
 * and the module must still load and register nothing (spec/opencode-tools.md § When they are
 * absent).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
// Inside the repository, so `@opencode-ai/plugin` resolves from its node_modules.
const inside = join(root, 'node_modules', '.cache', `lich-opencode-${process.pid}`);
const outside = mkdtempSync(join(tmpdir(), 'lich-opencode-bundle-'));

const aliases: Array<[RegExp, string]> = [
  [/^@lich\/core$/, 'packages/core/src/index.ts'],
  [/^@lich\/core\/(.*)$/, 'packages/core/src/$1.ts'],
  [/^@lich\/generated\/(.*)$/, 'generated/$1.ts'],
];

interface Probe {
  /** The module's export names. */
  exports: string[];
  /** Whether the default export is the named one, and its own `server`. */
  same: boolean;
  /** The tool names the hooks registered, or null when the hooks have no `tool`. */
  tools: string[] | null;
}

const SESSION = {
  LICH_PORT: '47821',
  LICH_TOKEN: '0123456789abcdef0123456789abcdef',
  LICH_SESSION_ID: 'S1',
  LICH_BIN: '/bin/echo',
};

/**
 * Imports the module in a plain node process — as opencode does, and unlike vitest, whose
 * module runner would resolve `@opencode-ai/plugin` from this repository wherever the file is.
 */
function probe(path: string, env: Record<string, string>): Probe {
  const script = `
    const mod = await import(${JSON.stringify(pathToFileURL(path).href)});
    const hooks = await mod.default({});
    console.log(JSON.stringify({
      exports: Object.keys(mod).sort(),
      same: mod.default === mod.LichPlugin && mod.default.server === mod.default,
      tools: hooks.tool ? Object.keys(hooks.tool) : null,
    }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return JSON.parse(out) as Probe;
}

describe('the bundled plugin module', () => {
  beforeAll(async () => {
    mkdirSync(inside, { recursive: true });
    await esbuild.build({
      entryPoints: [join(root, 'packages/opencode-plugin/src/index.ts')],
      outfile: join(inside, 'lich.mjs'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'silent',
      external: ['@opencode-ai/plugin'],
      plugins: [
        {
          name: 'lich-aliases',
          setup(build) {
            build.onResolve({ filter: /^@lich\// }, (args) => {
              for (const [pattern, target] of aliases) {
                const m = pattern.exec(args.path);
                if (m) return { path: join(root, target.replace('$1', m[1] ?? '')) };
              }
              return undefined;
            });
          },
        },
      ],
    });
    copyFileSync(join(inside, 'lich.mjs'), join(outside, 'lich.mjs'));
  });

  afterAll(() => {
    rmSync(inside, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('exports one plugin function, as default and by name', () => {
    const p = probe(join(inside, 'lich.mjs'), {});
    expect(p.exports).toEqual(['LichPlugin', 'default']);
    expect(p.same).toBe(true);
    expect(p.tools).toBeNull();
  });

  it('registers the tools where opencode’s plugin package resolves', () => {
    expect(probe(join(inside, 'lich.mjs'), SESSION).tools).toEqual([
      'list_sessions',
      'send_to_session',
      'wait_for_answer',
      'open_session',
      'close_session',
      'rename_session',
      'list_worktrees',
      'reply_to_session',
      'list_folders',
      'file_session',
      'rename_folder',
      'color_folder',
      'control_session',
      'ask_session',
    ]);
  });

  it('loads and registers nothing, without throwing, where the plugin package does not resolve', () => {
    expect(probe(join(outside, 'lich.mjs'), SESSION).tools).toBeNull();
  });
});
