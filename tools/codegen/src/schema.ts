/**
 * Reference resolution and schema transforms over the contracts: `$ref`s are relative file
 * references (`result.json`, `../objects/peer.json`, `#/$defs/status`), resolved against the file
 * that holds them, never fetched.
 */
import { posix } from 'node:path';
import { pascal, tsString } from './literal';
import type { Contracts, Schema, SchemaObject } from './model';

/** Where a `$ref` points: a contract file and a JSON pointer into it (`''` for the root). */
export interface RefTarget {
  file: string;
  pointer: string;
  schema: Schema;
}

/** Keywords that describe a contract file rather than the value it validates. */
const FILE_ONLY = new Set(['$schema', '$defs', 'x-extends', '$comment']);

export class SchemaIndex {
  /** Contract file → its root JSON document. */
  private readonly docs = new Map<string, unknown>();
  /** Object file → its type name (`title`). */
  private readonly objectNames = new Map<string, string>();

  constructor(contracts: Contracts) {
    for (const o of contracts.objects) {
      this.docs.set(o.file, o.doc);
      this.objectNames.set(o.file, String(o.doc.title));
    }
    for (const group of [contracts.operations, contracts.rpc, contracts.hooks]) {
      for (const c of group) this.docs.set(c.file, c.doc);
    }
    this.docs.set(contracts.rpcWire.file, contracts.rpcWire.doc);
    this.docs.set(contracts.hookResponses.file, contracts.hookResponses.doc);
  }

  /** Resolves `ref` found in `from`. */
  resolve(from: string, ref: string): RefTarget {
    const hash = ref.indexOf('#');
    const path = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    const file = path === '' ? from : posix.normalize(posix.join(posix.dirname(from), path));
    const doc = this.docs.get(file);
    if (doc === undefined) throw new Error(`${from}: $ref "${ref}" names no contract file (${file})`);
    let node: unknown = doc;
    for (const raw of pointer.split('/').slice(1)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
      if (node === undefined) throw new Error(`${from}: $ref "${ref}" points at nothing`);
    }
    return { file, pointer, schema: node as Schema };
  }

  /** The type name of an object file, or of one of its `$defs` (`Result` + `status` → `ResultStatus`); undefined otherwise. */
  nameOf(target: Pick<RefTarget, 'file' | 'pointer'>): string | undefined {
    const base = this.objectNames.get(target.file);
    if (base === undefined) return undefined;
    if (target.pointer === '') return base;
    const def = /^\/\$defs\/([^/]+)$/.exec(target.pointer);
    return def ? base + pascal(def[1]!) : undefined;
  }

  /** Every named `$defs` entry of the object files: type name → [schema, file]. */
  namedDefs(contracts: Contracts): Array<{ name: string; file: string; schema: Schema }> {
    const out: Array<{ name: string; file: string; schema: Schema }> = [];
    for (const o of contracts.objects) {
      for (const [key, schema] of Object.entries(o.doc.$defs ?? {})) {
        out.push({ name: this.nameOf({ file: o.file, pointer: `/$defs/${key}` })!, file: o.file, schema });
      }
    }
    return out;
  }

  /** The description of a schema, following a bare `$ref` when the schema has none of its own. */
  describe(schema: Schema, from: string): string | undefined {
    if (typeof schema !== 'object') return undefined;
    if (schema.description !== undefined) return schema.description;
    if (schema.$ref !== undefined) {
      const target = this.resolve(from, schema.$ref);
      return this.describe(target.schema, target.file);
    }
    return undefined;
  }

  /**
   * The schema with every `$ref` inlined and file-only keywords dropped: self-contained, so a
   * consumer can hand it to ajv as it is. A `$ref` with sibling keywords keeps them (2020-12
   * applies both); a sibling `description` replaces the target's.
   */
  deref(schema: Schema, from: string): Schema {
    if (typeof schema !== 'object') return schema;
    let out: Record<string, unknown> = {};
    if (schema.$ref !== undefined) {
      const target = this.resolve(from, schema.$ref);
      const inlined = this.deref(target.schema, target.file);
      out = typeof inlined === 'object' ? { ...inlined } : { allOf: [inlined] };
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' || FILE_ONLY.has(key)) continue;
      out[key] = this.mapChildren(key, value, (child) => this.deref(child, from));
    }
    return out;
  }

