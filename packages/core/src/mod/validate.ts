/**
 * The client side of the plugin contract's bodies: before a report leaves, its body is checked
 * against the contract's JSON Schema for that endpoint (`hookSchemas`, generated from
 * contracts/hooks), so a shape lich would refuse is never sent (contracts/fixtures/upstream/
 * README.md: "the typed clients in packages/core never send a rejected shape").
 *
 * ajv is loaded and each schema compiled on the first check of that endpoint, not on import:
 * `@lich/core` is on the path of every `lich` command, and only a plugin ever reports.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
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
    return describe(validate.errors?.[0]);
  } catch (error) {
    return `the contract of ${path} could not be checked: ${(error as Error).message}`;
  }
}

/** The first ajv error in the body's own terms: field names, not JSON Pointers. */
function describe(error: ErrorObject | undefined): string {
  if (!error) return 'the body does not match its contract';
  const at = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const field = at === '' ? 'the body' : at;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at === '' ? '' : `${at}.`}${String(params.missingProperty)} is required`;
    case 'type':
      return `${field} must be ${article(String(params.type))}`;
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${field} must be ${JSON.stringify(params.allowedValue)}`;
    case 'minLength':
      return params.limit === 1 ? `${field} must not be empty` : `${field} ${error.message ?? 'is too short'}`;
    case 'pattern':
      return params.pattern === '\\S' ? `${field} must not be blank` : `${field} ${error.message ?? 'is not valid'}`;
    default:
      return `${field} ${error.message ?? 'is not valid'}`;
  }
}

function article(type: string): string {
  return type
    .split(',')
    .map((t) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(' or ');
}
