/**
 * Checks the contracts before anything is emitted: every file against its meta-schema
 * (`tools/codegen/meta/`), every schema compiles under JSON Schema 2020-12 with its `$ref`s
 * resolved, and the cross-file rules no meta-schema can state — every input field reachable from
 * the CLI, surface fields naming real input fields with matching types, RPC methods that exist,
 * outcome tables that end unconditionally, `x-extends` copies that match. Every problem is
 * reported, not just the first.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import hookResponsesMeta from '../meta/hook-responses.schema.json';
import hookMeta from '../meta/hook.schema.json';
import objectMeta from '../meta/object.schema.json';
import operationMeta from '../meta/operation.schema.json';
import rpcMethodMeta from '../meta/rpc-method.schema.json';
import rpcWireMeta from '../meta/rpc-wire.schema.json';
import { ContractError } from './load';
import { DEFAULT_STEP, type Contracts, type OperationDoc, type RpcDoc, type Schema, type SchemaObject, type Sourced } from './model';
import { MATCHER_KEYWORDS, unreadKeywords } from './matcher';
import { SchemaIndex, collectRefs } from './schema';
import { getHooks, inputTypeName, postHooks } from './emit/names';
import { pascal } from './literal';

const BASE = 'https://lich.dev/';

/**
 * @throws {ContractError} listing every problem found, each prefixed with its file.
 */
export function validateContracts(contracts: Contracts): void {
  const problems: string[] = [];
  checkMeta(contracts, problems);
  // The cross-file checks read the shapes the meta-schemas guarantee.
  if (problems.length === 0) checkSchemas(contracts, problems);
  if (problems.length === 0) checkCrossFile(contracts, problems);
  if (problems.length > 0) throw new ContractError(problems);
}

function newAjv(): Ajv2020 {
  // strictSchema catches misspelled keywords; the other strict checks would demand `type` on every
  // predicate and a `properties` entry for every `required` name, which these schemas need not have.
  const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, allErrors: true });
  ajv.addKeyword({ keyword: 'x-extends', schemaType: 'string' });
  return ajv;
}

