/**
 * `generated/` holds declarations and data, never logic (issue 23): no `if`, no loop, no
 * `switch`, no `?:`, no `&&` / `||`, no `else`, and no subclass of a class of ours. Every file
 * of the committed generated/ is read with its comments and string literals blanked out (a
 * description may say "if"), and each finding names its file and line — so the rule is held by
 * this test, not by review. The logic that reads the data lives in the packages (core's
 * contract-tables.ts and contract-runtime.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** `source` with every comment and string/template literal replaced by spaces, newlines kept, so offsets and lines still match. */
export function blankLiterals(source: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const ch = source[i]!;
    const next = source[i + 1];
    let end = -1;
    if (ch === '/' && next === '/') {
      end = source.indexOf('\n', i);
      if (end < 0) end = source.length;
    } else if (ch === '/' && next === '*') {
      end = source.indexOf('*/', i + 2);
      end = end < 0 ? source.length : end + 2;
    } else if (ch === "'" || ch === '"' || ch === '`') {
      end = i + 1;
      while (end < source.length && source[end] !== ch) end += source[end] === '\\' ? 2 : 1;
      end = Math.min(end + 1, source.length);
      out += ch + blank(source.slice(i + 1, end - 1)) + ch;
      i = end;
      continue;
    }
    if (end >= 0) {
      out += blank(source.slice(i, end));
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The control flow a line of code may not hold, each with what it is. */
const CONTROL_FLOW: ReadonlyArray<[RegExp, string]> = [
  [/\bif\s*\(/, '`if`'],
  [/\belse\b/, '`else`'],
  [/\bfor\s*\(/, '`for`'],
  [/\bwhile\s*\(/, '`while`'],
  [/\bdo\s*\{/, '`do`'],
  [/\bswitch\s*\(/, '`switch`'],
  [/&&|\|\|/, '`&&` / `||`'],
  // With `??` and `?.` set aside, a `?` that is not an optional member (`name?:`) is a conditional: `a ? b : c`.
  [/\?(?![:)])/, '`?:`'],
];

/** `line` without `??` and `?.`, which are not conditionals. */
function withoutNullish(line: string): string {
  return line.replace(/\?\?|\?\./g, '  ');
}

/** The module specifier each name a file imports comes from. */
function importsOf(code: string, source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of code.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*(['"])/g)) {
    const at = m.index! + m[0].length;
    const specifier = source.slice(at, source.indexOf(m[2]!, at));
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, '').trim();
      if (name !== '') names.set(name, specifier);
    }
  }
  return names;
}

/** Every piece of logic in a generated file, as `<path>:<line>: <what> — <the line>`. */
export function logicIn(path: string, source: string): string[] {
  const code = blankLiterals(source);
  const imports = importsOf(code, source);
  const lines = code.split('\n');
  const original = source.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const at = `${path}:${i + 1}`;
    for (const [pattern, what] of CONTROL_FLOW) if (pattern.test(withoutNullish(line))) found.push(`${at}: ${what} — ${original[i]!.trim()}`);
    for (const m of line.matchAll(/\bclass\s+\w+(?:<[^>]*>)?\s+extends\s+([\w$.]+)/g)) {
      const base = m[1]!.split('.')[0]!;
      const from = imports.get(base);
      // A class of a third-party declaration library (oclif's Command) may be extended; one of ours may not.
      if (from === undefined || from.startsWith('.') || from.startsWith('@lich/')) found.push(`${at}: \`class … extends ${m[1]}\`, a class of ours — ${original[i]!.trim()}`);
    }
  });
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

describe('the logic check', () => {
  it('names the file and line of an if, a loop, a switch, a conditional, and && or ||', () => {
    const source = ["export const a = { b: 1 };", 'export function f(x: number) {', '  if (x > 1) return 2;', '  return x > 0 ? 1 : x || 3;', '}'].join('\n');
    expect(logicIn('generated/x.ts', source)).toEqual([
      'generated/x.ts:3: `if` — if (x > 1) return 2;',
      'generated/x.ts:4: `&&` / `||` — return x > 0 ? 1 : x || 3;',
      'generated/x.ts:4: `?:` — return x > 0 ? 1 : x || 3;',
    ]);
    expect(logicIn('generated/x.ts', 'for (const k of ks) {}\nwhile (go()) {}\nswitch (k) {}\ndo { } while (0);')).toHaveLength(5);
  });

  it('passes declarations and data: optional members, ?., ??, and words of a comment or string', () => {
    const source = [
      '// if (this) || that',
      'export interface T { readonly json?: boolean; f(a?: string): void }',
      "export const d = { description: 'Leave it out if you want && more? yes || no', when: { not: { const: '' } } };",
      'export const args = (s: S) => ({ session: s.string().optional().describe(`if ${"x"}`) });',
      'export const j = options.json ?? false;',
      'type U = T | undefined;',
    ].join('\n');
    expect(logicIn('generated/y.ts', source)).toEqual([]);
  });

  it('names a subclass of a class of ours, and passes one of a third-party library', () => {
    const ours = "import { LichCommand } from '@lich/cli/lich-command';\nexport class Send extends LichCommand {}";
    expect(logicIn('generated/cli/commands.ts', ours)).toEqual([
      "generated/cli/commands.ts:2: `class … extends LichCommand`, a class of ours — export class Send extends LichCommand {}",
    ]);
    expect(logicIn('generated/z.ts', "import { Base } from './base';\nclass A extends Base {}")).toHaveLength(1);
    expect(logicIn('generated/z.ts', "import { Command } from '@oclif/core';\nexport class Send extends Command {}")).toEqual([]);
  });
});

// The committed generated/, and the emitters' golden output over the sample contracts.
for (const dir of ['generated', 'tools/codegen/test/golden']) {
  describe(`${dir}/`, () => {
    const files = walk(join(root, dir)).filter((path) => path.endsWith('.ts'));

    it('has TypeScript files to check', () => {
      expect(files.length).toBeGreaterThan(4);
    });

    for (const file of files) {
      const path = relative(root, file);
      it(`${path} holds no logic: no if, loop, switch, conditional, && or ||, nor a subclass of a class of ours`, () => {
        expect(logicIn(path, readFileSync(file, 'utf8'))).toEqual([]);
      });
    }
  });
}
