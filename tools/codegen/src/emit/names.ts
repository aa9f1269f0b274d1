/** The names codegen gives things, shared by every emitter so two files never disagree. */
import { pascal } from '../literal';
import type { Contracts, GetHookDoc, OperationDoc, PostHookDoc, RpcDoc, Schema, SchemaObject, Sourced } from '../model';
import type { SchemaIndex } from '../schema';

/** `send` → `SendInput`. */
export function inputTypeName(op: string): string {
  return `${pascal(op)}Input`;
}

/** `send` → `SendOutput`. */
export function outputTypeName(op: string): string {
  return `${pascal(op)}Output`;
}

/** `relay.Send` → `RelaySendOptions`. */
export function rpcOptionsTypeName(method: string): string {
  return `${pascal(method)}Options`;
}

/** The result type of an RPC method: a named object, a named interface codegen emits, or inline. */
export function rpcResultType(index: SchemaIndex, rpc: RpcDoc, from: string): string {
  return isInlineObject(rpc.result) ? `${pascal(rpc.method)}Result` : index.tsType(rpc.result, from);
}

/** The operations in `lich help` order (`x-cli.order`). */
export function byHelpOrder(contracts: Contracts): Sourced<OperationDoc>[] {
  return [...contracts.operations].sort((a, b) => a.doc['x-cli'].order - b.doc['x-cli'].order);
}

/** The operations that are MCP tools, in `tools/list` order (`x-mcp.order`). */
export function mcpTools(contracts: Contracts): Array<Sourced<OperationDoc> & { mcp: NonNullable<OperationDoc['x-mcp']> }> {
  return contracts.operations
    .filter((o) => o.doc['x-mcp'] !== undefined)
    .map((o) => ({ ...o, mcp: o.doc['x-mcp']! }))
    .sort((a, b) => a.mcp.order - b.mcp.order);
}

/** Every contract file. */
export function allSources(contracts: Contracts): string[] {
  return [
    ...contracts.objects.map((o) => o.file),
    ...contracts.operations.map((o) => o.file),
    contracts.rpcWire.file,
    ...contracts.rpc.map((o) => o.file),
    contracts.hookResponses.file,
    ...contracts.hooks.map((o) => o.file),
  ];
}

/** Whether a schema is an object with its own properties (emitted as a named interface). */
export function isInlineObject(schema: Schema): schema is SchemaObject {
  return typeof schema === 'object' && schema.$ref === undefined && schema.type === 'object' && Object.keys(schema.properties ?? {}).length > 0;
}


/** The hook endpoints that take a JSON body (POST), in file order. */
export function postHooks(contracts: Contracts): Sourced<PostHookDoc>[] {
  return contracts.hooks.filter((h): h is Sourced<PostHookDoc> => h.doc.method !== 'GET');
}

/** The hook endpoints that answer a GET with JSON, in file order. */
export function getHooks(contracts: Contracts): Sourced<GetHookDoc>[] {
  return contracts.hooks.filter((h): h is Sourced<GetHookDoc> => h.doc.method === 'GET');
}
