/**
 * Nothing in the repository cites a file it does not have (issue 23): a comment, a doc or a
 * generated header that sends its reader to `../shared/DESIGN.md`, `STYLE.md`, a note on another
 * machine or a path that moved sends them nowhere. Every tracked text file is read (code under
 * packages/, tools/, test/, examples/, generated/, the docs, the READMEs, the configs), except what
 * is vendored (VENDORED.md: its citations are its source's, and it is never edited here), and each
 * of these is a fault, named with its file and line:
 *
 * - a path that leaves the repository: `../shared/…`, `shared/<note>.md`, `/work/…`, a
 *   coordination note — allowed only in the files that say where a vendored copy comes from
 *   (`PROVENANCE`);
 * - a Markdown document that is not here: a path (resolved from the citing file, from the root,
 *   or under `docs/`, so `spec/cli.md` is `docs/spec/cli.md`) or a bare name (`wire.md`,
 *   `real-agents.md`: some tracked file has that name — the notes the code cites are vendored
 *   under `docs/spec/`, docs/spec/SOURCE.md);
 * - a path into one of the repository's own trees (`packages/…`, `generated/…`, `tools/…`,
 *   `test/…`, `examples/…`, `contracts/…`, `docs/…`, `data/…`) that no tracked file has: a file,
 *   or a directory holding one. Build output (`dist/`) and patterns (`<id>`, `*`, `{a,b}`) are
 *   not paths of the repository and are skipped;
 * - a section of one of the repository's own documents (`docs/architecture.md § Readiness`,
 *   `README.md § Add a provider`) that none of its headings begins with: a heading moved or
 *   renamed leaves its citations pointing at nothing;
 * - an issue's notes (`issue 12's notes`, `the closing note`): they live in the issue tracker,
 *   not here.
 *
 * `citationFaults` is the rule, over any set of files; the last case holds it to a fixture of
 * bad citations, one per kind, so the rule is seen to bite.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SELF = 'test/docs/citations.test.ts';

/** One citation that leads nowhere. */
export interface CitationFault {
  /** The citing file, relative to the repository root. */
  file: string;
  /** 1-based. */
  line: number;
  /** The text cited, as written. */
  cited: string;
  /** Why it is a fault, in a few words. */
  why: string;
}

/** The files that say where a vendored copy comes from: they name its upstream on purpose. */
export const PROVENANCE: ReadonlySet<string> = new Set([
  'VENDORED.md',
  'docs/spec/SOURCE.md',
  'contracts/fixtures/upstream/SOURCE.md',
  'test/docs/spec.test.ts',
  'packages/server/src/hooks/fixtures.test.ts',
]);

/** Vendored files (VENDORED.md) and what is not text a person wrote here: not read. */
export function isRead(file: string): boolean {
  if (file === SELF) return false;
  if (file.startsWith('docs/spec/') && file !== 'docs/spec/SOURCE.md') return false;
  if (file.startsWith('contracts/fixtures/upstream/') && file !== 'contracts/fixtures/upstream/SOURCE.md') return false;
  if (file.startsWith('packages/claude-plugin/types/')) return false;
  if (file === 'package-lock.json' || file.endsWith('/package-lock.json')) return false;
  // Fixtures are data, not citations: the bad-input corpus, the dependency rules' tree of wrong
  // imports, the emitters' sample contracts and their golden output.
  if (file.startsWith('contracts/fixtures/bad/') && !file.endsWith('.md')) return false;
  if (file.startsWith('tools/deps/fixtures/')) return false;
  if (file.startsWith('tools/codegen/test/contracts/') || file.startsWith('tools/codegen/test/golden/')) return false;
  return /\.(?:ts|tsx|mts|mjs|cjs|js|json|md|sh|ya?ml)$/.test(file) || file === '.ci/run';
}

