import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Machine } from '@lich/core';
import { doctor } from '../doctor/doctor.js';
import { startServer } from '../server.js';
import { http, tempLich, type TempLich } from '../testing.js';
import { diagnosticReport, stacksText } from './debug.js';
import { envText, isSecretName, selectEnv } from './env.js';
import { MASKED, maskSecrets } from './mask.js';
import { claimThenRename, defaultArchiveName, rage, readTail, writeArchive } from './rage.js';

let dirs: TempLich;
beforeEach(() => {
  dirs = tempLich('lich-rage-');
});
afterEach(() => dirs.cleanup());

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('maskSecrets', () => {
  it('masks the running token by value and every token= value by its shape, whatever the case', () => {
    const text = `GET /hook?token=${TOKEN}&session_id=s1\nLICH_TOKEN=deadbeefdeadbeefdeadbeefdeadbeef\nsaw ${TOKEN} in argv\n{"pid":1,"token":"cafecafecafecafecafecafecafecafe"}`;
    const out = maskSecrets(text, [TOKEN]);
    expect(out).toBe(`GET /hook?token=${MASKED}&session_id=s1\nLICH_TOKEN=${MASKED}\nsaw ${MASKED} in argv\n{"pid":1,"token":"${MASKED}"}`);
    expect(maskSecrets(out, [TOKEN])).toBe(out);
  });

  it('does not mask by value a token that ordinary text could spell: short, or made of few characters', () => {
    expect(maskSecrets('port 4242', ['42'])).toBe('port 4242');
    expect(maskSecrets('pid 12345678 wrote 12345678 bytes', ['12345678'])).toBe('pid 12345678 wrote 12345678 bytes');
    expect(maskSecrets('HEAD 0000000000000000000000000000000000000000', ['00000000000000000000000000000000'])).toBe(
      'HEAD 0000000000000000000000000000000000000000',
    );
    // Its shapes still are.
    expect(maskSecrets('GET /ping?token=42', ['42'])).toBe(`GET /ping?token=${MASKED}`);
  });
});

