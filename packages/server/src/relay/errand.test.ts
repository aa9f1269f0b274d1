import { describe, expect, it } from 'vitest';
import * as errand from './errand.js';
import { isLapsed, isOpen, newErrand, result } from './errand.js';
import type { RelayModTicket } from './relay-mod.js';

const fresh = () =>
  newErrand({ ticket: 't1', from: 's1', targetId: 's2', targetLabel: 'docs', prompt: 'p', message: 'm', private: false, subagent: false, deadline: 0 });

const ticket = (id: string): RelayModTicket => ({ id, collected: Promise.resolve(false), withdraw: () => true, wait: async () => undefined });

describe('an errand’s state', () => {
  it('carries in each phase the facts of that phase only, from the send to a late answer', () => {
    const e = fresh();
    expect(e.state).toEqual({ phase: 'queued', modOffer: 'untried' });
    errand.startTyping(e);
    errand.deliver(e, { handedSeq: 4, via: 'typed', behindTurn: false });
    expect(e.state).toEqual({ phase: 'delivered', handedSeq: 4, via: 'typed', behindTurn: false, turn: 'awaited', receipt: 'none' });
    errand.sawBusy(e);
    expect(e.state).toMatchObject({ turn: 'started', receipt: 'busy' });
    const unanswered = result('t1', 'docs', 'unanswered', '', false);
    errand.land(e, unanswered, 5, false);
    expect(e.state).toEqual({ phase: 'ready', outcome: unanswered, landedSeq: 5, wasDelivered: true, announced: 'no', notes: 'may' });
    errand.nudged(e);
    errand.taken(e);
    expect(e.state).toEqual({ phase: 'taken', outcome: unanswered, landedSeq: 5, wasDelivered: true });
    expect(isOpen(e)).toBe(false);
    expect(isLapsed(e)).toBe(true);
    const late = result('t1', 'docs', 'answered', 'ok', false);
    errand.land(e, late, 9, false);
    expect(e.state).toMatchObject({ phase: 'ready', outcome: late, wasDelivered: true, announced: 'no' });
  });

  it('skips the turn it was handed over behind, and starts on the next busy; what it read only moves forward', () => {
    const e = fresh();
    errand.offer(e, ticket('m1'));
    errand.deliver(e, { handedSeq: 1, via: 'mod', behindTurn: true });
    errand.sawBusy(e);
    expect(e.state).toMatchObject({ turn: 'skipped', receipt: 'busy', behindTurn: true });
    errand.turnEnded(e);
    expect(e.state).toMatchObject({ turn: 'awaited' });
    errand.acked(e);
    errand.sawBusy(e);
    expect(e.state).toMatchObject({ turn: 'started', receipt: 'acked', behindTurn: true });
  });

  it('holds a lapsed offer as typed-only, and a declined note as nudge-only, until it lands again', () => {
    const e = fresh();
    errand.offer(e, ticket('m1'));
    errand.lapseOffer(e);
    expect(e.state).toEqual({ phase: 'queued', modOffer: 'lapsed' });
    expect(() => errand.offer(e, ticket('m2'))).toThrow('errand t1 cannot go from queued to offered');
    errand.startTyping(e);
    errand.queue(e);
    expect(e.state).toEqual({ phase: 'queued', modOffer: 'lapsed' });
    errand.startTyping(e);
    errand.deliver(e, { handedSeq: 2, via: 'typed', behindTurn: false });
    errand.land(e, result('t1', 'docs', 'answered', 'r', false), 3, false);
    const note = ticket('m3');
    errand.noted(e, note);
    expect(e.state).toMatchObject({ announced: 'noted', note });
    errand.noteDeclined(e, note);
    expect(e.state).toMatchObject({ announced: 'no', notes: 'declined' });
    expect(() => errand.noted(e, ticket('m4'))).toThrow('cannot go from ready');
  });

  it('refuses every move from a phase it cannot start from', () => {
    const e = fresh();
    expect(() => errand.deliver(e, { handedSeq: 1, via: 'typed', behindTurn: false })).toThrow('from queued to delivered');
    errand.startTyping(e);
    expect(() => errand.deliver(e, { handedSeq: 1, via: 'mod', behindTurn: false })).toThrow('from typing to delivered mod');
    expect(() => errand.sawBusy(e)).toThrow('from typing');
    errand.land(e, result('t1', 'docs', 'undelivered', '', false), 1, true);
    expect(e.state).toMatchObject({ phase: 'silent', wasDelivered: false });
    expect(() => errand.taken(e)).toThrow('from silent to taken');
    errand.drop(e);
    expect(() => errand.land(e, result('t1', 'docs', 'answered', 'x', false), 2, false)).toThrow('from gone to ready');
  });
});
