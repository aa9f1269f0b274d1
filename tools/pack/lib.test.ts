// The static checks of the pack-and-install check (lib.mjs), each shown failing on a package made
// wrong on purpose: a manifest naming a file the tarball lacks, an import of a file left out, a
// dependency nobody installed, an export that lost its type, a symlink back into the repository.
// The whole check (check.mjs) runs in .ci/run; `--break` shows it failing end to end.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { rewriteImports } from '../../packages/core/build.mjs';
import { exportSurface, importProblems, manifestProblems, npmJson, repoLeaks, surfaceProblems } from './lib.mjs';

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A folder holding `files` (path → text). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lich-pack-test-'));
  temps.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const manifest = (m: object) => JSON.stringify({ name: '@x/pkg', version: '1.0.0', type: 'module', ...m });

describe('manifestProblems', () => {
  it('names every export, main, types and bin target the tarball does not hold', () => {
    const dir = tree({
      'package.json': manifest({
        main: './dist/index.js',
        types: './dist/index.d.ts',
        bin: { x: 'bin/x.js' },
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './mod': './dist/mod.js' },
      }),
      'dist/index.js': '',
      'dist/index.d.ts': '',
    });
    expect(manifestProblems(dir)).toEqual([
      '@x/pkg: bin.x names bin/x.js, which the tarball does not hold',
      '@x/pkg: exports["./mod"] names ./dist/mod.js, which the tarball does not hold',
    ]);
  });

  it('refuses a package marked private', () => {
    const dir = tree({ 'package.json': manifest({ private: true }) });
    expect(manifestProblems(dir)).toEqual(['@x/pkg: package.json says "private": true']);
  });
});

describe('importProblems', () => {
  it('passes a package whose every relative import is packed', async () => {
    const dir = tree({
      'package.json': manifest({}),
      'dist/index.js': "import { a } from './a.js'; import('./lazy.js'); import fs from 'node:fs'; export { a, fs };",
      'dist/a.js': 'export const a = 1;',
      'dist/lazy.js': 'export {};',
    });
    const r = await importProblems(dir);
    expect(r.problems).toEqual([]);
    expect(r.files).toBe(3);
  });

  it('names a relative import of a file the tarball left out, static or dynamic', async () => {
    const dir = tree({
      'package.json': manifest({}),
      'dist/index.js': "import { a } from './a.js'; export const b = () => import('./gone.js'); export { a };",
      'dist/a.js': "export const a = 1; export * from './generated/routes.js';",
    });
    const { problems } = await importProblems(dir);
    expect(problems.join('\n')).toMatch(/dist\/a\.js: Could not resolve "\.\/generated\/routes\.js"/);
    expect(problems.join('\n')).toMatch(/dist\/index\.js: Could not resolve "\.\/gone\.js"/);
  });

  it('reads the requires inside the CommonJS wrapper the CLI bundles run in', async () => {
    const dir = tree({
      'package.json': manifest({}),
      'dist/lich.cjs': '//lich:0123abcd\n(function (exports, require, module, __filename, __dirname) {\nrequire("./chunk.cjs");\n})',
    });
    const { problems } = await importProblems(dir);
    expect(problems.join('\n')).toMatch(/dist\/lich\.cjs: Could not resolve "\.\/chunk\.cjs"/);
  });

  it('once installed, names a dependency no node_modules above the file holds, but not an optional one', async () => {
    const dir = tree({
      'package.json': manifest({ dependencies: { present: '1.0.0' } }),
      'dist/index.js': "import 'present'; import 'absent/sub.js'; try { require('bufferutil'); } catch {}",
      'node_modules/present/package.json': '{"name":"present"}',
    });
    const { problems } = await importProblems(dir, { installed: true });
    expect(problems).toEqual(['@x/pkg: dist/index.js imports absent/sub.js, and no node_modules above it holds absent']);
  });
});

