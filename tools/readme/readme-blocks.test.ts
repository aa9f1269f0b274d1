// Every ```ts / ```typescript block of every README in the repository, type-checked as a plugin
// author's own project checks it: the compiler options of the packed consumer
// (tools/pack/consumer/tsconfig.json — `strict`, `module`/`moduleResolution` NodeNext, no
// `skipLibCheck`, nothing loosened), in a project of its own outside the workspace whose
// node_modules holds @lich/core as `npm i @lich/core` leaves it: its package.json (`exports` →
// `dist/*.d.ts`) and the dist/ its build writes (packages/core/build.mjs), beside ajv and
// @types/node. No workspace alias, no `paths`: `@lich/core`, `@lich/core/mod` and
// `@lich/core/contract` resolve through `exports` or not at all.
//
// Each block is one module and one test case, named `<README>:<line of its fence>`, failing
// with the compiler's diagnostics at README lines. A block is a whole example — every name it
// uses is imported or defined in it. A block that truly cannot compile is skipped only by a
// `<!-- readme-blocks: skip <why> -->` line right above its fence, and the why is required.
//
// The READMEs are the files git tracks or would track (`git ls-files --cached --others
// --exclude-standard`): node_modules, dist/ and docs/api/ are ignored, so generated copies
// (the plugins' dist/…/README.md) are not read twice. ```sh, ```json and ```js blocks are not
// compiled here.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCore } from '../../packages/core/build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The languages of a fence compiled here. */
const TS_LANGS = new Set(['ts', 'typescript']);
const SKIP = /^\s*<!--\s*readme-blocks:\s*skip\b\s*(.*?)\s*-->\s*$/;

interface Block {
  /** The README, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence; the code starts on the next line. */
  line: number;
  lang: string;
  code: string;
  /** The reason of a `<!-- readme-blocks: skip … -->` marker right above the fence; `''` when it has none. */
  skip?: string;
}

/**
 * The fenced code blocks of a Markdown text (CommonMark fences: three or more backticks or
 * tildes, up to the same indentation stripped from the content, closed by a fence of the same
 * character at least as long; an unclosed fence runs to the end). The info string's first word
 * is the language.
 */
function fencedBlocks(file: string, text: string): Block[] {
  const lines = text.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)?.*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[1]![0] === fence![0] && close[1]!.length >= fence!.length) break;
      body.push(lines[j]!.startsWith(indent!) ? lines[j]!.slice(indent!.length) : lines[j]!.trimStart());
    }
    const marker = i > 0 ? SKIP.exec(lines[i - 1]!) : null;
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), code: body.join('\n') + '\n', ...(marker ? { skip: marker[1]! } : {}) });
    i = j;
  }
  return blocks;
}

/** Every README.md of the repository that is not ignored, relative to its root, sorted. */
function readmes(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((f) => basename(f) === 'README.md')
    .sort();
}

const allReadmes = readmes();
const blocks = allReadmes.flatMap((f) => fencedBlocks(f, readFileSync(join(root, f), 'utf8'))).filter((b) => TS_LANGS.has(b.lang));

/** The compiler options a plugin author's tsconfig has (the packed consumer's), checking only. */
function consumerOptions(dir: string): ts.CompilerOptions {
  const path = join(root, 'tools/pack/consumer/tsconfig.json');
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const { outDir: _outDir, rootDir: _rootDir, ...compilerOptions } = read.config.compilerOptions;
  const parsed = ts.convertCompilerOptionsFromJson({ ...compilerOptions, noEmit: true }, dir);
  if (parsed.errors.length) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost(dir)));
  return parsed.options;
}

function formatHost(dir: string): ts.FormatDiagnosticsHost {
  return { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
}

/** The module a block is written to inside the consumer project. */
function blockPath(dir: string, b: Block): string {
  return join(dir, 'blocks', `${b.file.replace(/[^\w.-]+/g, '_')}-L${b.line}.ts`);
}

let dir = '';
let program: ts.Program;

/** A diagnostic as a README line: `packages/core/README.md:63:20 TS2345 …`. */
function describeDiagnostic(b: Block, d: ts.Diagnostic): string {
  const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  if (!d.file || d.start === undefined) return `${b.file}:${b.line} TS${d.code} ${text}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${b.file}:${b.line + 1 + line}:${character + 1} TS${d.code} ${text}`;
}

describe('README code blocks', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lich-readme-'));
    // What `npm i @lich/core` (and `npm i -D @types/node`) leaves in a project of its own.
    const core = join(dir, 'node_modules/@lich/core');
    mkdirSync(core, { recursive: true });
    copyFileSync(join(root, 'packages/core/package.json'), join(core, 'package.json'));
    buildCore({ outDir: join(core, 'dist'), quiet: true });
    mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
    symlinkSync(join(root, 'node_modules/ajv'), join(dir, 'node_modules/ajv'), 'dir');
    symlinkSync(join(root, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-consumer', private: true, type: 'module' }));
    mkdirSync(join(dir, 'blocks'));
    for (const b of blocks) writeFileSync(blockPath(dir, b), b.code);
    // One program holds every block, each its own module: diagnostics are read file by file.
    program = ts.createProgram({
      rootNames: blocks.filter((b) => b.skip === undefined).map((b) => blockPath(dir, b)),
      options: consumerOptions(dir),
    });
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the READMEs and their TypeScript blocks', () => {
    expect(allReadmes).toContain('README.md');
    expect(allReadmes).toContain('packages/core/README.md');
    expect(allReadmes.filter((f) => f.includes('node_modules/') || f.includes('/dist/'))).toEqual([]);
    expect(blocks.filter((b) => b.file === 'packages/core/README.md').length).toBeGreaterThan(0);
  });

  it('compiles them under options TypeScript accepts', () => {
    const problems = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    expect(ts.formatDiagnostics(problems, formatHost(dir))).toBe('');
  });

  it.each(blocks.map((b) => [`${b.file}:${b.line}`, b] as const))('%s compiles under strict, importing the packages as installed', (_name, b) => {
    if (b.skip !== undefined) {
      expect(b.skip, `${b.file}:${b.line - 1}: a readme-blocks skip marker must say why the block cannot compile`).not.toBe('');
      return;
    }
    const source = program.getSourceFile(blockPath(dir, b));
    expect(source, `${blockPath(dir, b)} is not in the program`).toBeDefined();
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    expect(diagnostics.map((d) => describeDiagnostic(b, d)).join('\n')).toBe('');
  });
});

describe('fencedBlocks', () => {
  it('reads backtick and tilde fences, indented ones, their language and line, and a skip marker', () => {
    const text = [
      '# x', // 1
      '```ts', // 2
      'const a = 1;', // 3
      '```', // 4
      '- item', // 5
      '  ```typescript title', // 6
      '  const b = 2;', // 7
      '    const c = 3;', // 8
      '  ```', // 9
      '<!-- readme-blocks: skip needs a browser -->', // 10
      '~~~~ts', // 11
      '```', // 12
      '~~~~', // 13
      '```sh', // 14
      'npm test', // 15
    ].join('\n');
    expect(fencedBlocks('R.md', text)).toEqual([
      { file: 'R.md', line: 2, lang: 'ts', code: 'const a = 1;\n' },
      { file: 'R.md', line: 6, lang: 'typescript', code: 'const b = 2;\n  const c = 3;\n' },
      { file: 'R.md', line: 11, lang: 'ts', code: '```\n', skip: 'needs a browser' },
      { file: 'R.md', line: 14, lang: 'sh', code: 'npm test\n' },
    ]);
  });
});
