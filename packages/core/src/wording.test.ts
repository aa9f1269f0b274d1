import { describe, expect, it } from 'vitest';
import { resultText } from './errands.js';
import { type OperationRun, renderJson, renderMcp, renderText } from './operations.js';
import type { Closed, Controlled, Peer, Result, Session } from './types.js';
import { inputOf } from './testing/input.js';
import {
  answeredText,
  closeText,
  controlledText,
  handOffFailureText,
  openText,
  quitFailedText,
  sessionsText,
  versionText,
  whoamiText,
  worktreesText,
} from './wording.js';

const r = (status: string, extra: Partial<Result> = {}): Result => ({ ticket: 'a1b2c3d4', target: 'docs', status: status as Result['status'], answer: '', ...extra });

const peer: Peer = { label: 'docs', name: 'lich-a1b2', project: 'lich', kind: 'codex', state: 'busy', id: '0b9c', path: '/p', projectPath: '/p' };

describe('sessionsText and whoamiText (wire.md § 7.5)', () => {
  it('prints a tab-separated table with a dash for an unreported state', () => {
    expect(sessionsText('cli', [peer, { ...peer, label: 'api', project: 'revu', kind: 'crush', name: 'revu-9f8e', state: '' }])).toBe(
      'session\tproject\tprovider\tname\tstate\ndocs\tlich\tcodex\tlich-a1b2\tbusy\napi\trevu\tcrush\trevu-9f8e\t-',
    );
  });

  it('says no other live sessions for an empty roster, on both surfaces', () => {
    expect(sessionsText('cli', [])).toBe('No other live sessions.');
    expect(sessionsText('mcp', [])).toBe('No other live sessions.');
  });

  it('is the JSON array for MCP', () => {
    expect(JSON.parse(sessionsText('mcp', [peer]))).toEqual([peer]);
  });

  it('prints whoami with the id column', () => {
    expect(whoamiText(peer)).toBe('session\tproject\tprovider\tname\tstate\tid\ndocs\tlich\tcodex\tlich-a1b2\tbusy\t0b9c');
  });
});

const session: Session = {
  id: '9f8e',
  projectId: 'p1',
  project: 'lich',
  label: 'auth-fix',
  name: 'auth-fix-9f8e',
  kind: 'claude',
  path: '/home/you/.local/share/lich/worktrees/1a2b/auth-fix',
  nextSeq: 5,
  originSessionId: '',
  originLabel: '',
  confined: false,
  folder: '',
  run: true,
};
const startingLine =
  'It answers to "auth-fix" and to "auth-fix-9f8e". Its agent may still be starting, so a task you send it is held until the agent is up rather than lost.';
/** spec/cli.md § lich open, word for word: only a session on a worktree runs a setup script first. */
const worktreeStartingLine =
  'It answers to "auth-fix" and to "auth-fix-9f8e". Its agent may still be starting — a fresh worktree runs the project\'s setup script first — so a task you send it is held until the agent is up rather than lost.';

describe('openText (wire.md § 7.5)', () => {
  it('names the project, and the two names it answers to, and no setup script: a session in no worktree runs none', () => {
    expect(openText('cli', session, false)).toBe(`Opened session "auth-fix" (claude) in project "lich".\n${startingLine}`);
    expect(openText('mcp', session, false)).not.toContain('setup script');
  });

  it('names the worktree path when one was asked for, and that a fresh worktree runs its setup script first', () => {
    expect(openText('cli', session, true)).toBe(
      `Opened session "auth-fix" (claude) in project "lich", in worktree /home/you/.local/share/lich/worktrees/1a2b/auth-fix.\n${worktreeStartingLine}`,
    );
  });

  it('says when the session runs confined', () => {
    expect(openText('cli', { ...session, confined: true }, false)).toBe(
      `Opened session "auth-fix" (claude) in project "lich". It runs confined: an empty home holding only its agent's own state, the machine read-only, and writes only inside its checkout.\n${startingLine}`,
    );
  });

  it('adds a line with the card\'s address on the page, from a lich that serves one', () => {
    const page = 'http://127.0.0.1:47821/web/#card=9f8e';
    expect(openText('cli', { ...session, page }, false)).toBe(
      `Opened session "auth-fix" (claude) in project "lich".\n${startingLine}\nIts card is on this lich's page: ${page}`,
    );
  });

  it('prints the hand-off under the session in the words send uses', () => {
    const delivery: Result = { ticket: 'a1b2c3d4', target: 'auth-fix', status: 'pending', answer: '' };
    expect(openText('cli', { ...session, delivery }, false)).toBe(
      `Opened session "auth-fix" (claude) in project "lich".\n${startingLine}\n${resultText('cli', delivery)}`,
    );
  });
});