describe('env.txt', () => {
  it('names a token, key, secret, password or credential as a secret, and nothing else', () => {
    for (const name of ['LICH_TOKEN', 'ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'PGPASSWORD', 'GOOGLE_APPLICATION_CREDENTIALS', 'github_token']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['PATH', 'LICH_PORT', 'XDG_CONFIG_HOME', 'DISPLAY']) expect(isSecretName(name), name).toBe(false);
  });

  it('lists every LICH_* and XDG_* variable and the allowlist, a secret only as <SET> or <UNSET>, and nothing else', () => {
    const text = envText({
      PATH: '/usr/bin',
      SHELL: '/bin/zsh',
      LICH_TOKEN: TOKEN,
      LICH_PORT: '47821',
      LICH_SOMETHING_NEW: 'x',
      LICH_API_KEY: 'k',
      XDG_SESSION_DESKTOP: 'gnome',
      ANTHROPIC_API_KEY: 'sk-ant-123',
      AWS_SECRET_ACCESS_KEY: 'aws',
      UNLISTED: 'nope',
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# /);
    expect(lines).toContain('PATH=/usr/bin');
    expect(lines).toContain('SHELL=/bin/zsh');
    expect(lines).toContain('LICH_TOKEN=<SET>');
    expect(lines).toContain('LICH_PORT=47821');
    expect(lines).toContain('LICH_SOMETHING_NEW=x');
    expect(lines).toContain('LICH_API_KEY=<SET>');
    expect(lines).toContain('XDG_SESSION_DESKTOP=gnome');
    expect(lines).toContain('ANTHROPIC_API_KEY=<SET>');
    expect(lines).toContain('OPENAI_API_KEY=<UNSET>');
    expect(lines).toContain('EDITOR=<UNSET>');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('sk-ant-123');
    expect(text).not.toContain('AWS_SECRET');
    expect(text).not.toContain('UNLISTED');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('sorts the variables by name', () => {
    const names = selectEnv({ LICH_Z: '1', LICH_A: '2' }).map(([n]) => n);
    expect(names).toEqual([...names].sort());
  });
});

describe('readTail', () => {
  it('keeps a short log whole and says nothing about it', () => {
    const file = join(dirs.root, 'lich.log');
    writeFileSync(file, 'one\ntwo\n');
    expect(readTail(file, 1024)).toBe('one\ntwo\n');
  });

  it('keeps only the last bytes of a long log, from a whole line, and says how much it left out', () => {
    const file = join(dirs.root, 'lich.log');
    writeFileSync(file, `${'a'.repeat(30)}\n${'b'.repeat(30)}\nlast line\n`);
    const tail = readTail(file, 20)!;
    expect(tail).toBe('[lich rage: the first 62 bytes of this log are left out; it keeps the last 0 MiB]\nlast line\n');
  });

  it('gives nothing for a log that is not there', () => {
    expect(readTail(join(dirs.root, 'none.log'), 10)).toBeUndefined();
  });
});

describe('writeArchive', () => {
  it('writes a gzipped tar of mode 0600 holding exactly the entries', async () => {
    mkdirSync(join(dirs.root, 'stage', 'logs'), { recursive: true });
    writeFileSync(join(dirs.root, 'stage', 'report.md'), '# r\n');
    writeFileSync(join(dirs.root, 'stage', 'logs', 'lich.log'), 'x\n');
    const target = join(dirs.root, 'out.tar.gz');
    await writeArchive(join(dirs.root, 'stage'), ['report.md', 'logs', 'logs/lich.log'], target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const listed: string[] = [];
    await tar.t({ file: target, onReadEntry: (e) => void listed.push(e.path) });
    expect(listed).toEqual(['report.md', 'logs/', 'logs/lich.log']);
  });

  it("dates every entry, the logs/ directory too, with the archive's time rather than 1970", async () => {
    mkdirSync(join(dirs.root, 'stage', 'logs'), { recursive: true });
    writeFileSync(join(dirs.root, 'stage', 'report.md'), '# r\n');
    const target = join(dirs.root, 'out.tar.gz');
    const at = new Date(2026, 7, 10, 15, 4, 5);
    await writeArchive(join(dirs.root, 'stage'), ['report.md', 'logs'], target, at);
    const dated: Record<string, number | undefined> = {};
    await tar.t({ file: target, onReadEntry: (e) => void (dated[e.path] = e.mtime?.getTime()) });
    expect(dated).toEqual({ 'report.md': at.getTime(), 'logs/': at.getTime() });
  });

  it('never replaces a file at the target: it refuses, naming it, leaves it as it was and nothing beside it', async () => {
    mkdirSync(join(dirs.root, 'stage'));
    writeFileSync(join(dirs.root, 'stage', 'report.md'), '# r\n');
    const out = join(dirs.root, 'out');
    mkdirSync(out);
    writeFileSync(join(out, 'r.tar.gz'), 'an earlier report');
    await expect(writeArchive(join(dirs.root, 'stage'), ['report.md'], join(out, 'r.tar.gz'))).rejects.toThrow(
      `cannot write the archive ${join(out, 'r.tar.gz')}: a file of that name is already there, and lich rage does not replace one — name another with --output`,
    );
    expect(readFileSync(join(out, 'r.tar.gz'), 'utf8')).toBe('an earlier report');
    expect(readdirSync(out)).toEqual(['r.tar.gz']);
  });

  it('places the archive without a hard link by claiming the name first, and never over a file there', () => {
    const partial = join(dirs.root, '.r.partial');
    writeFileSync(partial, 'the archive');
    writeFileSync(join(dirs.root, 'taken.tar.gz'), 'an earlier report');
    expect(() => claimThenRename(partial, join(dirs.root, 'taken.tar.gz'))).toThrow(
      `cannot write the archive ${join(dirs.root, 'taken.tar.gz')}: a file of that name is already there`,
    );
    expect(readFileSync(join(dirs.root, 'taken.tar.gz'), 'utf8')).toBe('an earlier report');
    claimThenRename(partial, join(dirs.root, 'free.tar.gz'));
    expect(readFileSync(join(dirs.root, 'free.tar.gz'), 'utf8')).toBe('the archive');
    expect(existsSync(partial)).toBe(false);
  });

  it('removes what it had begun to write when packing fails, and leaves the target untouched', async () => {
    mkdirSync(join(dirs.root, 'stage'));
    writeFileSync(join(dirs.root, 'stage', 'report.md'), '# r\n');
    const out = join(dirs.root, 'out');
    mkdirSync(out);
    // An entry that vanished between staging and packing: tar fails after the file was opened.
    await expect(writeArchive(join(dirs.root, 'stage'), ['report.md', 'gone.txt'], join(out, 'r.tar.gz'))).rejects.toThrow(
      `cannot write the archive ${join(out, 'r.tar.gz')}: `,
    );
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('the running backend answers for its stacks', () => {
  it('serves its diagnostic report at /debug/goroutines with its token, 401 "invalid token" without, and no secret of its environment', async () => {
    process.env.LICH_RAGE_TEST_API_KEY = 'sk-should-never-leave';
    const server = await startServer({ configDir: dirs.configDir, dataDir: dirs.dataDir, port: 0, bin: '/opt/lich', log: () => {} });
    try {
      const bad = await http(server.port, 'GET', '/debug/goroutines?token=nope');
      expect([bad.status, bad.body]).toEqual([401, 'invalid token\n']);
      const good = await http(server.port, 'GET', `/debug/goroutines?token=${server.token}`);
      expect(good.status).toBe(200);
      expect(good.headers['content-type']).toBe('application/json');
      const report = JSON.parse(good.body);
      expect(report.header.processId).toBe(process.pid);
      expect(report.environmentVariables.LICH_RAGE_TEST_API_KEY).toBe('<SET>');
      expect(report.header.networkInterfaces).toBeUndefined();
      expect(good.body).not.toContain('sk-should-never-leave');
      expect(stacksText(good.body)).toMatch(/^This lich is a node backend \(pid \d+, node v[\d.]+\)/);
    } finally {
      delete process.env.LICH_RAGE_TEST_API_KEY;
      await server.close();
    }
  });

  it('turns a report into its stacks text, and keeps an answer that is no report as it is', () => {
    const text = stacksText(diagnosticReport());
    expect(text).toContain('== JavaScript stack');
    expect(text).toContain('== libuv handles');
    expect(stacksText('not json')).toBe('not json');
  });
});

describe('rage against a running backend in this process', () => {
  it('collects its stacks and the logs, with its token nowhere in the archive', async () => {
    const server = await startServer({ configDir: join(dirs.root, 'xdg-config', 'lich'), dataDir: join(dirs.root, 'xdg-data', 'lich'), port: 0, bin: '/opt/lich', log: () => {} });
    try {
      writeFileSync(join(dirs.root, 'xdg-config', 'lich', 'lich.log'), `GET /ping?token=${server.token}\nthe token was ${server.token}\n`);
      const env = { HOME: dirs.root, PATH: process.env.PATH, XDG_CONFIG_HOME: join(dirs.root, 'xdg-config'), XDG_DATA_HOME: join(dirs.root, 'xdg-data') };
      const now = new Date(2026, 7, 10, 15, 4, 5);
      const report = await rage({ env, version: '0.25.0', output: '', cwd: dirs.root, now });
      expect(report).toEqual({ path: 'lich-rage-20260810-150405.tar.gz', version: '0.25.0', platform: expect.stringMatching(/^linux\//), instance: 'running', pid: process.pid, port: server.port });
      const file = join(dirs.root, report.path);
      const entries: Record<string, string> = {};
      await tar.t({
        file,
        onReadEntry: (e) => {
          const parts: Buffer[] = [];
          e.on('data', (c: Buffer) => parts.push(c));
          e.on('end', () => (entries[e.path] = Buffer.concat(parts).toString('utf8')));
        },
      });
      expect(Object.keys(entries).sort()).toEqual(['diagnostic-report.json', 'env.txt', 'goroutines.txt', 'logs/', 'logs/lich.log', 'report.md']);
      for (const [name, text] of Object.entries(entries)) expect(text, name).not.toContain(server.token);
      expect(entries['logs/lich.log']).toBe(`GET /ping?token=${MASKED}\nthe token was ${MASKED}\n`);
      expect(entries['report.md']).toContain(`Running (pid ${process.pid}, port ${server.port})`);
      expect(existsSync(join(dirs.root, 'xdg-data', 'lich', 'lich.db'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('names the archive after the local time', () => {
    expect(defaultArchiveName(new Date(2026, 0, 2, 3, 4, 5))).toBe('lich-rage-20260102-030405.tar.gz');
    expect(defaultArchiveName(new Date(2026, 0, 2, 3, 4, 5), 2)).toBe('lich-rage-20260102-030405-2.tar.gz');
  });
});

describe('rage twice in one second', () => {
  const env = () => ({ HOME: dirs.root, PATH: process.env.PATH, XDG_CONFIG_HOME: join(dirs.root, 'xdg-config'), XDG_DATA_HOME: join(dirs.root, 'xdg-data') });
  const now = new Date(2026, 7, 10, 15, 4, 5);

  it('writes the second report beside the first under the next free default name, the first kept whole', async () => {
    const first = await rage({ env: env(), version: '0.25.0', output: '', cwd: dirs.root, now });
    const kept = readFileSync(join(dirs.root, first.path));
    const second = await rage({ env: env(), version: '0.25.0', output: '', cwd: dirs.root, now });
    const third = await rage({ env: env(), version: '0.25.0', output: '', cwd: dirs.root, now });
    expect([first.path, second.path, third.path]).toEqual([
      'lich-rage-20260810-150405.tar.gz',
      'lich-rage-20260810-150405-2.tar.gz',
      'lich-rage-20260810-150405-3.tar.gz',
    ]);
    expect(readFileSync(join(dirs.root, first.path)).equals(kept)).toBe(true);
    expect(readdirSync(dirs.root).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  it('refuses an --output that names a file there is, and leaves it as it was', async () => {
    writeFileSync(join(dirs.root, 'mine.tar.gz'), 'not yours');
    await expect(rage({ env: env(), version: '0.25.0', output: 'mine.tar.gz', cwd: dirs.root, now })).rejects.toThrow(
      `cannot write the archive ${join(dirs.root, 'mine.tar.gz')}: a file of that name is already there, and lich rage does not replace one — name another with --output`,
    );
    expect(readFileSync(join(dirs.root, 'mine.tar.gz'), 'utf8')).toBe('not yours');
  });
});

describe('the machine seam', () => {
  it('is what core calls: doctor and rage with the Machine signatures', () => {
    expectTypeOf({ doctor, rage }).toMatchTypeOf<Machine>();
  });
});