function formatErrors(file: string, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${file}: ${e.instancePath || '/'} ${e.message ?? 'is invalid'}${paramsText(e)}`);
}

function paramsText(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (typeof p.additionalProperty === 'string') return ` ("${p.additionalProperty}")`;
  if (Array.isArray(p.allowedValues)) return ` (${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')})`;
  return '';
}

function checkMeta(contracts: Contracts, problems: string[]): void {
  const ajv = newAjv();
  ajv.addSchema(rpcWireMeta);
  const check = (meta: object, files: Sourced<unknown>[]) => {
    const validate = ajv.compile(meta);
    for (const { file, doc } of files) if (!validate(doc)) problems.push(...formatErrors(file, validate.errors));
  };
  check(objectMeta, contracts.objects);
  check(operationMeta, contracts.operations);
  check(rpcMethodMeta, contracts.rpc);
  check(hookMeta, contracts.hooks);
  check(hookResponsesMeta, [contracts.hookResponses]);
  const wire = ajv.getSchema(rpcWireMeta.$id)!;
  if (!wire(contracts.rpcWire.doc)) problems.push(...formatErrors(contracts.rpcWire.file, wire.errors));
}

/** Compiles every schema in the contracts, with objects registered so relative `$ref`s resolve. */
function checkSchemas(contracts: Contracts, problems: string[]): void {
  const ajv = newAjv();
  const idOf = (file: string, part?: string) => BASE + (part === undefined ? file : file.replace(/\.json$/, `.${part}.json`));
  for (const { file, doc } of contracts.objects) {
    try {
      ajv.addSchema({ ...doc, $id: idOf(file) });
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  const compile = (file: string, part: string, schema: Schema) => {
    try {
      ajv.compile(typeof schema === 'boolean' ? schema : { ...schema, $id: idOf(file, part) });
    } catch (error) {
      problems.push(`${file}: ${part}: ${(error as Error).message}`);
    }
  };
  for (const { file } of contracts.objects) {
    try {
      ajv.getSchema(idOf(file));
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  for (const { file, doc } of contracts.operations) {
    compile(file, 'input', doc.input);
    compile(file, 'output', doc.output);
    doc['x-outcomes'].forEach((o, i) => compile(file, `outcome${i}`, o.when));
  }
  for (const { file, doc } of contracts.rpc) {
    if (doc.options !== null) compile(file, 'options', doc.options);
    compile(file, 'result', doc.result);
  }
  compile(contracts.rpcWire.file, 'error', contracts.rpcWire.doc.errorBody);
  for (const { file, doc } of postHooks(contracts)) compile(file, 'body', doc.body);
  for (const { file, doc } of getHooks(contracts)) {
    compile(file, 'query', doc.query);
    compile(file, 'response', doc.response);
  }
}

function checkCrossFile(contracts: Contracts, problems: string[]): void {
  const index = new SchemaIndex(contracts);
  const everyFile: Sourced<unknown>[] = [
    ...contracts.objects,
    ...contracts.operations,
    ...contracts.rpc,
    contracts.rpcWire,
    ...contracts.hooks,
  ];
  for (const { file, doc } of everyFile) {
    for (const ref of collectRefs(doc)) {
      try {
        index.resolve(file, ref);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  unique(contracts.objects.map((o) => [o.file, String(o.doc.title)]), 'object title', problems);
  unique(contracts.hooks.map((h) => [h.file, h.doc.path]), 'hook path', problems);
  unique(postHooks(contracts).map((h) => [h.file, h.doc.title]), 'hook body title', problems);
  unique(contracts.rpc.map((r) => [r.file, r.doc.method]), 'RPC method', problems);
  for (const { file, doc } of contracts.rpc) {
    if (file.split('/').pop() !== `${doc.method}.json`) problems.push(`${file}: method "${doc.method}" must live in ${doc.method}.json`);
    if (doc.options !== null) {
      const fields = Object.keys(doc.options.properties ?? {});
      const required = doc.options.required ?? [];
      const missing = fields.filter((f) => !required.includes(f));
      if (missing.length > 0) problems.push(`${file}: every options field must be required (the client sends them all): ${missing.join(', ')}`);
    }
  }
  for (const o of contracts.objects) checkExtends(o, index, problems);
  for (const o of contracts.objects) checkUnion(o, problems);
  const methods = new Map(contracts.rpc.map((r) => [r.doc.method, r.doc]));
  unique(contracts.operations.map((o) => [o.file, o.doc['x-cli'].command]), 'CLI command', problems);
  unique(contracts.operations.map((o) => [o.file, String(o.doc['x-cli'].order)]), 'CLI order', problems);
  checkClassNames(contracts, problems);
  const mcp = contracts.operations.filter((o) => o.doc['x-mcp'] !== undefined);
  unique(mcp.map((o) => [o.file, o.doc['x-mcp']!.name]), 'MCP tool name', problems);
  unique(mcp.map((o) => [o.file, String(o.doc['x-mcp']!.order)]), 'MCP tool order', problems);
  for (const op of contracts.operations) checkOperation(op, methods, problems);
}

/**
 * Every command class lives in one module (generated/cli/commands.ts), so two commands whose
 * class names meet (`ping` and `ping-` are both `Ping`), or a class named like a name that module
 * imports or declares, would not compile there: refused here, naming the contract.
 */
function checkClassNames(contracts: Contracts, problems: string[]): void {
  const taken = new Set(['Args', 'Flags', 'LichCommand', 'COMMANDS', 'CommandName', ...contracts.operations.map((o) => inputTypeName(o.doc.title))]);
  const classes = contracts.operations.map((o): [string, string] => [o.file, pascal(o.doc['x-cli'].command)]);
  unique(classes, 'CLI class name', problems);
  for (const [file, name] of classes) {
    if (taken.has(name)) problems.push(`${file}: the CLI command's class would be named ${name}, a name generated/cli/commands.ts already uses`);
  }
}

function unique(pairs: Array<[string, string]>, what: string, problems: string[]): void {
  const seen = new Map<string, string>();
  for (const [file, value] of pairs) {
    const other = seen.get(value);
    if (other !== undefined) problems.push(`${file}: ${what} "${value}" is also used by ${other}`);
    else seen.set(value, file);
  }
}

function checkExtends({ file, doc }: Sourced<SchemaObject>, index: SchemaIndex, problems: string[]): void {
  const base = doc['x-extends'];
  if (base === undefined) return;
  let target: Schema;
  try {
    target = index.resolve(file, base).schema;
  } catch (error) {
    problems.push((error as Error).message);
    return;
  }
  if (typeof target !== 'object') return;
  for (const [key, schema] of Object.entries(target.properties ?? {})) {
    if (JSON.stringify(doc.properties?.[key]) !== JSON.stringify(schema)) {
      problems.push(`${file}: field "${key}" must repeat ${base}'s exactly (x-extends)`);
    }
  }
  const required = new Set(doc.required ?? []);
  for (const key of target.required ?? []) if (!required.has(key)) problems.push(`${file}: "${key}" is required by ${base} (x-extends)`);
}

/**
 * A union object (`oneOf`) is only as closed and described as its members: each is one of its own
 * `$defs`, a closed object whose every field is described (or a bare `$ref`), so a TypeScript
 * consumer reads it as a discriminated union and a poll never carries a field its kind lacks.
 */
function checkUnion({ file, doc }: Sourced<SchemaObject>, problems: string[]): void {
  if (doc.oneOf === undefined) return;
  for (const member of doc.oneOf) {
    const ref = typeof member === 'object' ? member.$ref : undefined;
    const key = ref?.replace(/^#\/\$defs\//, '');
    const def = key === undefined ? undefined : doc.$defs?.[key];
    // The meta-schema spells every member `#/$defs/<key>`, and a key naming nothing does not compile.
    if (typeof def !== 'object') continue;
    if (def.type !== 'object' || def.additionalProperties !== false || def.properties === undefined) {
      problems.push(`${file}: $defs.${key} is a union member and must be a closed object (type object, additionalProperties false, properties)`);
      continue;
    }
    for (const [name, field] of Object.entries(def.properties)) {
      const described = typeof field === 'object' && (field.description !== undefined || (field.$ref !== undefined && Object.keys(field).length === 1));
      if (!described) problems.push(`${file}: $defs.${key}.properties.${name} must be described (or a bare $ref)`);
    }
  }
}

const MCP_TYPE_FOR: Record<string, string> = { string: 'string', integer: 'number', boolean: 'boolean' };

function checkOperation({ file, doc }: Sourced<OperationDoc>, methods: Map<string, RpcDoc>, problems: string[]): void {
  const say = (problem: string) => problems.push(`${file}: ${problem}`);
  if (file.split('/').pop() !== `${doc.title}.json`) say(`operation "${doc.title}" must live in ${doc.title}.json`);
  const fields = doc.input.properties;
  const names = Object.keys(fields);
  const notRequired = names.filter((f) => !doc.input.required.includes(f));
  if (notRequired.length > 0) say(`input: every field must be required (surfaces fill defaults): ${notRequired.join(', ')}`);
  for (const [name, field] of Object.entries(fields)) {
    const d = field.default;
    const ok = field.type === 'integer' ? Number.isInteger(d) : typeof d === field.type;
    if (!ok) say(`input.${name}: default ${JSON.stringify(d)} is not a ${String(field.type)}`);
  }

  const outcomes = doc['x-outcomes'];
  if (outcomes[outcomes.length - 1]!.when !== true) say('x-outcomes: the last case must be unconditional ("when": true)');
  // A `when` is data read by core's matcher (`holds`): a keyword it does not read would be ignored there.
  outcomes.forEach((o, i) => {
    for (const unread of unreadKeywords(o.when)) say(`x-outcomes[${i}].${unread} is a keyword core's matcher does not read (only ${MATCHER_KEYWORDS.join(', ')})`);
  });
  doc['x-rpc'].forEach((r, i) => {
    for (const unread of unreadKeywords(r.when as Schema)) say(`x-rpc[${i}].${unread} is a keyword core's matcher does not read (only ${MATCHER_KEYWORDS.join(', ')})`);
  });

  const cli = doc['x-cli'];
  if (!cli.usage[0]!.startsWith(`lich ${cli.command}`)) say(`x-cli.usage must begin with "lich ${cli.command}"`);
  const covered = new Map<string, string>();
  const cover = (field: string, by: string, type?: string) => {
    const input = fields[field];
    if (input === undefined) return say(`${by} names "${field}", which is not an input field`);
    if (covered.has(field)) say(`${by} and ${covered.get(field)} both fill "${field}"`);
    covered.set(field, by);
    if (type !== undefined && input.type !== type) say(`${by} is ${type} but input.${field} is ${String(input.type)}`);
  };
  // Optional positionals are filled left to right with the words the required ones leave over
  // (alignPositionals), so they may stand anywhere; one before a required one says so.
  cli.args.forEach((arg, i) => {
    cover(arg.field, `x-cli.args[${i}] <${arg.name}>`, 'string');
    const before = cli.args.slice(i + 1).some((a) => a.required);
    if (arg.leadingOptional === true && (arg.required || !before)) say(`x-cli.args[${i}]: leadingOptional is for an optional positional before a required one`);
    if (!arg.required && before && arg.leadingOptional !== true) say(`x-cli.args[${i}]: an optional positional before a required one must say leadingOptional`);
    if (arg.variadic === true && (i !== cli.args.length - 1 || !arg.required)) say(`x-cli.args[${i}]: only the last positional, a required one, can be variadic`);
    const spelled = arg.spelling ?? (arg.variadic === true ? `<${arg.name}...>` : arg.required ? `<${arg.name}>` : `[<${arg.name}>]`);
    // An optional positional may name an alternative spelling of itself: `[<text> | -]`.
    const alternative = arg.required ? spelled : `[<${arg.name}> |`;
    const usage = cli.usage.join(' ');
    if (!usage.includes(spelled) && !usage.includes(alternative)) say(`x-cli.usage does not spell ${spelled}`);
  });
  let jsonFlags = 0;
  for (const [name, flag] of Object.entries(cli.flags)) {
    if (flag.output === 'json') {
      jsonFlags++;
      if (name !== 'json' || flag.type !== 'boolean') say('x-cli.flags: the output flag is the boolean --json');
    } else cover(flag.field!, `x-cli.flags --${name}`, flag.type);
    if (flag.type !== 'boolean' && flag.helpValue === undefined) say(`x-cli.flags --${name} takes a value and needs a helpValue`);
    if (flag.type === 'boolean' && flag.helpValue !== undefined) say(`x-cli.flags --${name} is boolean and takes no helpValue`);
    // A boolean flag is spelled `[--x]`, or as one side of a choice: `[--x | --y]`.
    const spellings = flag.type === 'boolean' ? [`[--${name}`, `| --${name}]`] : [`--${name} ${flag.helpValue}`];
    if (!spellings.some((s) => cli.usage.join(' ').includes(s))) say(`x-cli.usage does not spell --${name}`);
  }
  if (cli.json !== (jsonFlags === 1)) say('x-cli.json must be true exactly when --json is among the flags');
  for (const name of names) if (!covered.has(name)) say(`input.${name} cannot be given on the command line: no x-cli arg or flag fills it`);

  const mcp = doc['x-mcp'];
  if (mcp !== undefined) {
    const seen = new Set<string>();
    for (const [name, prop] of Object.entries(mcp.properties)) {
      const input = fields[prop.field];
      if (input === undefined) {
        say(`x-mcp.properties.${name} names "${prop.field}", which is not an input field`);
        continue;
      }
      if (seen.has(prop.field)) say(`x-mcp.properties: two properties fill "${prop.field}"`);
      seen.add(prop.field);
      if (MCP_TYPE_FOR[String(input.type)] !== prop.type) say(`x-mcp.properties.${name} is ${prop.type} but input.${prop.field} is ${String(input.type)}`);
      if (prop.clamp !== undefined && prop.type !== 'number') say(`x-mcp.properties.${name}: only a number can be clamped`);
      if (prop.clamp !== undefined && prop.clamp.default > prop.clamp.max) say(`x-mcp.properties.${name}: the clamp's default exceeds its max`);
      if (prop.enum !== undefined && prop.type !== 'string') say(`x-mcp.properties.${name}: only a string takes an enum`);
      if (prop.missing !== undefined && !mcp.required.includes(name)) say(`x-mcp.properties.${name}: only a required property has a missing refusal`);
    }
    for (const name of mcp.required) if (!(name in mcp.properties)) say(`x-mcp.required names "${name}", which is not a property`);
  }

  const opencode = doc['x-opencode'];
  if (opencode !== undefined) {
    const exits = [...new Set(outcomes.map((o) => o.exit))].sort();
    const declared = [...opencode.resultExitCodes].sort();
    if (JSON.stringify(exits) !== JSON.stringify(declared)) say(`x-opencode.resultExitCodes must be the exits of x-outcomes: [${exits.join(', ')}]`);
    if (opencode.json && !cli.json) say('x-opencode.json needs a command that takes --json');
    const cap = opencode.capSeconds;
    if (cap !== undefined && fields[cap.field]?.type !== 'integer') say(`x-opencode.capSeconds.field "${cap.field}" is not an integer input field`);
  }

  checkRoutes(doc, methods, say);
  checkCarried(doc, methods, say);
  checkNameBounds(doc, methods, say);

  checkUserFacing(doc, say);
}

/**
 * `x-rpc` as routing data: every method defined in contracts/rpc; per step, the routes in order,
 * the last one unconditional (`"when": true`) and only the last — so exactly one method carries
 * each call whatever the input — and no method twice; a `when` names input fields, each compared
 * with a value of the field's own type.
 */
function checkRoutes(doc: OperationDoc, methods: Map<string, RpcDoc>, say: (problem: string) => void): void {
  const fields = doc.input.properties;
  const steps = new Map<string, number[]>();
  doc['x-rpc'].forEach((route, i) => {
    const step = route.step ?? DEFAULT_STEP;
    steps.set(step, [...(steps.get(step) ?? []), i]);
    if (!methods.has(route.method)) say(`x-rpc names "${route.method}", which no contracts/rpc file defines`);
    if (route.when === true) return;
    for (const [name, test] of Object.entries(route.when.properties)) {
      const field = fields[name];
      if (field === undefined) {
        say(`x-rpc[${i}].when names "${name}", which is not an input field`);
        continue;
      }
      const value = 'const' in test ? test.const : test.not.const;
      const ok = field.type === 'integer' ? Number.isInteger(value) : typeof value === field.type;
      if (!ok) say(`x-rpc[${i}].when compares input.${name} (${String(field.type)}) with ${JSON.stringify(value)}`);
    }
  });
  for (const [step, indices] of steps) {
    const routes = indices.map((i) => doc['x-rpc'][i]!);
    const last = indices[indices.length - 1]!;
    if (routes[routes.length - 1]!.when !== true) say(`x-rpc[${last}]: the last route of step "${step}" must be unconditional ("when": true)`);
    routes.slice(0, -1).forEach((route, k) => {
      if (route.when === true) say(`x-rpc[${indices[k]}]: only the last route of step "${step}" may be unconditional; the ones after it are never taken`);
    });
    const named = routes.map((r) => r.method);
    const twice = named.filter((m, k) => named.indexOf(m) !== k);
    if (twice.length > 0) say(`x-rpc: step "${step}" routes to ${twice.join(', ')} twice`);
  }
}

/**
 * The drift check (issue 15): every input field must reach something — an option of an RPC
 * method the operation routes to (by name), a route's `when`, or a declaration in `x-local` of
 * what carries it locally. A field the surfaces parse and nothing carries is refused here, naming
 * the field and the contract, rather than dropped in silence between core and the backend.
 */
function checkCarried(doc: OperationDoc, methods: Map<string, RpcDoc>, say: (problem: string) => void): void {
  const routed = [...new Set(doc['x-rpc'].map((r) => r.method))];
  const options = new Set<string>();
  for (const method of routed) for (const name of Object.keys(methods.get(method)?.options?.properties ?? {})) options.add(name);
  const read = new Set<string>();
  for (const route of doc['x-rpc']) if (route.when !== true) for (const name of Object.keys(route.when.properties)) read.add(name);
  const local = doc['x-local'] ?? {};
  for (const name of Object.keys(local)) {
    if (doc.input.properties[name] === undefined) say(`x-local declares "${name}", which is not an input field`);
    else if (options.has(name) || read.has(name)) say(`x-local declares "${name}", which x-rpc already carries: drop it from x-local`);
  }
  for (const name of Object.keys(doc.input.properties)) {
    if (options.has(name) || read.has(name) || Object.hasOwn(local, name)) continue;
    const where = routed.length === 0 ? 'x-rpc routes to no RPC method' : `no RPC method it routes to (${routed.join(', ')}) has an option "${name}"`;
    say(
      `input.${name} is carried by nothing: ${where}, no x-rpc route reads it, and x-local does not declare it. ` +
        `Add "${name}" to the options of ${routed.length === 0 ? 'the RPC method that should carry it' : routed.map((m) => `contracts/rpc/${m}.json`).join(' or ')}, ` +
        'or declare in x-local what carries it',
    );
  }
}

/**
 * A bounded name (`maxLength` with its `title`, issue 22) is one bound wherever it travels: the
 * option of the same name on every RPC method the operation routes to carries the same
 * `maxLength` and `title`, so the backend refuses exactly what core refuses, in the same words;
 * and an option that is bounded is bounded on the input that feeds it too. Only a string is.
 */
function checkNameBounds(doc: OperationDoc, methods: Map<string, RpcDoc>, say: (problem: string) => void): void {
  const routed = [...new Set(doc['x-rpc'].map((r) => r.method))];
  for (const [name, field] of Object.entries(doc.input.properties)) {
    if (field.maxLength !== undefined && field.type !== 'string') say(`input.${name}: only a string takes a maxLength`);
    for (const method of routed) {
      const option = methods.get(method)?.options?.properties?.[name] as SchemaObject | undefined;
      if (option === undefined) continue;
      if (option.maxLength !== field.maxLength || option.title !== field.title) {
        say(
          `input.${name} is bounded ${bound(field)} but contracts/rpc/${method}.json's option "${name}" ${bound(option)}: ` +
            'a name has one bound wherever it travels — give both the same maxLength and title',
        );
      }
    }
  }
}

function bound(schema: SchemaObject): string {
  return schema.maxLength === undefined ? 'not at all' : `to ${String(schema.maxLength)} (${JSON.stringify(schema.title)})`;
}

/** A pointer into the project's own documents (`spec/cli.md § lich send`, `wire.md § 10`). */
const INTERNAL_POINTER = /spec\/[\w.-]+\.md|\b(?:wire|DESIGN|STYLE|ecosystem|architecture)\.md\b|§/;

/**
 * The texts an agent or a person reads — `lich <cmd> --help`, `lich help`, the MCP and opencode
 * tool descriptions — must not point into documents they do not have; provenance goes in
 * `x-source`, which only reaches generated doc comments.
 */
function checkUserFacing(doc: OperationDoc, say: (problem: string) => void): void {
  const texts: Array<[string, string]> = [['description', doc.description], ['x-cli.summary', doc['x-cli'].summary]];
  doc['x-cli'].args.forEach((arg, i) => texts.push([`x-cli.args[${i}].description`, arg.description]));
  for (const [name, flag] of Object.entries(doc['x-cli'].flags)) texts.push([`x-cli.flags --${name} description`, flag.description]);
  const mcp = doc['x-mcp'];
  if (mcp !== undefined) {
    texts.push(['x-mcp.description', mcp.description]);
    for (const [name, prop] of Object.entries(mcp.properties)) {
      texts.push([`x-mcp.properties.${name}.description`, prop.description]);
      if (prop.missing !== undefined) texts.push([`x-mcp.properties.${name}.missing`, prop.missing]);
    }
  }
  for (const [where, text] of texts) {
    const pointer = INTERNAL_POINTER.exec(text);
    if (pointer !== null) say(`${where} is shown to users and must not point into internal documents ("${pointer[0]}"); put it in x-source`);
  }
}
