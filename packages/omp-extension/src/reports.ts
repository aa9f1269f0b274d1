/**
 * What lich's oh-my-pi extension reports to lich (wire.md § 11.1; lich-plugin-modules.md § 13,
 * measured again on omp 18.2.3, real-agents.md § 7.5), from omp's extension events:
 *
 * | omp event | report |
 * |---|---|
 * | `session_start`, `session_switch`, and any turn whose conversation changed | `/session-start` `{provider: "omp", provider_session_id}` — omp's own id, what `omp -r <id>` resumes |
 * | `turn_start` | `/hook` `busy`, then a title check |
 * | `tool_call` | `/hook` `busy` with `tool` and `detail` |
 * | `tool_approval_requested` / `_resolved` | `/hook` `waiting` with the tool as `reason` / `busy` |
 * | `tool_result` of `write`, `edit`, `bash`, `notebook` | `/session-touched` |
 * | `session_stop` (also after a provider error) | `/hook` `done`, then a title check |
 *
 * Every `/hook` carries `provider_session_id`, so lich drops the reports of an `omp -p` the session
 * runs as a tool (it loads extensions from the same places and inherits `LICH_*`). `idle` is not
 * reported: lich sees the process end itself, and a report fired during omp's exit may not get out.
 *
 * Not at omp's `input`: a prompt omp refuses without a turn (no model selected) fires `input`
 * and nothing after it, and a `busy` from it would stand forever (measured on 18.2.3); a turn
 * that starts fires `turn_start` within milliseconds.
 *
 * Reports go out one after another on a queue of their own and are never awaited by a handler (omp
 * awaits its handlers; a turn must not wait on lich). A report that fails is logged and dropped;
 * nothing here throws into omp.
 */
import { type PluginEndpoint, type ReportResult, reportSessionStart, reportState, reportTitle, reportTouched, type StateReport } from '@lich/core/mod';
import type { OmpContext, OmpEvent } from './omp.js';

/** The tools whose result may have changed the checkout (omp 18.2.3's built-in writers). */
export const TOUCHING_TOOLS: readonly string[] = ['write', 'edit', 'bash', 'notebook'];

/** The fields of a tool call's input that say what it acts on, in the order they are looked for. */
const DETAIL_FIELDS = ['path', 'command', 'pattern', 'filePath', 'query', 'url'] as const;

/** The events the reporter reads, in the order omp fires them in a turn. */
export const REPORTED_EVENTS = [
  'session_start',
  'session_switch',
  'turn_start',
  'tool_call',
  'tool_approval_requested',
  'tool_approval_resolved',
  'tool_result',
  'session_stop',
] as const;

/** The extension's reporting side. */
export interface OmpReporter {
  /** Reads one event and queues what it means for lich; returns at once. Never throws. */
  event(event: OmpEvent, ctx: OmpContext): void;
  /** Resolves once every report queued so far was sent or dropped. Never rejects. */
  settled(): Promise<void>;
}

/**
 * Builds the reporter of one omp process in one lich session.
 *
 * @param log receives one line per dropped report; defaults to nothing (omp owns the terminal).
 */
export function ompReporter(ep: PluginEndpoint, log: (line: string) => void = () => {}): OmpReporter {
  /** The conversation last reported with `/session-start`. */
  let started: string | undefined;
  /** The state last queued and what came with it: the same report twice is one. */
  let last: string | undefined;
  /** The title last sent. */
  let titled: string | undefined;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (what: string, report: () => Promise<ReportResult>, onFailure?: () => void) => {
    queue = queue.then(async () => {
      try {
        const result = await report();
        if (!result.ok) {
          onFailure?.();
          log(`lich: ${what} not reported: ${result.reason}`);
        }
      } catch (error) {
        onFailure?.();
        log(`lich: ${what} not reported: ${(error as Error).message}`);
      }
    });
  };

  /** omp's id of the conversation `ctx` is about, or `""`. */
  const conversationOf = (ctx: OmpContext): string => {
    const id = ctx.sessionManager?.getSessionId?.();
    return typeof id === 'string' ? id.trim() : '';
  };

  const adopt = (conversation: string) => {
    if (conversation === '' || started === conversation) return;
    started = conversation;
    // A start lich never heard is sent again with the next turn.
    enqueue('session start', () => reportSessionStart(ep, { provider_session_id: conversation, provider: 'omp' }), () => {
      if (started === conversation) started = undefined;
    });
  };

  const state = (ctx: OmpContext, report: StateReport) => {
    const conversation = conversationOf(ctx);
    adopt(conversation);
    const key = JSON.stringify(report);
    if (key === last) return;
    // A done with no turn before it would end a turn lich never saw start.
    if (report.state === 'done' && last === undefined) return;
    last = key;
    enqueue(`state ${report.state}`, () => reportState(ep, conversation ? { ...report, provider_session_id: conversation } : report));
  };

  // omp writes the title asynchronously after a turn: it is looked for at the turn's end and again
  // at the next turn's start.
  const title = (ctx: OmpContext) => {
    const name = ctx.sessionManager?.getSessionName?.();
    const t = typeof name === 'string' ? name.trim() : '';
    if (t === '' || t === titled) return;
    titled = t;
    enqueue('title', () => reportTitle(ep, t), () => {
      if (titled === t) titled = undefined;
    });
  };

  function read(e: OmpEvent, ctx: OmpContext): void {
    switch (e.type) {
      case 'session_start':
      case 'session_switch':
        adopt(conversationOf(ctx));
        return;
      case 'turn_start':
        state(ctx, { state: 'busy' });
        title(ctx);
        return;
      case 'tool_call': {
        const tool = typeof e.toolName === 'string' ? e.toolName.trim() : '';
        if (tool === '') return;
        const detail = detailOf(e.input);
        state(ctx, detail ? { state: 'busy', tool, detail } : { state: 'busy', tool });
        return;
      }
      case 'tool_approval_requested': {
        const tool = typeof e.toolName === 'string' ? e.toolName.trim() : '';
        const why = typeof e.reason === 'string' ? e.reason.trim() : '';
        state(ctx, { state: 'waiting', reason: [tool, why].filter(Boolean).join(': ') || 'a tool call waits for approval' });
        return;
      }
      case 'tool_approval_resolved':
        state(ctx, { state: 'busy' });
        return;
      case 'tool_result':
        if (typeof e.toolName === 'string' && TOUCHING_TOOLS.includes(e.toolName)) enqueue('touched', () => reportTouched(ep));
        return;
      case 'session_stop':
        state(ctx, { state: 'done' });
        title(ctx);
        return;
    }
  }

  return {
    event(e, ctx) {
      try {
        read(e, ctx ?? {});
      } catch (error) {
        log(`lich: an omp event could not be read: ${(error as Error).message}`);
      }
    },
    settled: () => queue,
  };
}

/** What a tool call acts on: the first non-blank string of its input's {@link DETAIL_FIELDS}, or `""`. */
export function detailOf(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const fields = input as Record<string, unknown>;
  for (const k of DETAIL_FIELDS) {
    const v = fields[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return '';
}
