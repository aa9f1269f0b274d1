/**
 * What the mod's hooks share: the overrides `turn.step` applies, the main loop's running turn
 * (whose id `turn.start` gave, the one `$.turn.abort` takes), and the session's link to lich
 * once `session.start` found one. Plain data: `$` is never kept (the static scan refuses a `$`
 * that is stored), only closed over by the link and the engine built in `session.start`.
 */
import type { ModelEffort, TurnStepInput } from 'claude-code';
import { Workers } from '@lich/core/mod/cards';
import type { FooterParts } from '@lich/core/mod/footer';
import type { PluginLink } from '@lich/core/mod/link';

/** A `$.clock.after` timer. */
export interface Timer {
  cancel(): void;
}

/** The main loop's running turn. */
export interface Turn {
  /** `turn.start`'s `turnId`. */
  id: string;
  /** Resolves when its `turn.complete` came. */
  ended: Promise<void>;
  end(): void;
}

export interface ModState {
  /** `lich control <s> model`: sent with every model request from now on; `undefined` sends the session's own. */
  model: string | undefined;
  /** `lich control <s> effort`: likewise. */
  effort: ModelEffort | undefined;
  /** The main loop's turn in progress, or `null` between turns. */
  turn: Turn | null;
  /** The session's link to lich: set by `session.start` in an interactive session inside lich, else `null`. */
  link: PluginLink | null;
  /**
   * This session is a `lich open --subagent` worker (`LICH_SUBAGENT_DEPTH` 1 or more): the final
   * message of a turn that worked on a task lich handed its mod is that task's answer.
   */
  worker: boolean;
  /** lich handed the mod a prompt since the last answer went to `/mod/answer`. */
  owesAnswer: boolean;
  /** The session's `session.start` said it is interactive and inside lich: the modules act only then. */
  interactive: boolean;
  /** The lich line of the prompt footer, by part (core `mod/footer.ts`). */
  footer: FooterParts;
  /** The workers this session's `Agent` calls opened and still counts (agent cards). */
  workers: Workers;
  /** The timer of the next `lich sessions --json` read, while workers are counted. */
  workerTimer: Timer | undefined;
  /** The timer of the next `GET /mod/status` read (mod-status), while lich serves it. */
  statusTimer: Timer | undefined;
  /** The timer that clears the footer's edit note, and the marker time it belongs to (edit guard). */
  editNote: { at: number; timer: Timer } | undefined;
  /** The state reports of compactions, sent one after another (lich keeps only the latest). */
  compactions: Promise<unknown>;
}

export function newState(): ModState {
  return {
    model: undefined,
    effort: undefined,
    turn: null,
    link: null,
    worker: false,
    owesAnswer: false,
    interactive: false,
    footer: {},
    workers: new Workers(),
    workerTimer: undefined,
    statusTimer: undefined,
    editNote: undefined,
    compactions: Promise.resolve(),
  };
}

/** `turn.start` on the main loop: that turn is the one an abort ends. */
export function turnStarted(state: ModState, turnId: string): void {
  state.turn?.end();
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  state.turn = { id: turnId, ended, end };
}

/** `turn.complete` on the main loop. */
export function turnCompleted(state: ModState, turnId: string): void {
  if (state.turn?.id !== turnId) return;
  state.turn.end();
  state.turn = null;
}

/**
 * The request `turn.step` sends: `e` with the model and the effort lich set, when it set them
 * (spec/mod-control.md: model and effort apply to every `turn.step`); `e` itself otherwise,
 * passed on unchanged.
 */
export function withOverrides(state: ModState, e: TurnStepInput): TurnStepInput {
  if (state.model === undefined && state.effort === undefined) return e;
  return {
    ...e,
    ...(state.model !== undefined ? { model: state.model } : {}),
    ...(state.effort !== undefined ? { effort: state.effort } : {}),
  };
}
