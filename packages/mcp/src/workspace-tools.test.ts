// The workspace tools of `lich mcp` — rename_session, list_folders, file_session, rename_folder,
// color_folder — served in process against a fake RPC listener: the arguments each sends, the
// prose each returns, and the refusal of a folder tool called without folder, to or color
// (spec/cli.md § lich mcp; wire.md § 10.2, tools 6 and 9–12).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { compileToolValidators } from './validate.js';
import { startFakeRpc, type CannedHandler, type FakeRpc } from './testing/fake-rpc.js';
import { serveInProcess, type ServedMcp } from './testing/stream-client.js';

function text(result: unknown): string {
  return ((result as CallToolResult).content[0] as { text: string }).text;
}

const MISSING_FOLDER_FILE = 'name the folder to file the session under; an empty one takes the session out of the folder it is in';
const MISSING_TO = "name the folder's new name; an empty one takes the folder apart";
const MISSING_COLOR = 'name the color to paint the folder; an empty one clears it';

describe('the workspace tools', () => {
  let rpc: FakeRpc;
  let served: ServedMcp | undefined;
  const handlers: Record<string, CannedHandler> = {};

  beforeEach(async () => {
    for (const k of Object.keys(handlers)) delete handlers[k];
    rpc = await startFakeRpc(handlers);
  });

  afterEach(async () => {
    served?.endInput();
    await served?.exit;
    served = undefined;
    await rpc.close();
  });

  async function client() {
    served = await serveInProcess({ LICH_PORT: String(rpc.port), LICH_TOKEN: rpc.token, LICH_SESSION_ID: 'S1' });
    return served.client;
  }

  it('annotates list_folders readOnlyHint and the four that change something not', () => {
    const hints = Object.fromEntries(MCP_TOOLS.map((t) => [t.name, t.annotations.readOnlyHint]));
    expect(hints).toMatchObject({ list_folders: true, rename_session: false, file_session: false, rename_folder: false, color_folder: false });
  });

  it("renames the caller's own card when session is left out", async () => {
    handlers['spawn.Rename'] = () => ({ json: { id: 'S1', project: 'lich', label: 'auth work', previous: 'Session 2' } });
    const result = await (await client()).callTool({ name: 'rename_session', arguments: { label: 'auth work' } });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toBe('Renamed "Session 2" to "auth work".');
    expect(rpc.calls).toEqual([{ method: 'spawn.Rename', body: [{ from: 'S1', target: '', project: '', label: 'auth work' }], aborted: false }]);
  });

  it('returns the folders as JSON, [] when there are none', async () => {
    handlers['spawn.Folders'] = () => ({ json: [{ name: 'Auth', sessions: ['auth-fix'] }] });
    const c = await client();
    expect(text(await c.callTool({ name: 'list_folders', arguments: {} }))).toBe('[{"name":"Auth","sessions":["auth-fix"]}]');
    handlers['spawn.Folders'] = () => ({ json: [] });
    expect(text(await c.callTool({ name: 'list_folders', arguments: { project: '/src/lich' } }))).toBe('[]');
    expect(rpc.calls.map((call) => call.body)).toEqual([[{ from: 'S1', project: '' }], [{ from: 'S1', project: '/src/lich' }]]);
  });

  it('takes an empty folder, to and color as the values they are', async () => {
    handlers['spawn.File'] = () => ({ json: { id: 'S1', project: 'lich', label: 'me', folder: '', previous: 'Auth' } });
    handlers['spawn.RenameFolder'] = () => ({ json: { project: 'lich', from: 'Auth', to: '', sessions: ['a', 'b'] } });
    handlers['spawn.ColorFolder'] = () => ({ json: { project: 'lich', folder: 'Auth', color: '', sessions: ['a'] } });
    const c = await client();
    expect(text(await c.callTool({ name: 'file_session', arguments: { folder: '' } }))).toBe('Took "me" out of "Auth".');
    expect(text(await c.callTool({ name: 'rename_folder', arguments: { folder: 'Auth', to: '' } }))).toBe(
      'Took folder "Auth" apart, taking out "a", "b".',
    );
    expect(text(await c.callTool({ name: 'color_folder', arguments: { folder: 'Auth', color: '' } }))).toBe(
      'Cleared the color of "a" in folder "Auth".',
    );
    expect(rpc.calls.map((call) => [call.method, call.body])).toEqual([
      ['spawn.File', [{ from: 'S1', target: '', project: '', folder: '' }]],
      ['spawn.RenameFolder', [{ from: 'S1', project: '', folder: 'Auth', to: '' }]],
      ['spawn.ColorFolder', [{ from: 'S1', project: '', folder: 'Auth', color: '' }]],
    ]);
  });

  it('refuses a call that leaves out folder, to or color, in its own words, and calls nothing', async () => {
    const c = await client();
    const refused = async (name: string, args: Record<string, unknown>) => {
      const result = await c.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      return text(result);
    };
    expect(await refused('file_session', { session: 'docs' })).toBe(MISSING_FOLDER_FILE);
    expect(await refused('rename_folder', { folder: 'Auth' })).toBe(MISSING_TO);
    expect(await refused('color_folder', { folder: 'Auth' })).toBe(MISSING_COLOR);
    expect(await refused('rename_folder', { to: 'Login' })).toBe("name the folder to rename; list_folders shows the project's folders");
    expect(await refused('color_folder', { color: 'teal' })).toBe("name the folder to paint; list_folders shows the project's folders");
    expect(rpc.calls).toEqual([]);
  });

  it("passes the server's refusal through as the tool's error text", async () => {
    const refusal = '"Teal" is not a folder color — the palette is red, orange, amber, green, teal, blue, violet and pink, and "" hands the cards back to the theme';
    handlers['spawn.ColorFolder'] = () => ({ status: 500, json: { error: refusal } });
    const result = await (await client()).callTool({ name: 'color_folder', arguments: { folder: 'Auth', color: 'Teal' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(refusal);
  });
});

describe('the missing-argument refusal', () => {
  const validators = compileToolValidators(MCP_TOOLS);

  it('counts only an absent key: null and "" are values, read as ""', () => {
    const file = validators.get('file_session')!;
    expect(file({})).toBe(MISSING_FOLDER_FILE);
    expect(file({ folder: '' })).toBeNull();
    expect(file({ folder: null })).toBeNull();
  });

  it('still names every other mistake the generic way', () => {
    expect(validators.get('rename_folder')!({ folder: { name: 'Auth' }, to: 'x' })).toBe(
      'invalid arguments for rename_folder: folder must be a string',
    );
    expect(validators.get('rename_session')!({})).toBe('invalid arguments for rename_session: label is required');
  });
});