describe('handOffFailureText', () => {
  it('names the lich send that tries again, single-quoting the task for a shell', () => {
    expect(handOffFailureText('cli', { label: 'auth-fix', prompt: 'fix it', private: false, reason: 'boom' })).toBe(
      "the session is open, but the task did not reach it: boom — hand it the task with `lich send \"auth-fix\" 'fix it'` once whatever that says is dealt with",
    );
    expect(handOffFailureText('cli', { label: 'auth-fix', prompt: 'fix it', private: true, reason: 'boom' })).toContain(
      "`lich send --private \"auth-fix\" 'fix it'`",
    );
  });

  it('names send_to_session for MCP', () => {
    expect(handOffFailureText('mcp', { label: 'auth-fix', prompt: 'p', private: false, reason: 'boom' })).toBe(
      'The task did not reach it: boom. The session is open, so hand it the task with send_to_session once whatever that says is dealt with.',
    );
  });
});

describe('closeText (wire.md § 7.5)', () => {
  const closed: Closed = { id: '9f8e', projectId: 'p1', project: 'lich', label: 'auth-fix', worktree: '/wt/auth-fix', kept: false, removed: false };

  it('words a plain close', () => {
    expect(closeText({ ...closed, worktree: '' })).toBe('Closed "auth-fix".');
  });

  it('words a kept worktree', () => {
    expect(closeText({ ...closed, kept: true })).toBe(
      'Closed "auth-fix". Its worktree /wt/auth-fix is still there, and the session is parked: opening a session on that branch again picks its conversation back up.',
    );
  });

  it('words a removed worktree', () => {
    expect(closeText({ ...closed, removed: true })).toBe('Closed "auth-fix" and removed its worktree /wt/auth-fix.');
  });
});

describe('versionText and quit', () => {
  it('prints the server line only when one answered', () => {
    expect(versionText({ cli: '0.1.0' })).toBe('lich 0.1.0');
    expect(versionText({ cli: '0.1.0', server: '0.37.0' })).toBe('lich 0.1.0\nserver 0.37.0');
  });

  it('words a quit that did not take', () => {
    expect(quitFailedText(47821)).toBe('lich was asked to quit and still listens on port 47821 after 15s');
  });
});

describe('renderText, renderJson and renderMcp', () => {
  it('renders reply and quit as their fixed lines', () => {
    expect(renderText('cli', { op: 'reply', input: inputOf('reply', { answer: 'x' }), output: null })).toBe('Answer sent.');
    expect(renderText('cli', { op: 'quit', input: {}, output: null })).toBe('lich has quit.');
  });

  it('renders a wait by its shape: one result, or a collect', () => {
    expect(renderText('cli', { op: 'wait', input: inputOf('wait', { ticket: 'a1b2c3d4' }), output: r('answered', { answer: 'ok' }) })).toBe('ok');
    expect(renderText('cli', { op: 'wait', input: inputOf('wait', {}), output: { results: [], open: [] } })).toBe(
      'Nothing to collect: no results are waiting and no errand of yours is open.',
    );
  });

  it('prints [] for an empty roster in JSON, never null', () => {
    expect(renderJson({ op: 'sessions', input: {}, output: [] })).toBe('[]');
  });

  it('leaves delivery out of the open JSON when there is none', () => {
    expect(JSON.parse(renderJson({ op: 'open', input: {}, output: session }))).not.toHaveProperty('delivery');
  });

  it('appends a failed hand-off to the MCP text and flags it', async () => {
    const { LichError } = await import('./errors.js');
    const outcome: OperationRun<'open'> = { op: 'open', input: inputOf('open', { prompt: 'p' }), output: session, failure: new LichError('The task did not reach it: x.') };
    expect(renderMcp(outcome)).toEqual({ text: `Opened session "auth-fix" (claude) in project "lich".\n${startingLine}\nThe task did not reach it: x.`, isError: true });
    expect(renderMcp({ op: 'reply', input: inputOf('reply', { answer: 'a' }), output: null })).toEqual({ text: 'Answer sent.', isError: false });
  });
});

