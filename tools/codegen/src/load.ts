/**
 * Reads `contracts/` from disk. The only I/O of codegen besides writing `generated/`; everything
 * downstream is pure over the {@link Contracts} it returns. The layout:
 *
 * - `objects/*.json` — objects of the wire;
 * - `operations/*.json` — operations and their surfaces;
 * - `rpc/wire.json` — the RPC envelope; `rpc/<service>.<Method>.json` — one method each;
 * - `hooks/responses.json` — how hook endpoints answer; `hooks/*.json` — one endpoint each.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import type { Contracts, Sourced } from './model';

/** A contract file that is not valid JSON, or a directory that is missing. */
export class ContractError extends Error {
  constructor(readonly problems: string[]) {
    super(`the contracts are not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContractError';
  }
}

/**
 * Reads every contract under `contractsDir`.
 *
 * @param root the repository root; file paths in the result are relative to it.
 * @param contractsDir the contracts directory (absolute, or relative to `root`).
 * @throws {ContractError} listing every file that could not be read or parsed.
 */
export function loadContracts(root: string, contractsDir: string): Contracts {
  const dir = resolve(root, contractsDir);
  const shown = relative(root, dir).split(sep).join(posix.sep);
  if (!existsSync(dir)) throw new ContractError([`${shown}/: no such directory`]);
  const problems: string[] = [];
  const read = <T>(sub: string, name: string): Sourced<T> => {
    const path = join(dir, sub, name);
    const file = relative(root, path).split(sep).join(posix.sep);
    try {
      return { file, doc: JSON.parse(readFileSync(path, 'utf8')) as T };
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      return { file, doc: {} as T };
    }
  };
  const list = (sub: string): string[] => {
    try {
      return readdirSync(join(dir, sub))
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch (error) {
      problems.push(`${shown}/${sub}/: ${(error as Error).message}`);
      return [];
    }
  };
  const rpcFiles = list('rpc');
  const hookFiles = list('hooks');
  const contracts: Contracts = {
    objects: list('objects').map((name) => read('objects', name)),
    operations: list('operations').map((name) => read('operations', name)),
    rpc: rpcFiles.filter((name) => name !== 'wire.json').map((name) => read('rpc', name)),
    rpcWire: read('rpc', 'wire.json'),
    hooks: hookFiles.filter((name) => name !== 'responses.json').map((name) => read('hooks', name)),
    hookResponses: read('hooks', 'responses.json'),
  };
  if (problems.length > 0) throw new ContractError(problems);
  return contracts;
}
