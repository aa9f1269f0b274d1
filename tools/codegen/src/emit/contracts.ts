/**
 * `generated/contracts.ts`: the schemas as data (each self-contained, `$ref`s inlined, ready for
 * ajv), `outcomes`, the `x-outcomes` cases of every operation as `{ when, exit }` lists, and
 * `rpcRoutes`, the `x-rpc` routes as `{ method, when }` lists per step (emit/routes.ts); each
 * `when` is the contract's JSON Schema as it is, read by `holds` in
 * packages/core/src/contract-tables.ts. Every export is a top-level `const` of its own that reads
 * no other's data, so a bundler keeps only what its entry uses: the CLI takes `outcomes` and
 * `rpcRoutes` and none of the schemas. The file imports only its sibling types.
 */
import { VariableDeclarationKind } from 'ts-morph';
import { tsLiteral } from '../literal';
import type { Contracts, Files } from '../model';
import { SchemaIndex } from '../schema';
import { renderTs } from '../tsfile';
import { allSources, byHelpOrder, getHooks, postHooks } from './names';
import { addRoutes } from './routes';

export function emitContracts(contracts: Contracts): Files {
  const index = new SchemaIndex(contracts);
  const ops = byHelpOrder(contracts);
  const text = renderTs(allSources(contracts), (file) => {
    file.addImportDeclaration({
      moduleSpecifier: './types',
      isTypeOnly: true,
      namedImports: ['HookGetPath', 'HookPath', 'JsonSchema', 'ObjectName', 'OpName', 'RpcMethodName'],
    });

    file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'objectSchemas',
          type: 'Readonly<Record<ObjectName, JsonSchema>>',
          initializer: tsLiteral(Object.fromEntries(contracts.objects.map((o) => [String(o.doc.title), index.deref(o.doc, o.file)]))),
        },
      ],
      docs: ['Object type name → its JSON Schema (contracts/objects), every `$ref` inlined.'],
    });

    file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'rpcMethods',
          type: 'Readonly<Record<RpcMethodName, { readonly options: JsonSchema | null; readonly result: JsonSchema }>>',
          initializer: tsLiteral(
            Object.fromEntries(
              contracts.rpc.map(({ file: from, doc: rpc }) => [
                rpc.method,
                { options: rpc.options === null ? null : index.deref(rpc.options, from), result: index.deref(rpc.result, from) },
              ]),
            ),
          ),
        },
      ],
      docs: [
        'RPC method → the schema of the one options object its body array carries (`null`: the body is `[]`) and of its 200 result (contracts/rpc).',
      ],
    });

    file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'operations',
          type: 'Readonly<Record<OpName, { readonly input: JsonSchema; readonly output: JsonSchema; readonly rpc: readonly RpcMethodName[] }>>',
          initializer: tsLiteral(
            Object.fromEntries(
              ops.map(({ file: from, doc: op }) => [
                op.title,
                { input: index.deref(op.input, from), output: index.deref(op.output, from), rpc: op['x-rpc'].map((u) => u.method) },
              ]),
            ),
          ),
        },
      ],
      docs: ['Operation → the schemas of its input and output, and the RPC methods it may post (contracts/operations).'],
    });

    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'nameLimits',
          type: 'Readonly<Partial<Record<OpName, Readonly<Record<string, { readonly max: number; readonly noun: string }>>>>>',
          initializer: tsLiteral(
            Object.fromEntries(
              ops.flatMap(({ doc: op }) => {
                const bounded = Object.entries(op.input.properties).filter(([, field]) => typeof field.maxLength === 'number');
                if (bounded.length === 0) return [];
                return [[op.title, Object.fromEntries(bounded.map(([name, field]) => [name, { max: field.maxLength, noun: field.title }]))]];
              }),
            ),
          ),
        },
      ],
      docs: [
        'Operation → its input fields that are names lich keeps or passes on, each with the most characters it may have and the noun a refusal calls it by (contracts/operations: `maxLength`, `title`). Core refuses a longer one before any call (issue 22).',
      ],
    });

    const posts = postHooks(contracts);
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'hookEndpoints',
          type: 'Readonly<Record<HookPath, { readonly body: JsonSchema; readonly bodyLimitBytes: number }>>',
          initializer: tsLiteral(Object.fromEntries(posts.map(({ file: from, doc: hook }) => [hook.path, { body: index.deref(hook.body, from), bodyLimitBytes: hook.bodyLimitBytes }]))),
        },
      ],
      docs: ['Hook endpoint that takes a body (POST) → the schema of its body and the most bytes of body it reads (contracts/hooks).'],
    });

    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'hookSchemas',
          type: 'Readonly<Record<HookPath, JsonSchema>>',
          initializer: tsLiteral(Object.fromEntries(posts.map(({ file: from, doc: hook }) => [hook.path, index.deref(hook.body, from)]))),
        },
      ],
      docs: ['Hook endpoint that takes a body (POST) → the schema of its body: what a client checks a body against before it sends it (contracts/hooks).'],
    });

    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'hookGetEndpoints',
          type: 'Readonly<Record<HookGetPath, { readonly query: JsonSchema; readonly response: JsonSchema }>>',
          initializer: tsLiteral(
            Object.fromEntries(getHooks(contracts).map(({ file: from, doc: hook }) => [hook.path, { query: index.deref(hook.query, from), response: index.deref(hook.response, from) }])),
          ),
        },
      ],
      docs: ['Hook endpoint that answers a GET → the schema of its query parameters (besides the token) and of the JSON it answers 200 with (contracts/hooks).'],
    });

    file.addTypeAlias({
      name: 'OutcomeExit',
      isExported: true,
      type: '0 | 2 | 3',
      docs: ['An exit code that is an outcome rather than a failure (spec/cli.md § Commands): 1 is always failure.'],
    });
    file.addInterface({
      name: 'ExitCase',
      isExported: true,
      docs: ['One case of an operation\'s `x-outcomes`: the exit code its output means when `when` holds on it.'],
      properties: [
        {
          name: 'when',
          isReadonly: true,
          type: 'JsonSchema',
          docs: ['A JSON Schema over the operation\'s output, in the subset core\'s `holds` reads; `true` always holds.'],
        },
        { name: 'exit', isReadonly: true, type: 'OutcomeExit' },
      ],
    });
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      declarations: [
        {
          name: 'outcomes',
          type: '{ readonly [K in OpName]: readonly ExitCase[] }',
          initializer: tsLiteral(Object.fromEntries(ops.map(({ doc: op }) => [op.title, op['x-outcomes'].map((o) => ({ when: o.when, exit: o.exit }))]))),
        },
      ],
      docs: [
        [
          'The `x-outcomes` of every operation, in order: the first case whose `when` holds on an output gives the exit code of an operation that succeeded (spec/cli.md § Commands; read by core\'s `exitCode`):',
          ...ops.flatMap(({ doc: op }) => op['x-outcomes'].map((o, i) => `- \`${op.title}\`${i === op['x-outcomes'].length - 1 && i > 0 ? ' otherwise' : ''}: ${o.exit} — ${o.meaning}`)),
          '',
          'A failure is always 1 and never reaches this table.',
        ].join('\n'),
      ],
    });

    addRoutes(file, contracts);
  });
  return { 'contracts.ts': text };
}
