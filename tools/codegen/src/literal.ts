/**
 * Prints JSON values as TypeScript literals in the repository's style (single quotes, bare keys
 * where they are identifiers, two-space indentation), deterministically: the same value always
 * prints the same bytes, which is what keeps `npm run codegen:check` meaningful.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A TypeScript string literal in single quotes. */
export function tsString(value: string): string {
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return out + "'";
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function tsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : tsString(key);
}

/** Code spliced verbatim into a literal (an arrow function, an identifier). */
export class Code {
  constructor(readonly text: string) {}
}

/** Marks `text` as code to splice verbatim into {@link tsLiteral}'s output. */
export function code(text: string): Code {
  return new Code(text);
}

/**
 * A TypeScript literal for a JSON value. Objects print one key per line; arrays of scalars print
 * on one line while that line stays short; `undefined` members are left out.
 */
export function tsLiteral(value: unknown, indent = 0): string {
  const pad = '  '.repeat(indent);
  const inner = '  '.repeat(indent + 1);
  if (value instanceof Code) return value.text;
  if (value === null) return 'null';
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const scalars = value.every((v) => v === null || typeof v !== 'object' || v instanceof Code);
    if (scalars) {
      const line = `[${value.map((v) => tsLiteral(v)).join(', ')}]`;
      if (line.length + pad.length <= 100 && !line.includes('\n')) return line;
    }
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, indent + 1)},`).join('\n')}\n${pad}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    if (entries.every(([, v]) => v === null || typeof v !== 'object' || v instanceof Code)) {
      const line = `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${tsLiteral(v)}`).join(', ')} }`;
      if (line.length + pad.length <= 80 && !line.includes('\n')) return line;
    }
    return `{\n${entries.map(([k, v]) => `${inner}${tsKey(k)}: ${tsLiteral(v, indent + 1)},`).join('\n')}\n${pad}}`;
  }
  throw new Error(`cannot print ${typeof value} as a literal`);
}

/** `JSON.stringify` with two-space indentation and a trailing newline: the JSON files codegen writes. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** PascalCase of a kebab, snake or dotted name: `version-report` → `VersionReport`, `relay.Send` → `RelaySend`. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** camelCase of a kebab or snake name: `no-wait` → `noWait`. */
export function camel(name: string): string {
  const p = pascal(name);
  return p[0]!.toLowerCase() + p.slice(1);
}

/** `object.key`, or `object['key']` when the key is not an identifier. */
export function propertyAccess(object: string, key: string): string {
  return IDENTIFIER.test(key) ? `${object}.${key}` : `${object}[${tsString(key)}]`;
}