const OUTSIDE = /(?:\.\.\/)+shared\/[\w./-]*|(?<![\w./-])shared\/[\w.-]+\.md|(?<![\w.-])\/work\/(?:shared|coord)\b[\w./-]*|\bcoord(?:ination)? note\b/g;
/** A Markdown document: a path, or a bare name cited as a document (`§` after it, or a NAME.md). */
const MARKDOWN = /(?<![\w.@/-])(?:(?:\.{1,2}\/)*[\w-][\w.-]*\/[\w./-]*\.md\b|[\w-][\w.-]*\.md(?=\s*§)|[A-Z][A-Z0-9_-]*\.md\b)/g;
/** A file of one of the repository's trees (an extension), or a directory (a trailing `/`). */
const TREE = /(?<![\w.@/-])(?:packages|generated|tools|test|examples|contracts|docs|data)\/(?:[\w.@-]+\/)*(?:[\w@-]+\.[a-z][\w.]*[a-z0-9]|(?=[\s`'")\],;:]|$))/g;
/** `<document>.md § <section>`: the section runs to a `)`, `;`, `.`, `,` or the end of the line. */
const SECTION = /(?<![\w.@/-])((?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.md)`? § ([^);.,\n]+)/g;
const ISSUE_NOTES = /\bissue \d+['’]s (?:closing )?notes?\b|\bclosing note\b/gi;

/**
 * What of `text` a reader reads as prose: a Markdown or JSON file whole (a contract's descriptions
 * are emitted as docs), and of code only its comments — `//` to the end of a line, `/* … *\/`,
 * a shell's `#` — with every other line left empty, so line numbers stay the file's. A path in a
 * string is data (a test's sample path, a module id), not a citation.
 */
export function prose(file: string, text: string): string {
  if (/\.(?:md|json)$/.test(file)) return text;
  const hash = /\.(?:sh|ya?ml)$/.test(file) || file === '.ci/run';
  let inBlock = false;
  return text
    .split('\n')
    .map((line) => {
      if (hash) return /^\s*#/.test(line) ? line : '';
      let out = '';
      let rest = line;
      for (;;) {
        if (inBlock) {
          const end = rest.indexOf('*/');
          if (end < 0) return out + rest;
          out += rest.slice(0, end);
          rest = rest.slice(end + 2);
          inBlock = false;
          continue;
        }
        const comment = /(^|\s)\/\//.exec(rest);
        const block = /(^|\s)\/\*/.exec(rest);
        if (block && (!comment || block.index < comment.index)) {
          rest = rest.slice(block.index + block[0].length);
          inBlock = true;
          continue;
        }
        return comment ? `${out} ${rest.slice(comment.index + comment[0].length)}` : out;
      }
    })
    .join('\n');
}

/**
 * Every citation in `files` (path → text) that leads to nothing in `tracked` (the repository's
 * files). `ignored` says whether a path is one git ignores — build and run output (`docs/api/`,
 * `test/faults/last-run.json`), which a doc may name though no clone tracks it.
 */
export function citationFaults(
  files: ReadonlyMap<string, string>,
  tracked: readonly string[],
  ignored: (path: string) => boolean = () => false,
): CitationFault[] {
  const have = new Set(tracked);
  const dirs = new Set<string>();
  const names = new Set<string>();
  for (const f of tracked) {
    names.add(posix.basename(f));
    for (let d = posix.dirname(f); d !== '.'; d = posix.dirname(d)) dirs.add(d);
  }
  const exists = (p: string) => have.has(p) || dirs.has(p.replace(/\/$/, ''));
  const headings = headingsOf(files);
  const faults: CitationFault[] = [];
  for (const [file, text] of files) {
    const lines = prose(file, text).split('\n');
    lines.forEach((raw, i) => {
      // A URL is not a path of this repository.
      const line = raw.replace(/\b[a-z]+:\/\/\S+/g, '');
      const fault = (cited: string, why: string) => faults.push({ file, line: i + 1, cited, why });
      if (!PROVENANCE.has(file)) for (const m of line.matchAll(OUTSIDE)) fault(m[0], 'leaves the repository');
      for (const m of line.matchAll(ISSUE_NOTES)) fault(m[0], "an issue's notes are not in the repository");
      for (const m of line.matchAll(SECTION)) {
        const doc = [posix.normalize(posix.join(posix.dirname(file), m[1]!)), posix.normalize(m[1]!)].find((d) => headings.has(d));
        if (doc === undefined) continue; // not one of the repository's own documents read here
        const cited = plain(m[2]!.split(',')[0]!);
        const known = headings.get(doc)!.some((h) => h.startsWith(cited) || cited.startsWith(h.replace(/\s*\(.*$/, '')));
        if (!known) fault(`${m[1]} § ${m[2]!.trim()}`, 'no such section in that document');
      }
      for (const m of line.matchAll(MARKDOWN)) {
        const cited = m[0];
        if (/(?:^|\/)shared\//.test(cited)) continue; // said above
        const here = posix.normalize(posix.join(posix.dirname(file), cited));
        const found = cited.includes('/')
          ? [here, posix.normalize(cited), posix.normalize(`docs/${cited}`)].some((p) => !p.startsWith('..') && have.has(p))
          : names.has(cited);
        if (!found) fault(cited, 'no such document in the repository');
      }
      // History names files as they were then.
      if (file === 'CHANGELOG.md') return;
      for (const m of line.matchAll(TREE)) {
        const cited = m[0];
        if (cited.endsWith('.md')) continue; // said above
        if (cited.endsWith('/') === false && !/\.[a-z]/.test(posix.basename(cited))) continue;
        if (/(?:^|\/)dist(?:\/|$)/.test(cited)) continue;
        const next = line[(m.index ?? 0) + cited.length];
        if (next === '<' || next === '*' || next === '{' || next === '…') continue;
        const path = cited.replace(/\/$/, '');
        if (!exists(path) && !exists(path.replace(/\.js$/, '.ts')) && !ignored(path)) {
          fault(cited, 'no such file or directory in the repository');
        }
      }
    });
  }
  return faults;
}

/** A heading or a cited section as compared: no backticks, lower case, single spaces. */
function plain(text: string): string {
  return text.replace(/`/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The headings of every Markdown document of `files` written here (not a vendored copy), by path. */
function headingsOf(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [file, text] of files) {
    if (!file.endsWith('.md')) continue;
    let fenced = false;
    const hs: string[] = [];
    for (const line of text.split('\n')) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      else if (!fenced && /^#{1,6} /.test(line)) hs.push(plain(line.replace(/^#+ /, '')));
    }
    out.set(file, hs);
  }
  return out;
}

/** Whether git ignores `path` (build or run output). */
function gitIgnores(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--no-index', path, `${path}/`], { cwd: repo, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The repository's tracked files, and those not yet added (a new file is cited too). */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' });
  return out.split('\0').filter((f) => f !== '').map((f) => normalize(f).split('\\').join('/'));
}

describe('citations', () => {
  it('lead to files the repository has', () => {
    const tracked = trackedFiles();
    const files = new Map<string, string>();
    for (const f of tracked.filter(isRead)) {
      try {
        files.set(f, readFileSync(join(repo, f), 'utf8'));
      } catch {
        // Listed but deleted in the working tree: nothing to read.
      }
    }
    const faults = citationFaults(files, tracked, gitIgnores).map((f) => `${f.file}:${f.line}: ${f.cited} — ${f.why}`);
    expect(faults, 'cite a file the repository has, vendor the fact in a short excerpt, or drop the citation').toEqual([]);
  });

  it('are faults when they lead nowhere, one of each kind', () => {
    const tracked = ['docs/spec/wire.md', 'docs/architecture.md', 'packages/core/src/rpc.ts', 'README.md'];
    const architecture = '# Architecture\n\n## The backend (`packages/server`)\n\n### Readiness\n\n```sh\n# Not a heading\n```\n';
    const fixture = new Map([
      [
        'packages/core/src/example.ts',
        [
          '// The layout (../shared/DESIGN.md § Layout).',
          '// Comment style (STYLE.md rule 3).',
          '// The wire (wire.md § 1.2; spec/wire.md; docs/architecture.md; README.md).',
          '// The client (packages/core/src/rpc.ts), the server (packages/server/src/rpc.ts).',
          "// Measured in issue 12's notes.",
          '// Built into packages/cli/dist/lich.cjs; <dataDir>/processes/<pid>.json; https://x.test/a/DESIGN.md.',
          '// As docs/architecture.md § The backend, Readiness says (§ Readiness below); docs/architecture.md § The relay, inside.',
          '// Not docs/architecture.md § Not a heading.',
        ].join('\n'),
      ],
      ['docs/architecture.md', architecture],
    ]);
    expect(citationFaults(fixture, tracked)).toEqual([
      { file: 'packages/core/src/example.ts', line: 1, cited: '../shared/DESIGN.md', why: 'leaves the repository' },
      { file: 'packages/core/src/example.ts', line: 2, cited: 'STYLE.md', why: 'no such document in the repository' },
      {
        file: 'packages/core/src/example.ts',
        line: 4,
        cited: 'packages/server/src/rpc.ts',
        why: 'no such file or directory in the repository',
      },
      { file: 'packages/core/src/example.ts', line: 5, cited: "issue 12's notes", why: "an issue's notes are not in the repository" },
      { file: 'packages/core/src/example.ts', line: 7, cited: 'docs/architecture.md § The relay', why: 'no such section in that document' },
      { file: 'packages/core/src/example.ts', line: 8, cited: 'docs/architecture.md § Not a heading', why: 'no such section in that document' },
    ]);
  });
});
