/**
 * The relay writes what it types in the backend's prompt language (wire.md § 8.4 "Prompt
 * language"): the relayed message, the nudge, the pick-ticket note, and what a subagent's caller
 * and worker are handed (WorkerTask, SubagentReport, BlockedNotice and their summaries). The
 * relay is built the way server.ts builds it, with `lang: promptLang(env.LICH_PROMPT_LANG)`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModCommand } from '@lich/generated/types';
import { CATALOGS, promptLang, type PromptLang } from '@lich/core/i18n/prompts';
import { ModHub } from '../mod/hub.js';
import {
  blockedNoticeText,
  blockedSummary,
  composeMessage,
  nudgeText,
  pickTicketNudgeText,
  reportSummary,
  subagentReportText,
  workerTaskText,
} from './compose.js';
import { FakeHost, type FakeSession, reporter, tick, ticketIn } from './fake-host.js';
import { Relay } from './relay.js';

const LANGS: PromptLang[] = ['pt-BR', 'es', 'zh-CN'];

let host: FakeHost;
let hub: ModHub;
let relay: Relay;
let planner: FakeSession;
let docs: FakeSession;
let worker: FakeSession;
const stops: AbortController[] = [];

function start(env: NodeJS.ProcessEnv): void {
  vi.useFakeTimers();
  host = new FakeHost();
  planner = host.add({ id: 'p1a2', label: 'planner', reportsState: true });
  docs = host.add({ id: 'd0c5', label: 'docs', reportsState: true, hasTools: true });
  worker = host.add({ id: 'w0rk', label: 'Session 2', reportsState: true });
  hub = new ModHub();
  relay = new Relay(host, {}, { mod: hub, lang: promptLang(env.LICH_PROMPT_LANG) });
}

afterEach(() => {
  for (const s of stops.splice(0)) s.abort();
  relay.close();
  hub.close();
  vi.useRealTimers();
});

const report = reporter(() => relay);

/** A session's mod as lich-plugin runs it: polls, records each prompt command, acks it ok. */
function pollingMod(s: FakeSession, plugin = '0.17.0'): Extract<ModCommand, { kind: 'prompt' }>[] {
  const prompts: Extract<ModCommand, { kind: 'prompt' }>[] = [];
  const ctl = new AbortController();
  stops.push(ctl);
  void (async () => {
    while (!ctl.signal.aborted) {
      for (const c of await hub.poll(s.id, plugin, ctl.signal)) {
        if (c.kind !== 'prompt') continue;
        prompts.push(c);
        hub.ack({ session_id: s.id, id: c.id, kind: c.kind, ok: true });
      }
    }
  })();
  return prompts;
}

describe.each(LANGS)('a backend whose LICH_PROMPT_LANG is %s', (lang) => {
  const catalog = CATALOGS[lang];

  it('types the relayed message and, once it is answered, the nudge in that language', async () => {
    start({ LICH_PROMPT_LANG: lang });
    const result = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 1 }, {});
    await tick();
    const [message] = host.typedAt(docs.id);
    const ticket = ticketIn(message!);
    expect(message).toBe(composeMessage({ origin: { session: 'planner' }, prompt: 'run the tests', ticket, hasTools: true }, lang));
    expect(message).toContain(catalog['relay.message.fromSession'].replace('{label}', '"planner"'));
    expect(message).not.toContain('not from your own prompt');
    await tick(1000);
    expect((await result).status).toBe('pending');

    relay.reply({ from: docs.id, ticket, answer: 'green' });
    await tick(2000);
    expect(host.typedAt(planner.id)).toEqual([nudgeText(['docs'], false, lang)]);
    expect(host.typedAt(planner.id)[0]).toContain(catalog['relay.nudge.one'].replace('{label}', '"docs"'));
  });

  it('types the pick-ticket note in that language when a turn ends with two requests open', async () => {
    start({ LICH_PROMPT_LANG: lang });
    const a = relay.send({ from: planner.id, target: 'docs', project: '', prompt: 'run the tests', timeoutSeconds: 60 }, {});
    const b = relay.send({ from: '', target: 'docs', project: '', prompt: 'build the docs', timeoutSeconds: 60 }, {});
    await tick();
    const [ta, tb] = host.typedAt(docs.id).map(ticketIn);
    report(docs, 'busy');
    report(docs, 'done');
    expect((await a).status).toBe('unanswered');
    expect((await b).status).toBe('unanswered');
    await tick();
    expect(host.typedAt(docs.id).at(-1)).toBe(
      pickTicketNudgeText(
        [
          { ticket: ta!, asked: 'run the tests' },
          { ticket: tb!, asked: 'build the docs' },
        ],
        lang,
      ),
    );
    expect(host.typedAt(docs.id)[1]).toContain(catalog['relay.message.fromCommandLine']);
  });

  it('hands a subagent worker its task, and its caller the report and the blocked notice, in that language', async () => {
    start({ LICH_PROMPT_LANG: lang });
    const workerPrompts = pollingMod(worker);
    const callerPrompts = pollingMod(planner);
    worker.branch = 'feature/x';
    const result = relay.sendSubagent({ from: planner.id, target: worker.label, project: '', prompt: 'run the tests', timeoutSeconds: 1 });
    await tick();
    expect(workerPrompts.map((c) => c.text)).toEqual([workerTaskText('planner', 'run the tests', lang)]);

    report(worker, 'busy');
    report(worker, 'waiting');
    await tick();
    expect(callerPrompts.map(({ text, notification }) => ({ text, notification }))).toEqual([
      { text: blockedNoticeText('Session 2', lang), notification: { status: 'waiting', summary: blockedSummary('Session 2', lang) } },
    ]);

    report(worker, 'busy');
    await tick(1000);
    const { ticket } = await result;
    relay.answerFromMod(worker.id, 'all green');
    await tick(2000);
    expect(callerPrompts.slice(1).map(({ text, notification }) => ({ text, notification }))).toEqual([
      {
        text: subagentReportText({ label: 'Session 2', branch: 'feature/x', ticket, report: 'all green' }, lang),
        notification: { status: 'completed', summary: reportSummary(['Session 2'], lang) },
      },
    ]);
    expect(callerPrompts[1]!.text).toContain(catalog['relay.subagentReport.branch'].replace('{branch}', 'feature/x'));
  });
});

describe('a backend whose LICH_PROMPT_LANG names no language lich writes in', () => {
  it.each([undefined, '', 'fr'])('types English for %j', async (value) => {
    start({ LICH_PROMPT_LANG: value });
    void relay.send({ from: '', target: 'docs', project: '', prompt: 'p', timeoutSeconds: 1 }, {}).catch(() => undefined);
    await tick();
    expect(host.typedAt(docs.id)[0]).toMatch(/^\[lich\] Message relayed by the lich command line, not from your own prompt\.\n\np\n\n/);
  });
});
