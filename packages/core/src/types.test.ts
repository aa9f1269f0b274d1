/**
 * Core's own types against the ones generated from contracts/: a generated `<Op>Input` (every
 * field present) must be accepted by core as it is, and core's outputs must be the contract's.
 * A contract change that core has not followed fails to type-check here.
 */
import type * as G from '@lich/generated/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationInput, OperationOutput, Operations } from './types.js';

type CoreOps = keyof Operations;

describe('core types and the contract', () => {
  it('accepts every generated operation input', () => {
    expectTypeOf<G.SendInput>().toMatchTypeOf<OperationInput<'send'>>();
    expectTypeOf<G.WaitInput>().toMatchTypeOf<OperationInput<'wait'>>();
    expectTypeOf<G.ReplyInput>().toMatchTypeOf<OperationInput<'reply'>>();
    expectTypeOf<G.OpenInput>().toMatchTypeOf<OperationInput<'open'>>();
    expectTypeOf<G.CloseInput>().toMatchTypeOf<OperationInput<'close'>>();
    expectTypeOf<G.SessionsInput>().toMatchTypeOf<OperationInput<'sessions'>>();
    expectTypeOf<G.VersionInput>().toMatchTypeOf<OperationInput<'version'>>();
  });

  it('returns exactly the contract outputs', () => {
    expectTypeOf<OperationOutput<'sessions'>>().toEqualTypeOf<G.SessionsOutput>();
    expectTypeOf<OperationOutput<'whoami'>>().toEqualTypeOf<G.WhoamiOutput>();
    expectTypeOf<OperationOutput<'send'>['ticket']>().toEqualTypeOf<G.SendOutput['ticket']>();
    expectTypeOf<OperationOutput<'open'>>().toMatchTypeOf<G.OpenOutput>();
    expectTypeOf<G.OpenOutput>().toMatchTypeOf<OperationOutput<'open'>>();
    expectTypeOf<OperationOutput<'close'>>().toEqualTypeOf<G.CloseOutput>();
    expectTypeOf<OperationOutput<'version'>>().toEqualTypeOf<G.VersionOutput>();
    expectTypeOf<OperationOutput<'reply'>>().toEqualTypeOf<G.ReplyOutput>();
  });

  it('accepts the control and ask inputs and returns exactly Controlled and Answered', () => {
    expectTypeOf<G.ControlInput>().toMatchTypeOf<OperationInput<'control'>>();
    expectTypeOf<G.AskInput>().toMatchTypeOf<OperationInput<'ask'>>();
    expectTypeOf<OperationOutput<'control'>>().toEqualTypeOf<G.ControlOutput>();
    expectTypeOf<OperationOutput<'ask'>>().toEqualTypeOf<G.AskOutput>();
  });

  it('reads ModCommand as a discriminated union: its kind names exactly one member', () => {
    expectTypeOf<Extract<G.ModCommand, { kind: 'command' }>>().toEqualTypeOf<G.ModCommandCommand>();
    expectTypeOf<Extract<G.ModCommand, { kind: 'prompt' }>['notification']>().toEqualTypeOf<G.ModNotification | undefined>();
    expectTypeOf<G.ModCommand['kind']>().toEqualTypeOf<G.ModCommandKind>();
    expectTypeOf<G.HookResponses['/mod/commands']>().toEqualTypeOf<G.ModCommand[]>();
    expectTypeOf<G.HookResponses['/mod/status']>().toEqualTypeOf<G.RelayStatus>();
  });

  it('runs every contract operation but help, which the CLI answers itself', () => {
    expectTypeOf<Exclude<G.OpName, 'help'>>().toEqualTypeOf<CoreOps>();
  });
});
