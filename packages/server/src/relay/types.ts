/**
 * The relay's result objects: the generated contract types (contracts/objects → generated/types.ts),
 * so a field that moves in the contract fails here at type-check time rather than on the wire.
 * Shapes: docs/architecture.md § The RPC wire; wire.md § 6.
 */
export type { Collected, Peer, Result, ResultStatus as Status } from '@lich/generated/types';
