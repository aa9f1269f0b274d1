// Types of the parts of lib.mjs a test imports (lib.test.ts); the bench's own .mjs files are not type-checked.
export interface RpcReply {
  status: number;
  /** The JSON body parsed, or the text when it is not JSON (a 403's `forbidden\n`). */
  body: any;
  /** When the request was sent, its headers arrived and its body ended (ms, hrtime). */
  sentAt: number;
  headersAt: number;
  endAt: number;
}
export interface RpcClient {
  call(method: string, options?: unknown, timeoutMs?: number): Promise<RpcReply>;
  close(): void;
}
export function rpcClient(port: number, token: string): RpcClient;