describe('the export surface', () => {
  const options = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, types: [] };

  it('finds an export whose declaration lost its type, one missing, and one turned from a value into a type', () => {
    const source = tree({
      'package.json': manifest({}),
      'index.ts': 'export function runLich(bin: string): Promise<number> { return Promise.resolve(bin.length); }\nexport const VERSION = "1";\nexport interface Peer { id: string }\nexport type Mode = "a" | "b";\nexport const gone = 1;\nexport const dropped = 2;',
    });
    const installed = tree({
      'package.json': manifest({}),
      'index.d.ts': 'export declare const runLich: any;\nexport declare const VERSION: string;\nexport interface Peer { id: string }\nexport type Mode = any;\nexport type gone = number;',
    });
    const want = exportSurface({ files: { '.': join(source, 'index.ts') }, options, ts });
    const got = exportSurface({ files: { '.': join(installed, 'index.d.ts') }, options, ts });
    expect(want.errors).toEqual([]);
    expect(surfaceProblems(want.surface, got.surface, '@x/pkg')).toEqual([
      '@x/pkg exports runLich without its type (any)',
      '@x/pkg exports Mode without its type (any)',
      '@x/pkg exports gone as a type; the sources export it as a value',
      '@x/pkg does not export dropped',
    ]);
  });

  it('reads an export re-exported from a declaration the tarball left out as one without its type, and reports the missing file', () => {
    const installed = tree({
      'package.json': manifest({}),
      'index.d.ts': "export { runLich } from './runner.js';\nexport type { Peer } from './generated/types.js';",
    });
    const source = { '.': { runLich: { value: true, type: false, any: false }, Peer: { value: false, type: true, any: false } } };
    const got = exportSurface({ files: { '.': join(installed, 'index.d.ts') }, options, ts });
    expect(got.errors.join('\n')).toMatch(/Cannot find module '\.\/runner\.js'/);
    expect(surfaceProblems(source, got.surface, '@x/pkg')).toEqual(['@x/pkg exports runLich without its type (any)', '@x/pkg exports Peer without its type (any)']);
  });
});

describe('repoLeaks', () => {
  it('names a symlink into the repository and a file that spells its path', () => {
    const repo = tree({ 'packages/core/src/index.ts': '' });
    const installed = tree({ 'lib/own/dist/server.mjs': `const here = "${repo}/packages/core/src";`, 'lib/other/readme.md': repo });
    symlinkSync(join(repo, 'packages/core'), join(installed, 'lib/core'));
    expect(repoLeaks(installed, repo, [join(installed, 'lib/own')])).toEqual([
      `${join(installed, 'lib/core')} links into the repository (${join(repo, 'packages/core')})`,
      `${join(installed, 'lib/own/dist/server.mjs')} spells the repository's path ${repo}`,
    ]);
  });
});

describe('npmJson', () => {
  it('reads the JSON npm prints after what a prepack script printed', () => {
    expect(npmJson('build: done in 10 ms\n> x\n[\n  {"name": "@lich/core"}\n]\n')).toEqual([{ name: '@lich/core' }]);
  });
});

describe("core's build: the specifiers a NodeNext resolver follows", () => {
  it('turns the workspace aliases into relative paths inside dist/, and gives generated/ its extensions', () => {
    expect(rewriteImports("import type { Peer } from '@lich/generated/types';", 'rpc.ts')).toBe("import type { Peer } from './generated/types.js';");
    expect(rewriteImports("import { hookSchemas } from '@lich/generated/contracts';", 'mod/validate.ts')).toBe(
      "import { hookSchemas } from '../generated/contracts.js';",
    );
    expect(rewriteImports("import { count } from '@lich/core/contract-runtime';\nimport type { X } from './types';", 'generated/contracts.ts')).toBe(
      "import { count } from '../contract-runtime.js';\nimport type { X } from './types.js';",
    );
    expect(rewriteImports("export type * from '@lich/generated/types';", 'contract.ts')).toBe("export type * from './generated/types.js';");
    expect(rewriteImports("const { Ajv2020 } = await import('ajv/dist/2020.js');", 'mod/validate.ts')).toBe("const { Ajv2020 } = await import('ajv/dist/2020.js');");
  });

  it('refuses an import of another workspace package', () => {
    expect(() => rewriteImports("import { x } from '@lich/server';", 'index.ts')).toThrow(/@lich\/server is another workspace package/);
  });
});
