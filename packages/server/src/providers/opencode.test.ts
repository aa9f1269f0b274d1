import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opencodeConfigContent, opencodeEnv, opencodePlugin } from './opencode.js';
import { Providers } from './providers.js';

let dir: string;
/** An installed CLI: `<dir>/cli/bin/lich.js` with its `dist/` beside. */
let bin: string;
let plugin: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lich-opencode-kind-'));
  bin = join(dir, 'cli', 'bin', 'lich.js');
  plugin = join(dir, 'cli', 'dist', 'opencode-plugin.mjs');
  mkdirSync(join(dir, 'cli', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'cli', 'dist'), { recursive: true });
  writeFileSync(bin, '');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const url = () => pathToFileURL(plugin).href;

describe('opencodePlugin', () => {
  it('finds the plugin in the dist/ beside the bin/ of LICH_BIN, wherever that CLI is installed', () => {
    expect(opencodePlugin(bin)).toBeUndefined();
    writeFileSync(plugin, 'export default {}');
    expect(opencodePlugin(bin)).toBe(plugin);
    expect(opencodePlugin('')).toBeUndefined();
  });
});

describe('opencodeConfigContent', () => {
  it('names the plugin by file URL in a document of its own', () => {
    expect(JSON.parse(opencodeConfigContent(undefined, plugin)!)).toEqual({ plugin: [url()] });
    expect(JSON.parse(opencodeConfigContent('  ', plugin)!)).toEqual({ plugin: [url()] });
  });

  it("adds it to the user's own OPENCODE_CONFIG_CONTENT, keeping everything of theirs", () => {
    const own = JSON.stringify({ model: 'anthropic/claude', plugin: ['opencode-wakatime'] });
    expect(JSON.parse(opencodeConfigContent(own, plugin)!)).toEqual({ model: 'anthropic/claude', plugin: ['opencode-wakatime', url()] });
    expect(JSON.parse(opencodeConfigContent('{"share":"disabled"}', plugin)!)).toEqual({ share: 'disabled', plugin: [url()] });
    const already = JSON.stringify({ plugin: [url()] });
    expect(opencodeConfigContent(already, plugin)).toBe(already);
  });

  it('leaves a document it cannot add to alone, and the session goes without the plugin', () => {
    for (const own of ['{ // jsonc\n }', '[]', '"x"', '{"plugin":"one"}']) expect(opencodeConfigContent(own, plugin), own).toBeUndefined();
  });
});

describe('the built-in opencode kind', () => {
  it('loads the plugin through OPENCODE_CONFIG_CONTENT and has lich’s tools when the CLI ships it', () => {
    writeFileSync(plugin, 'export default {}');
    const p = new Providers(dir, {}, { bin }).get('opencode');
    expect(p.env).toEqual({ OPENCODE_CONFIG_CONTENT: JSON.stringify({ plugin: [url()] }) });
    expect(p.hasTools).toBe(true);
    expect(new Providers(dir, {}, { bin }).peek('opencode')?.hasTools).toBe(true);
  });

  it('starts as before — no plugin, no tools — where there is no plugin beside LICH_BIN, or no LICH_BIN', () => {
    for (const o of [{ bin }, {}]) {
      const p = new Providers(dir, {}, o).get('opencode');
      expect(p.env).toEqual({});
      expect(p.hasTools).toBe(false);
    }
  });

  it("keeps the user's unreadable OPENCODE_CONFIG_CONTENT, and then has no tools", () => {
    writeFileSync(plugin, 'export default {}');
    expect(opencodeEnv({ OPENCODE_CONFIG_CONTENT: '{ /* mine */ }' }, bin)).toEqual({});
    expect(new Providers(dir, { OPENCODE_CONFIG_CONTENT: '{ /* mine */ }' }, { bin }).get('opencode').hasTools).toBe(false);
  });

  it('gives no other kind anything of it', () => {
    writeFileSync(plugin, 'export default {}');
    const providers = new Providers(dir, {}, { bin });
    for (const kind of ['claude', 'codex', 'antigravity', 'omp', 'crush', 'cursor', 'kiro', 'shell']) {
      expect(providers.get(kind).env, kind).toEqual({});
    }
  });
});
