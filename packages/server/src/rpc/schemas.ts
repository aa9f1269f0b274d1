/**
 * The RPC contract as the dispatcher validates against it: per method, the JSON Schema of its
 * options object (`null` for a method that takes none) and of its result, as codegen emits them
 * from `contracts/rpc/` and `contracts/objects/` with every `$ref` inlined
 * (docs/architecture.md § What `generated/` exports).
 *
 * The one module of the server that reads the contract.
 */
import { rpcMethods as generated } from '@lich/generated/contracts';

export type JsonSchema = Record<string, unknown>;

/** A method's contract: options `null` = the body is `[]`. */
export interface RpcMethodSchemas {
  options: JsonSchema | null;
  result: JsonSchema;
}

/** Every method the dispatcher serves, by `<service>.<Method>`. */
export const rpcMethods: Readonly<Record<string, RpcMethodSchemas>> = generated as unknown as Record<string, RpcMethodSchemas>;
