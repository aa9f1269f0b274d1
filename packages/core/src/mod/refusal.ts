/**
 * How a contract check's refusal reads (contracts/fixtures/upstream/README.md: the typed clients
 * never send a rejected shape, and say why in one line).
 */
import type { ErrorObject } from 'ajv';

/**
 * The first error of a JSON Schema check in the body's own terms — field names, not JSON
 * Pointers (`session_id is required`, `state must be one of busy, done, …`). Portable: the
 * checks of a Claude Code hooks module are ajv validators compiled ahead of time, and their
 * errors read the same.
 */
export function describeRefusal(error: ErrorObject | undefined): string {
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
