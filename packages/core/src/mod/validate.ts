/**
 * The client side of the plugin contract's bodies: before a report leaves, its body is checked
 * against the contract's JSON Schema for that endpoint (`hookSchemas`, generated from
 * contracts/hooks), so a shape lich would refuse is never sent (contracts/fixtures/upstream/
 * README.md: "the typed clients in packages/core never send a rejected shape").
 *
 * ajv is loaded and each schema compiled on the first check of that endpoint, not on import:
 * `@lich/core` is on the path of every `lich` command, and only a plugin ever reports.
 */
import type { ValidateFunction } from 'ajv';
import { describeRefusal } from './refusal.js';
import { hookSchemas } from '@lich/generated/contracts';
import type { HookPath } from '@lich/generated/types';

/** An endpoint that takes a JSON body, and so has a schema to check it against. */
export type BodyPath = HookPath;

type Ajv = { compile(schema: object): ValidateFunction };

let ajv: Promise<Ajv> | undefined;
const compiled = new Map<string, ValidateFunction>();

async function loadAjv(): Promise<Ajv> {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  // unicode off: a length in the contract is one of UTF-16 units (wire.md § 11.3: 16,000 UTF-16
  // units), which is what a JS string's length counts. validateSchema off: codegen checked every
  // contract schema against the meta-schema already. logger off: a plugin runs inside a provider
  // whose terminal it must not write to (ajv warns that `unicode` is deprecated; it still works).
  return new Ajv2020({ strict: false, validateSchema: false, unicode: false, logger: false });
}

/**
 * Checks `body` against the contract of `path`.
 *
 * @returns `undefined` when the contract takes it, else the reason, one line, naming the field
 *   (`session_id is required`, `state must be one of busy, done, waiting, idle, compacting`).
 * @throws never: a schema that does not compile (a broken contract) is reported as the reason.
 */
export async function bodyRefusal(path: BodyPath, body: unknown): Promise<string | undefined> {
  try {
    let validate = compiled.get(path);
    if (!validate) {
      ajv ??= loadAjv();
      validate = (await ajv).compile(hookSchemas[path] as object);
      compiled.set(path, validate);
    }
    if (validate(body)) return undefined;
    return describeRefusal(validate.errors?.[0]);
  } catch (error) {
    return `the contract of ${path} could not be checked: ${(error as Error).message}`;
  }
}
