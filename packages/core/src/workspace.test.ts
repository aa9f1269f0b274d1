import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LichContext, runOperation, renderJson, renderMcp, renderText } from './operations.js';
import { LichError } from './errors.js';
import { expectBodiesFollowContracts } from './testing/contract-bodies.js';
import { type TestContextOptions, TestContexts } from './testing/contexts.js';
import { errorBody, type FakeLich, startFakeLich } from './testing/fake-lich.js';
import { insertBudgetMs } from './workspace.js';
import { inputOf } from './testing/input.js';

const TOKEN = 'e'.repeat(32);
let lich: FakeLich;
const contexts = new TestContexts('caller-id');

beforeEach(async () => {
  lich = await startFakeLich(TOKEN);
});

// Every body core posts must be the options object contracts/rpc/<method>.json describes, every
// field present (the G3 rule).
afterEach(async () => {
  contexts.close();
  await lich.close();
  expectBodiesFollowContracts(lich.calls);
});

const ctx = (o?: TestContextOptions): LichContext => contexts.on(lich, o);

function only(method: string) {
  const calls = lich.calls.filter((c) => c.method === method);
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

describe('rename', () => {
  it('calls spawn.Rename with every field, the target "" for the caller\'s own', async () => {
    lich.on('spawn.Rename', { result: { id: 'caller-id', project: 'lich', label: 'the login bug', previous: 'Session 3' } });
    const outcome = await runOperation(ctx(), 'rename', inputOf('rename', { label: 'the login bug' }));
    expect(only('spawn.Rename').body).toEqual([{ from: 'caller-id', target: '', project: '', label: 'the login bug' }]);
    expect(renderText('cli', outcome)).toBe('Renamed "Session 3" to "the login bug".');
    expect(renderJson(outcome)).toBe('{"id":"caller-id","project":"lich","label":"the login bug","previous":"Session 3"}');
  });

  it("fails with the server's own refusal", async () => {
    const refusal = 'a rename needs a name, and none was given';
    lich.on('spawn.Rename', { status: 500, body: errorBody(refusal) });
    await expect(runOperation(ctx(), 'rename', inputOf('rename', { target: 'docs', label: '' }))).rejects.toThrow(new LichError(refusal));
  });
});

describe('folders', () => {
  it('asks spawn.Folders and turns a null list into []', async () => {
    lich.on('spawn.Folders', { result: null });
    const outcome = await runOperation(ctx(), 'folders', { project: '/repo' });
    expect(outcome.output).toEqual([]);
    expect(only('spawn.Folders').body).toEqual([{ from: 'caller-id', project: '/repo' }]);
    expect(renderText('cli', outcome)).toBe('No folders.');
    expect(renderJson(outcome)).toBe('[]');
    expect(renderMcp(outcome)).toEqual({ text: '[]', isError: false });
  });
});

describe('file, rename-folder and color-folder', () => {
  it('sends the folder, the new name and the color as given, "" included', async () => {
    lich.on('spawn.File', { result: { id: 'x', project: 'lich', label: 'auth-fix', folder: '', previous: 'Auth' } });
    lich.on('spawn.RenameFolder', { result: { project: 'lich', from: 'Auth', to: '', sessions: ['auth-fix'] } });
    lich.on('spawn.ColorFolder', { result: { project: 'lich', folder: 'Auth', color: '', sessions: ['auth-fix'] } });
    const filed = await runOperation(ctx(), 'file', inputOf('file', { target: 'auth-fix', folder: '' }));
    const refiled = await runOperation(ctx(), 'renameFolder', inputOf('renameFolder', { folder: 'Auth', to: '' }));
    const colored = await runOperation(ctx(), 'colorFolder', { project: 'lich', folder: 'Auth', color: '' });
    expect(only('spawn.File').body).toEqual([{ from: 'caller-id', target: 'auth-fix', project: '', folder: '' }]);
    expect(only('spawn.RenameFolder').body).toEqual([{ from: 'caller-id', project: '', folder: 'Auth', to: '' }]);
    expect(only('spawn.ColorFolder').body).toEqual([{ from: 'caller-id', project: 'lich', folder: 'Auth', color: '' }]);
    expect(renderText('cli', filed)).toBe('Took "auth-fix" out of "Auth".');
    expect(renderText('mcp', refiled)).toBe('Took folder "Auth" apart, taking out "auth-fix".');
    expect(renderText('cli', colored)).toBe('Cleared the color of "auth-fix" in folder "Auth".');
  });
});

describe('insert', () => {
  const inserted = { id: 'x', label: 'docs', project: 'lich', kind: 'claude', bytes: 5 };

  it('calls relay.Insert with the argument as the text', async () => {
    lich.on('relay.Insert', { result: inserted });
    const outcome = await runOperation(ctx(), 'insert', inputOf('insert', { session: 'docs', text: 'hello', timeoutSeconds: 3 }));
    expect(only('relay.Insert').body).toEqual([{ from: 'caller-id', session: 'docs', project: '', text: 'hello', timeoutSeconds: 3 }]);
    expect(renderText('cli', outcome)).toBe('Inserted 5 bytes at the prompt of "docs" (lich). Nothing was sent.');
    expect(renderJson(outcome)).toBe('{"id":"x","label":"docs","project":"lich","kind":"claude","bytes":5}');
  });

  it('reads stdin when the text is left out or is -', async () => {
    lich.on('relay.Insert', { result: inserted });
    await runOperation(ctx({ stdin: 'line 1\nline 2\n' }), 'insert', inputOf('insert', { project: '/repo', text: '-' }));
    expect(only('relay.Insert').body).toEqual([{ from: 'caller-id', session: '', project: '/repo', text: 'line 1\nline 2\n', timeoutSeconds: 0 }]);
  });

  it('refuses, before any call, neither a session nor a project', async () => {
    await expect(runOperation(ctx({ stdin: 'x' }), 'insert', inputOf('insert', { text: 'x' }))).rejects.toThrow(
      'name the session to insert at with --session, or where to look for it with --project (a project name or the absolute path of a directory)',
    );
    expect(lich.calls).toEqual([]);
  });

  it('refuses no text with nothing to read it from (a terminal, or no stdin)', async () => {
    await expect(runOperation(ctx({ stdin: null }), 'insert', inputOf('insert', { session: 'docs' }))).rejects.toThrow(
      new LichError('no text given, and nothing to read it from'),
    );
    await expect(runOperation(ctx(), 'insert', inputOf('insert', { session: 'docs', text: '-' }))).rejects.toThrow(
      new LichError('no text given, and nothing to read it from'),
    );
    expect(lich.calls).toEqual([]);
  });

  it('words a stdin that failed', async () => {
    await expect(runOperation(ctx({ stdin: new Error('EIO: i/o error, read') }), 'insert', inputOf('insert', { session: 'docs' }))).rejects.toThrow(
      new LichError('read the text from stdin: EIO: i/o error, read'),
    );
  });

  it('refuses blank text and text over 64 KiB in the relay\'s words, before any call', async () => {
    await expect(runOperation(ctx({ stdin: ' \x1b\n\t' }), 'insert', inputOf('insert', { session: 'docs' }))).rejects.toThrow(
      new LichError('nothing to insert: the text is empty'),
    );
    const big = 'é'.repeat(40_000);
    await expect(runOperation(ctx(), 'insert', inputOf('insert', { session: 'docs', text: big }))).rejects.toThrow(
      new LichError('text is 80000 bytes, over the 65536 limit: insert the path of the file instead of its contents'),
    );
    expect(lich.calls).toEqual([]);
  });

  it('refuses stdin past the 1 MiB it reads as over that size, never as the size of the read', async () => {
    for (const size of [5 * 1024 * 1024, 1024 * 1024 + 1]) {
      await expect(runOperation(ctx({ stdin: 'x'.repeat(size) }), 'insert', inputOf('insert', { session: 'docs' }))).rejects.toThrow(
        new LichError('text is over 1048576 bytes, over the 65536 limit: insert the path of the file instead of its contents'),
      );
    }
    // Exactly what is read is a size known to the byte.
    await expect(runOperation(ctx({ stdin: 'x'.repeat(1024 * 1024) }), 'insert', inputOf('insert', { session: 'docs' }))).rejects.toThrow(
      new LichError('text is 1048576 bytes, over the 65536 limit: insert the path of the file instead of its contents'),
    );
    expect(lich.calls).toEqual([]);
  });

  it('budgets the call as the prompt wait (default 10 s, capped at 1800 s) plus 30 s', () => {
    expect(insertBudgetMs(0)).toBe(40_000);
    expect(insertBudgetMs(-3)).toBe(40_000);
    expect(insertBudgetMs(25)).toBe(55_000);
    expect(insertBudgetMs(99_999)).toBe(1_830_000);
  });
});

describe('focus', () => {
  it('calls relay.Focus and, from a lich that raises a window, prints the spec\'s line and its --json exactly', async () => {
    lich.on('relay.Focus', { result: { id: 'x', label: 'docs', project: 'lich' } });
    const outcome = await runOperation(ctx(), 'focus', { target: 'docs', project: 'lich' });
    expect(only('relay.Focus').body).toEqual([{ from: 'caller-id', target: 'docs', project: 'lich' }]);
    expect(renderText('cli', outcome)).toBe('Focused "docs" (lich).');
    expect(renderJson(outcome)).toBe('{"id":"x","label":"docs","project":"lich"}');
  });

  it('prints the page\'s link under the spec\'s line, and passes page and pages through --json', async () => {
    const page = 'http://127.0.0.1:47821/web/in?code=0123456789abcdef0123456789abcdef&card=x';
    lich.on('relay.Focus', { result: { id: 'x', label: 'docs', project: 'lich', page, pages: 0 } });
    const outcome = await runOperation(ctx(), 'focus', { target: 'docs', project: 'lich' });
    expect(renderText('cli', outcome).split('\n')[0]).toBe('Focused "docs" (lich). This lich has no window, and no browser has its page open.');
    // Go's encoder escapes & as \u0026 (wire.md § 1.2), and so does lich's.
    expect(renderJson(outcome)).toBe(`{"id":"x","label":"docs","project":"lich","page":"${page.replace('&', '\\u0026')}","pages":0}`);
  });
});
