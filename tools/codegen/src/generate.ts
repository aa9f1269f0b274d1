/**
 * The generator: contracts in, `generated/` files out, with no I/O. Every emitter is a pure
 * function `emitX(contracts) → {path: contents}`; this validates the contracts and merges them.
 */
import { emitArgv } from './emit/argv';
import { emitCli } from './emit/cli';
import { emitContracts } from './emit/contracts';
import { emitDocs } from './emit/docs';
import { emitMcp } from './emit/mcp';
import { emitOpencode } from './emit/opencode';
import { emitOpenapi } from './emit/openapi';
import { emitTypes } from './emit/types';
import type { Contracts, Files } from './model';
import { validateContracts } from './validate';

/**
 * Every file of `generated/`, keyed by its path inside it, in sorted order.
 *
 * @throws {ContractError} when the contracts are not valid; nothing is emitted then.
 */
export async function generate(contracts: Contracts): Promise<Files> {
  validateContracts(contracts);
  const files: Files = {
    ...emitTypes(contracts),
    ...emitContracts(contracts),
    ...emitCli(contracts),
    ...emitMcp(contracts),
    ...emitArgv(contracts),
    ...emitOpencode(contracts),
    ...(await emitOpenapi(contracts)),
    ...emitDocs(contracts),
  };
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
