// The pack-and-install check (check.mjs) fails for each reason it exists, shown on the real
// packages made broken in a temp folder: @lich/core built and packed as its tarball is, then with
// an export that lost its type, a declaration file or a module it imports left out of `files`;
// and the built CLI laid out as `npm install -g` lays it out, then without its command table. Each
// broken variant meets the same functions the check runs (lib.mjs, backend.mjs) and the test reads
// the line the check would print; the intact variant passes them, so none of these can pass by
// failing always. (.ci/run runs the whole check on the intact tarballs; `--break` runs it broken.)
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore } from '../../packages/core/build.mjs';
import { answerSend, lichEnv, startBackend, stopBackend, writeAgent, type Backend } from './backend.mjs';
import {
  CheckFailed,
  breakPackage,
  coreSourceSurface,
  exportSurface,
  importProblems,
  manifestProblems,
  npmEnvironment,
  packPackage,
  root,
  surfaceProblems,
  unpack,
  type Surface,
} from './lib.mjs';

const work = mkdtempSync(join(tmpdir(), 'lich-pack-break-'));
// The unpacked packages resolve ajv and @types/node as an installed package would, from a
// node_modules above them (here, the workspace's: the imports are not what these tests are about).
symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const npmEnv = npmEnvironment();
const entries = { '.': 'dist/index.d.ts', './mod': 'dist/mod/index.d.ts', './contract': 'dist/contract.d.ts' };
const options = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
  types: ['node'],
};

/** @lich/core's surface as a consumer's TypeScript reads the unpacked package at `dir`. */
function installedSurface(dir: string) {
  return exportSurface({ files: Object.fromEntries(Object.entries(entries).map(([e, f]) => [e, join(dir, f)])), options, ts });
}

describe("the pack check on @lich/core's tarball", () => {
  const coreSrc = join(work, 'core-src');
  let source: Surface;

  /** Packs core-src with `files` as given (the manifest's own when undefined) and unpacks it under `name`. */
  async function pack(name: string, files?: string[]) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8'));
    delete manifest.scripts; // built already, in beforeAll
    if (files) manifest.files = files;
    writeFileSync(join(coreSrc, 'package.json'), JSON.stringify(manifest, null, 2));
    const dest = join(work, 'tarballs', name);
    mkdirSync(dest, { recursive: true });
    const packed = await packPackage(coreSrc, dest, npmEnv);
    return { packed, dir: await unpack(packed.file, join(work, name)) };
  }

  beforeAll(() => {
    buildCore({ outDir: join(coreSrc, 'dist'), quiet: true });
    const s = coreSourceSurface(ts);
    expect(s.errors).toEqual([]);
    source = s.surface;
  }, 120_000);

  it('passes the intact package: every import packed, every export with its type', async () => {
    const { dir } = await pack('intact');
    expect(manifestProblems(dir)).toEqual([]);
    expect((await importProblems(dir)).problems).toEqual([]);
    const installed = installedSurface(dir);
    expect(installed.errors).toEqual([]);
    expect(surfaceProblems(source, installed.surface)).toEqual([]);
  }, 60_000);

  it('fails when a public export loses its type (runLich declared any), naming the export', async () => {
    const { dir } = await pack('type');
    breakPackage('type', dir);
    // `any` is assignable to everything: a consumer still compiles. The surface check does not pass it.
    const installed = installedSurface(dir);
    expect(installed.errors).toEqual([]);
    expect(surfaceProblems(source, installed.surface)).toEqual(['@lich/core exports runLich without its type (any)']);
  }, 60_000);

  it('fails when `files` leaves out a declaration file, naming what TypeScript cannot find and every export it typed', async () => {
    const { packed, dir } = await pack('dts', ['dist/', '!dist/runner.d.ts']);
    expect(packed.files.map((f) => f.path)).not.toContain('dist/runner.d.ts');
    const installed = installedSurface(dir);
    expect(installed.errors.join('\n')).toMatch(/Could not find a declaration file for module '\.\/runner\.js'|Cannot find module '\.\/runner\.js'/);
    const problems = surfaceProblems(source, installed.surface);
    expect(problems).toContain('@lich/core exports runLich without its type (any)');
  }, 60_000);

  it('fails when `files` leaves out a module the package imports, naming each file that imports it', async () => {
    const { packed, dir } = await pack('file', ['dist/', '!dist/generated/contracts.js']);
    expect(packed.files.map((f) => f.path)).not.toContain('dist/generated/contracts.js');
    const { problems } = await importProblems(dir);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p).toMatch(/^@lich\/core: dist\/[\w/-]+\.js: Could not resolve "(\.\/|(\.\.\/)+)generated\/contracts\.js"$/);
    expect(problems).toContain('@lich/core: dist/operations.js: Could not resolve "./generated/contracts.js"');
  }, 60_000);
});

describe('the pack check on the global lich', () => {
  /**
   * The built CLI laid out as `npm install -g --prefix` lays it out (the package under
   * lib/node_modules/@lich/cli), its dependencies found through a node_modules beside it.
   */
  function install(name: string) {
    const prefix = join(work, name);
    const pkg = join(prefix, 'lib/node_modules/@lich/cli');
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(root, 'packages/cli', part), join(pkg, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
    return { pkg, bin: join(pkg, 'bin/lich.js'), home: join(prefix, 'home'), project: join(prefix, 'project'), agentDir: join(prefix, 'agent') };
  }

  async function withBackend<T>(lich: ReturnType<typeof install>, body: (b: Backend) => Promise<T>): Promise<T> {
    const env = lichEnv(lich.bin, lich.home);
    await writeAgent(env, { agentDir: lich.agentDir, project: lich.project });
    const backend = await startBackend(lich.bin, env);
    try {
      return await body(backend);
    } finally {
      await stopBackend(backend);
    }
  }

  it('passes an intact lich: it opens a session and answers the send', async () => {
    const lich = install('intact-cli');
    const sent = await withBackend(lich, (b) => answerSend(b, { project: lich.project }));
    expect(sent).toMatchObject({ exit: 0, stdout: 'pong: ping' });
  }, 120_000);

  it('fails, saying why, when the global lich cannot answer a send (it ships without its command table)', async () => {
    const lich = install('broken-cli');
    breakPackage('send', lich.pkg);
    const failed = await withBackend(lich, (b) => answerSend(b, { project: lich.project }).then(
      () => null,
      (error: unknown) => error,
    ));
    expect(failed).toBeInstanceOf(CheckFailed);
    expect((failed as Error).message).toMatch(
      /^the global lich could not answer a send: lich open --kind pong exited 1: lich: this lich's build is incomplete \(ENOENT[^)]*dist\/chunks\/commands-[0-9a-f]+\.cjs'\): run npm run build in a checkout, or reinstall @lich\/cli$/,
    );
  }, 120_000);
});