describe('worktreesText (spec/cli.md § lich worktrees; wire.md § 7.5)', () => {
  const checkouts = [
    { name: 'auth-fix', path: '/wt/auth-fix', dirty: true, sessions: ['auth-fix'], missing: false },
    { name: 'idle', path: '/wt/idle', dirty: false, sessions: [], missing: false },
    { name: 'shared', path: '/wt/shared', dirty: false, sessions: ['shared', 'Session 4'], missing: false },
    { name: 'w3', path: '/wt/w3', dirty: false, sessions: [], missing: true },
  ];

  it('prints the table under its header: clean, uncommitted or missing, the sessions joined, - for none', () => {
    expect(worktreesText('cli', checkouts)).toBe(
      'worktree\tstate\tsessions\nauth-fix\tuncommitted\tauth-fix\nidle\tclean\t-\nshared\tclean\tshared, Session 4\nw3\tmissing\t-',
    );
  });

  it('hands MCP the JSON array', () => {
    expect(JSON.parse(worktreesText('mcp', checkouts))).toEqual(checkouts);
  });

  it('says No worktrees. on either surface when there are none', () => {
    expect(worktreesText('cli', [])).toBe('No worktrees.');
    expect(worktreesText('mcp', [])).toBe('No worktrees.');
  });
});

describe('controlledText and answeredText (wire.md § 7.5)', () => {
  const c = (over: Partial<Controlled>): Controlled => ({ id: '9f8e', project: 'lich', label: 'auth-fix', action: 'prompt', command_id: 'm3', state: 'done', ...over });

  it('says what each action did once the session confirmed it', () => {
    expect(controlledText(c({ action: 'prompt', value: 'run the tests again' }))).toBe('"auth-fix" started a turn on the prompt.');
    expect(controlledText(c({ action: 'abort' }))).toBe('"auth-fix" stopped its turn.');
    expect(controlledText(c({ action: 'model' }))).toBe('"auth-fix" is back on its own model.');
    expect(controlledText(c({ action: 'model', value: 'claude-opus-4-1' }))).toBe('"auth-fix" uses claude-opus-4-1 from its next request on.');
    expect(controlledText(c({ action: 'effort' }))).toBe('"auth-fix" is back on its own effort level.');
    expect(controlledText(c({ action: 'effort', value: 'high' }))).toBe('"auth-fix" runs at high effort from its next request on.');
    expect(controlledText(c({ action: 'command', value: 'compact' }))).toBe('"auth-fix" ran /compact.');
    expect(controlledText(c({ action: 'command', value: '/compact' }))).toBe('"auth-fix" ran /compact.');
  });

  it('names the action and the command id when the session took it unconfirmed, or ended first', () => {
    expect(controlledText(c({ action: 'command', value: 'compact', command_id: 'm7', state: 'delivered' }))).toBe(
      '"auth-fix" took the command (command, id m7) and has not confirmed it yet: a prompt or a slash command runs only once the session is idle. It still goes through.',
    );
    expect(controlledText(c({ action: 'abort', command_id: 'm2', state: 'ended' }))).toBe('"auth-fix" ended before confirming the command (abort, id m2).');
  });

  it('quotes the label the Go way', () => {
    expect(controlledText(c({ label: 'a"b', action: 'abort' }))).toBe('"a\\"b" stopped its turn.');
  });

  it('renders the same prose on both surfaces, delivered and ended as results, and --json as the object', () => {
    const delivered: OperationRun<'control'> = { op: 'control', input: inputOf('control', { target: 'auth-fix', action: 'prompt', value: 'go' }), output: c({ value: 'go', state: 'delivered' }) };
    expect(renderText('cli', delivered)).toBe(renderText('mcp', delivered));
    expect(renderMcp(delivered)).toEqual({ text: renderText('cli', delivered), isError: false });
    expect(renderMcp({ ...delivered, output: c({ state: 'ended' }) }).isError).toBe(false);
    expect(renderJson({ ...delivered, output: c({ action: 'abort' }) })).toBe(
      '{"id":"9f8e","project":"lich","label":"auth-fix","action":"abort","command_id":"m3","state":"done"}',
    );
  });

  it('prints an ask as its answer alone, and --json as the object', () => {
    const answered: OperationRun<'ask'> = {
      op: 'ask',
      input: inputOf('ask', { target: 'auth-fix', question: 'what are you working on' }),
      output: { id: '9f8e', project: 'lich', label: 'auth-fix', answer: 'Fixing the flaky login test.' },
    };
    expect(answeredText(answered.output)).toBe('Fixing the flaky login test.');
    expect(renderText('cli', answered)).toBe('Fixing the flaky login test.');
    expect(renderMcp(answered)).toEqual({ text: 'Fixing the flaky login test.', isError: false });
    expect(renderJson(answered)).toBe('{"id":"9f8e","project":"lich","label":"auth-fix","answer":"Fixing the flaky login test."}');
  });
});