  /**
   * The schema for an OpenAPI document: `$ref`s to objects become `#/components/schemas/<Name>`,
   * file-only keywords and titles are dropped.
   */
  toComponentRefs(schema: Schema, from: string): Schema {
    if (typeof schema !== 'object') return schema;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (FILE_ONLY.has(key) || key === 'title') continue;
      if (key === '$ref') {
        const target = this.resolve(from, String(value));
        const name = this.nameOf(target);
        if (name !== undefined) out.$ref = `#/components/schemas/${name}`;
        else Object.assign(out, this.toComponentRefs(target.schema, target.file));
        continue;
      }
      out[key] = this.mapChildren(key, value, (child) => this.toComponentRefs(child, from));
    }
    return out;
  }

  /**
   * A TypeScript type expression for a schema. Named objects and `$defs` print as their names;
   * everything else inline.
   */
  tsType(schema: Schema, from: string): string {
    if (schema === true) return 'unknown';
    if (schema === false) return 'never';
    if (schema.$ref !== undefined) {
      const target = this.resolve(from, schema.$ref);
      return this.nameOf(target) ?? this.tsType(target.schema, target.file);
    }
    if (schema.const !== undefined) return literalType(schema.const);
    if (schema.enum !== undefined) return schema.enum.map(literalType).join(' | ');
    const union = schema.oneOf ?? schema.anyOf;
    if (union !== undefined) return union.map((s) => this.tsType(s, from)).join(' | ');
    if (schema.allOf !== undefined) return schema.allOf.map((s) => `(${this.tsType(s, from)})`).join(' & ');
    const types = Array.isArray(schema.type) ? schema.type : schema.type !== undefined ? [schema.type] : [];
    if (types.length === 0) return 'unknown';
    return types.map((t) => this.tsTypeOf(t, schema, from)).join(' | ');
  }

  private tsTypeOf(type: string, schema: SchemaObject, from: string): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        if (schema.prefixItems !== undefined) return `[${schema.prefixItems.map((s) => this.tsType(s, from)).join(', ')}]`;
        const item = this.tsType(schema.items ?? true, from);
        return /^[A-Za-z0-9_]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
      }
      case 'object': {
        const props = Object.entries(schema.properties ?? {});
        if (props.length === 0) {
          if (schema.additionalProperties === false) return 'Record<string, never>';
          const extra = schema.additionalProperties;
          return `Record<string, ${extra === undefined || extra === true ? 'unknown' : this.tsType(extra, from)}>`;
        }
        const required = new Set(schema.required ?? []);
        const members = props.map(([k, s]) => `${tsPropertyName(k)}${required.has(k) ? '' : '?'}: ${this.tsType(s, from)}`);
        return `{ ${members.join('; ')} }`;
      }
      default:
        throw new Error(`${from}: no TypeScript type for JSON type "${type}"`);
    }
  }

  private mapChildren(key: string, value: unknown, map: (s: Schema) => Schema): unknown {
    switch (key) {
      case 'properties':
      case 'patternProperties':
      case 'dependentSchemas':
        return Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, s]) => [k, map(s)]));
      case 'items':
      case 'additionalProperties':
      case 'unevaluatedProperties':
      case 'unevaluatedItems':
      case 'not':
      case 'if':
      case 'then':
      case 'else':
      case 'contains':
      case 'propertyNames':
        return map(value as Schema);
      case 'prefixItems':
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        return (value as Schema[]).map(map);
      default:
        return value;
    }
  }
}

/** A TypeScript literal type for a JSON scalar. */
export function literalType(value: unknown): string {
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  throw new Error(`no literal type for ${JSON.stringify(value)}`);
}

/** A property name for a TypeScript type: bare when it is an identifier, quoted otherwise. */
export function tsPropertyName(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : tsString(key);
}

/** Every `$ref` in a schema, with the file it must be resolved against. */
export function collectRefs(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const s of schema) collectRefs(s, out);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [k, v] of Object.entries(schema)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}
