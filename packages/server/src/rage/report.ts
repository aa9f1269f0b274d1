/**
 * `report.md` of `lich rage` (spec/cli.md § lich rage): version and build, platform, instance
 * state, browser, whether a confined session would actually be confined here, providers on PATH,
 * plugin state per provider, and the config directory one level deep. The data directory is
 * listed the same way: the workspace database and the worktrees are named, never read.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { release } from 'node:os';
import { join } from 'node:path';
import { lichVersion } from '@lich/core/machine-wording';
import type { ProviderOnPath } from '../doctor/facts.js';

/** What report.md says; every field already worded by the caller where it is a finding. */
export interface ReportFacts {
  /** This build's version, without a leading v. */
  version: string;
  /** `<os>/<arch>` (Go's spelling). */
  platform: string;
  /** When the report was written. */
  now: Date;
  /** One paragraph on the running lich: state, pid and port, and where its stacks are. */
  instance: string;
  /** The sandbox proof's line. */
  sandbox: string;
  providers: ProviderOnPath[];
  /** The ids providers.json defines, or the line saying why it could not be read. */
  userProviders: string[] | string;
  configDir: string;
  dataDir: string;
}

/** `2026-08-10 15:04:05 +0200`: local time, as a person reading the report lived it. */
export function localTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const sign = off < 0 ? '-' : '+';
  const zone = `${sign}${p(Math.floor(Math.abs(off) / 60))}${p(Math.abs(off) % 60)}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${zone}`;
}

/**
 * A directory one level deep: each entry's name, kind, size, mode and modification time — read
 * with lstat, so nothing is opened and no link is followed. A missing directory says so.
 */
export function listing(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ['- (it does not exist)'];
    return [`- (${String((error as Error).message).split('\n')[0]})`];
  }
  if (names.length === 0) return ['- (empty)'];
  return names.map((name) => {
    try {
      const s = lstatSync(join(dir, name));
      const mode = (s.mode & 0o7777).toString(8).padStart(4, '0');
      const kind = s.isDirectory() ? 'directory' : s.isSymbolicLink() ? 'symlink' : s.isFile() ? `${s.size} bytes` : 'special file';
      return `- \`${name}${s.isDirectory() ? '/' : ''}\` — ${kind}, mode ${mode}, modified ${localTime(s.mtime)}`;
    } catch (error) {
      return `- \`${name}\` — (${String((error as Error).message).split('\n')[0]})`;
    }
  });
}

/** The whole report.md. */
export function reportMarkdown(f: ReportFacts): string {
  const onPath = f.providers.filter((p) => p.path !== '');
  const plugins = f.providers.map((p) => {
    const how =
      p.mcp === 'mcp-config'
        ? "handed lich's MCP server on its command line at spawn (--mcp-config)"
        : p.mcp === 'codex-config'
          ? "handed lich's MCP server on its command line at spawn (-c mcp_servers.lich…)"
          : 'no plugin installed by this backend: it reaches lich only through one installed by hand';
    return `- ${p.id}: ${how}`;
  });
  const user = typeof f.userProviders === 'string' ? f.userProviders : f.userProviders.length === 0 ? 'none' : f.userProviders.join(', ');
  return [
    '# lich rage',
    '',
    `Written ${localTime(f.now)}.`,
    '',
    '## Version and build',
    '',
    `- ${lichVersion(f.version)}: the headless backend (no window), on node ${process.version}`,
    `- CLI: ${process.argv[1] ?? '(unknown)'}`,
    `- platform: ${f.platform} (kernel ${release()})`,
    '',
    '## Instance',
    '',
    f.instance,
    '',
    '## Browser',
    '',
    'None: this lich is headless. It runs the backend with no window, so there is no browser to resolve.',
    '',
    '## Sandbox',
    '',
    `Whether a confined session would be confined here: ${f.sandbox}.`,
    '',
    '## Providers on PATH',
    '',
    `${onPath.length} of ${f.providers.length} built-in providers:`,
    ...f.providers.map((p) => `- ${p.id} (${p.name}, \`${p.command}\`): ${p.path === '' ? 'not on PATH' : p.path}`),
    `- user-defined in providers.json: ${user}`,
    '',
    '## Plugins',
    '',
    ...plugins,
    '',
    `## Config directory ${f.configDir}`,
    '',
    'One level deep; no file here was opened but the logs (logs/).',
    '',
    ...listing(f.configDir),
    '',
    `## Data directory ${f.dataDir}`,
    '',
    'Named, never read: the workspace database is not opened, so no project, session or cost is in this report.',
    '',
    ...listing(f.dataDir),
    '',
  ].join('\n');
}
