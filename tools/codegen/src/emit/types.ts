/**
 * `generated/types.ts`: the TypeScript types of every object, operation input and output, RPC
 * method and hook body, written from the schemas (docs/architecture.md § What generated/ exports).
 */
import { pascal, tsString } from '../literal';
import type { Contracts, Files, SchemaObject } from '../model';
import { SchemaIndex, tsPropertyName } from '../schema';
import { doc, renderTs } from '../tsfile';
import type { SourceFile } from 'ts-morph';
import { allSources, byHelpOrder, getHooks, inputTypeName, isInlineObject, outputTypeName, postHooks, rpcOptionsTypeName, rpcResultType } from './names';

export function emitTypes(contracts: Contracts): Files {
  const index = new SchemaIndex(contracts);
  const ops = byHelpOrder(contracts);
  const text = renderTs(allSources(contracts), (file) => {
    file.addStatements([
      '/** A JSON Schema (2020-12) document, self-contained: every `$ref` of the contracts is inlined. */',
      'export type JsonSchema = boolean | { readonly [keyword: string]: unknown };',
    ]);

    for (const def of index.namedDefs(contracts)) {
      // A `$defs` object with fields (a union member, an item of a list) is an interface, so its
      // fields keep their descriptions; everything else is an alias.
      if (isInlineObject(def.schema)) addObject(file, index, def.name, def.schema, def.file);
      else file.addTypeAlias({ name: def.name, isExported: true, type: index.tsType(def.schema, def.file), docs: doc(index.describe(def.schema, def.file)) });
    }
    for (const { file: from, doc: schema } of contracts.objects) {
      addObject(file, index, String(schema.title), schema, from);
    }
    file.addTypeAlias({
      name: 'ObjectName',
      isExported: true,
      type: contracts.objects.map((o) => tsString(String(o.doc.title))).join(' | '),
      docs: ['The objects of the wire, by type name (`objectSchemas` in contracts.ts).'],
    });

    for (const { file: from, doc: op } of ops) {
      addObject(file, index, inputTypeName(op.title), op.input, from, `Input of the \`${op.title}\` operation (${[from, op['x-source']].filter((s) => s !== undefined).join('; ')}). ${op.description}`);
      file.addTypeAlias({
        name: outputTypeName(op.title),
        isExported: true,
        type: index.tsType(op.output, from),
        docs: doc(`Output of the \`${op.title}\` operation${describeSuffix(index.describe(op.output, from))}`),
      });
    }
    file.addTypeAlias({
      name: 'OpName',
      isExported: true,
      type: ops.map((o) => tsString(o.doc.title)).join(' | '),
      docs: ['Every operation, in `lich help` order.'],
    });
    file.addInterface({
      name: 'OperationTypes',
      isExported: true,
      docs: ['Operation name → its input and output types.'],
      properties: ops.map(({ doc: op }) => ({
        name: op.title,
        type: `{ input: ${inputTypeName(op.title)}; output: ${outputTypeName(op.title)} }`,
      })),
    });

    for (const { file: from, doc: rpc } of contracts.rpc) {
      if (rpc.options !== null) addObject(file, index, rpcOptionsTypeName(rpc.method), rpc.options, from, `Options of \`${rpc.method}\`: ${rpc.description}`);
      const result = rpc.result;
      if (isInlineObject(result)) addObject(file, index, `${pascal(rpc.method)}Result`, result, from);
    }
    file.addTypeAlias({
      name: 'RpcMethodName',
      isExported: true,
      type: contracts.rpc.map((r) => tsString(r.doc.method)).join(' | '),
      docs: ['Every RPC method the CLI posts (`POST /rpc/<method>`).'],
    });
    file.addInterface({
      name: 'RpcMethods',
      isExported: true,
      docs: ['RPC method → the options object its body carries (`null`: the body is `[]`) and its result.'],
      properties: contracts.rpc.map(({ file: from, doc: rpc }) => ({
        name: tsString(rpc.method),
        type: `{ options: ${rpc.options === null ? 'null' : rpcOptionsTypeName(rpc.method)}; result: ${rpcResultType(index, rpc, from)} }`,
      })),
    });

    const posts = postHooks(contracts);
    for (const { file: from, doc: hook } of posts) {
      addObject(file, index, hook.title, hook.body, from, `Body of \`POST ${hook.path}\`: ${hook.description}`);
    }
    file.addTypeAlias({
      name: 'HookPath',
      isExported: true,
      type: union(posts.map((h) => tsString(h.doc.path))),
      docs: ['Every hook endpoint that takes a JSON body (POST).'],
    });
    file.addInterface({
      name: 'HookBodies',
      isExported: true,
      docs: ['Hook endpoint → the body it takes.'],
      properties: posts.map(({ doc: hook }) => ({ name: tsString(hook.path), type: hook.title })),
    });
    const gets = getHooks(contracts);
    file.addTypeAlias({
      name: 'HookGetPath',
      isExported: true,
      type: union(gets.map((h) => tsString(h.doc.path))),
      docs: ['Every hook endpoint that answers a GET with JSON.'],
    });
    file.addInterface({
      name: 'HookResponses',
      isExported: true,
      docs: ['GET hook endpoint → the JSON it answers 200 with.'],
      properties: gets.map(({ file: from, doc: hook }) => ({ name: tsString(hook.path), type: index.tsType(hook.response, from), docs: doc(index.describe(hook.response, from)) })),
    });
  });
  return { 'types.ts': text };
}

/** A union type of `members`; `never` when there are none. */
function union(members: string[]): string {
  return members.length === 0 ? 'never' : members.join(' | ');
}

function describeSuffix(text: string | undefined): string {
  return text === undefined ? '.' : `: ${text}`;
}

function addObject(file: SourceFile, index: SchemaIndex, name: string, schema: SchemaObject, from: string, description?: string): void {
  const props = Object.entries(schema.properties ?? {});
  const docs = doc(description ?? schema.description);
  if (props.length === 0) {
    file.addTypeAlias({ name, isExported: true, type: index.tsType(schema, from), docs });
    return;
  }
  const base = schema['x-extends'];
  const inherited = new Set<string>();
  let extendsName: string | undefined;
  if (base !== undefined) {
    const target = index.resolve(from, base);
    extendsName = index.nameOf(target);
    if (typeof target.schema === 'object') for (const key of Object.keys(target.schema.properties ?? {})) inherited.add(key);
  }
  const required = new Set(schema.required ?? []);
  file.addInterface({
    name,
    isExported: true,
    docs,
    extends: extendsName === undefined ? [] : [extendsName],
    properties: props
      .filter(([key]) => !inherited.has(key))
      .map(([key, prop]) => ({
        name: tsPropertyName(key),
        type: index.tsType(prop, from),
        hasQuestionToken: !required.has(key),
        docs: doc(index.describe(prop, from)),
      })),
  });
}
