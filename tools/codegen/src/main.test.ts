import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from './main';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sample = ['--contracts', 'tools/codegen/test/contracts'];

describe('codegen --check', () => {
  let out: string;
  let logged: string[];
  let failed: string[];
  const run = (...argv: string[]) =>
    main(
      [...sample, '--out', out, ...argv],
      root,
      (line) => logged.push(line),
      (line) => failed.push(line),
    );

  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'lich-codegen-'));
    logged = [];
    failed = [];
  });
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('passes right after codegen wrote the output', async () => {
    expect(await run()).toBe(0);
    expect(await run('--check')).toBe(0);
    expect(failed).toEqual([]);
  });

  it('lists every differing, missing and extra file and exits 1', async () => {
    await run();
    writeFileSync(join(out, 'types.ts'), `${readFileSync(join(out, 'types.ts'), 'utf8')}// edited by hand\n`);
    rmSync(join(out, 'cli/commands.ts'));
    writeFileSync(join(out, 'cli/stale.ts'), 'export {};\n');
    expect(await run('--check')).toBe(1);
    expect(failed.join('\n')).toContain('does not match the contracts');
    const listed = failed.join('\n').split('\n').slice(1);
    expect(listed.map((l) => l.trim().replace(/ +/g, ' ').replace(/\S*lich-codegen-\w+\//, ''))).toEqual([
      'differs: types.ts',
      'missing: cli/commands.ts',
      'extra: cli/stale.ts',
    ]);
  });

  it('writes nothing when checking', async () => {
    expect(await run('--check')).toBe(1);
    expect(existsSync(join(out, 'types.ts'))).toBe(false);
  });

  it('brings the output back in line, removing what it no longer generates but keeping package.json', async () => {
    await run();
    writeFileSync(join(out, 'package.json'), '{"name":"@lich/generated"}\n');
    writeFileSync(join(out, 'orphan.ts'), 'export {};\n');
    mkdirSync(join(out, 'cli/commands/old'), { recursive: true });
    writeFileSync(join(out, 'cli/commands/old/ping.ts'), 'export {};\n');
    writeFileSync(join(out, 'argv.ts'), '// hand-edited\n');
    expect(await run()).toBe(0);
    expect(existsSync(join(out, 'orphan.ts'))).toBe(false);
    // The directories the removed files leave empty go with them; the ones still holding a file stay.
    expect(existsSync(join(out, 'cli/commands'))).toBe(false);
    expect(existsSync(join(out, 'cli/commands.ts'))).toBe(true);
    expect(readFileSync(join(out, 'package.json'), 'utf8')).toBe('{"name":"@lich/generated"}\n');
    expect(await run('--check')).toBe(0);
  });

  it('reports invalid contracts and writes nothing', async () => {
    const code = await main(['--contracts', 'tools/codegen/test/no-such-contracts', '--out', out], root, () => {}, (l) => failed.push(l));
    expect(code).toBe(1);
    expect(failed).toEqual(['codegen: the contracts are not valid:\n  - tools/codegen/test/no-such-contracts/: no such directory']);
  });
});

describe('the committed generated/', () => {
  it('matches contracts/ (npm run codegen:check)', async () => {
    const failures: string[] = [];
    expect(await main(['--check'], root, () => {}, (l) => failures.push(l))).toBe(0);
    expect(failures).toEqual([]);
  });
});
