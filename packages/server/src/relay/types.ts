/**
 * The relay's result objects: the generated contract types (contracts/objects → generated/types.ts),
 * so a field that moves in the contract fails here at type-check time rather than on the wire.
 * Shapes: docs/architecture.md § The RPC wire; wire.md § 6 (`relay.Status` is GET /mod/status, § 11.3).
 */
export type { Collected, Peer, RelayStatus, Result, ResultStatus as Status } from '@lich/generated/types';
