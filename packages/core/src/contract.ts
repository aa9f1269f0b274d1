/**
 * `@lich/core/contract` — the contract's types, every one generated from `contracts/`
 * (generated/types.ts; `npm run codegen`): the objects the RPC wire carries and the operations
 * return (`Peer`, `Result`, `Session`, …, spec/cli.md and wire.md § 6), each operation's input and
 * output (`SendInput`, `SendOutput`, …, `Operations`), each RPC method's options and result
 * (`RpcMethods`, `RelaySendOptions`, …), and the plugin endpoints' bodies and answers
 * (`HookBodies`, `SessionStateBody`, `ModCommand`, `RelayStatus`, …, wire.md § 11).
 *
 * Types only: importing this module loads nothing. `@lich/core` re-exports the ones its functions
 * take and return; this entry point has all of them, for a client that builds its own bodies.
 *
 * ```ts
 * import type { Peer, SessionStateBody } from '@lich/core/contract';
 * ```
 *
 * @module \@lich/core/contract
 */
export type * from '@lich/generated/types';
