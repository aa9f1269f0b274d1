// docs/PUBLIC-API.md decides, export by export, what of @lich/core is stable and what may move.
// This holds the document to the entry points: every export is decided exactly once, every name
// decided is exported, the plugin side behind @lich/core/mod is all stable, and
// @lich/core/contract is the whole of generated/types.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exportSurface, root } from './lib.mjs';

const doc = readFileSync(join(root, 'docs/PUBLIC-API.md'), 'utf8');

/** The identifiers in backticks between `<!-- public-api:<tier> -->` and its closing marker. */
function decided(tier: string): string[] {
  const m = new RegExp(`<!-- public-api:${tier} -->([\\s\\S]*?)<!-- /public-api:${tier} -->`).exec(doc);
  if (!m) throw new Error(`docs/PUBLIC-API.md has no public-api:${tier} block`);
  return [...m[1]!.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((x) => x[1]!);
}

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const src = join(root, 'packages/core/src');
const { surface } = exportSurface({
  files: { '.': join(src, 'index.ts'), './mod': join(src, 'mod/index.ts'), './contract': join(src, 'contract.ts'), generated: join(root, 'generated/types.ts') },
  options: { ...parsed.options, noEmit: true },
  ts,
});
const names = (entry: string) => Object.keys(surface[entry]!).sort();

describe('docs/PUBLIC-API.md', () => {
  const stable = decided('stable');
  const mayMove = decided('may-move');

  it('decides every export of @lich/core, each once, and names nothing it does not export', () => {
    const listed = [...stable, ...mayMove];
    const twice = listed.filter((n, i) => listed.indexOf(n) !== i);
    expect(twice, 'decided twice').toEqual([]);
    const exported = names('.');
    expect(
      exported.filter((n) => !listed.includes(n)),
      'exported by packages/core/src/index.ts but not decided in docs/PUBLIC-API.md: add each under Stable or May move',
    ).toEqual([]);
    expect(
      listed.filter((n) => !exported.includes(n)),
      'decided in docs/PUBLIC-API.md but not exported by packages/core/src/index.ts',
    ).toEqual([]);
  });

  it('has every export of @lich/core/mod stable', () => {
    expect(names('./mod').filter((n) => !stable.includes(n))).toEqual([]);
  });

  it('has @lich/core/contract export exactly the types of generated/types.ts', () => {
    expect(names('./contract')).toEqual(names('generated'));
    expect(Object.values(surface['./contract']!).every((x) => x.type && !x.value)).toBe(true);
  });
});
