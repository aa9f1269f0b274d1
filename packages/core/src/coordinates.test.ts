import { describe, expect, it } from 'vitest';
import { LichError } from './errors.js';
import { NO_LICH_RUNNING, readRuntimeFile, resolveCoordinates, runtimeFilePath } from './coordinates.js';

function files(map: Record<string, string | Error>) {
  const reads: string[] = [];
  const readFile = async (path: string) => {
    reads.push(path);
    const v = map[path];
    if (v === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    if (v instanceof Error) throw v;
    return v;
  };
  return { readFile, reads };
}

const runtime = (port: number, token: string) => JSON.stringify({ pid: 42, port, token });

describe('runtimeFilePath', () => {
  it('is under $XDG_CONFIG_HOME/lich when it is set', () => {
    expect(runtimeFilePath({ XDG_CONFIG_HOME: '/x', HOME: '/home/u' })).toBe('/x/lich/runtime.json');
  });

  it('falls back to ~/.config/lich', () => {
    expect(runtimeFilePath({ HOME: '/home/u' })).toBe('/home/u/.config/lich/runtime.json');
    expect(runtimeFilePath({ HOME: '/home/u', XDG_CONFIG_HOME: '' })).toBe('/home/u/.config/lich/runtime.json');
  });

  it('names the dev instance file when LICH_DEV is non-empty', () => {
    expect(runtimeFilePath({ HOME: '/home/u', LICH_DEV: '1' })).toBe('/home/u/.config/lich/runtime-dev.json');
    expect(runtimeFilePath({ HOME: '/home/u', LICH_DEV: '' })).toBe('/home/u/.config/lich/runtime.json');
  });

  it('refuses a relative XDG_CONFIG_HOME as Go does', () => {
    expect(() => runtimeFilePath({ XDG_CONFIG_HOME: 'rel', HOME: '/h' })).toThrow(LichError);
  });
});

describe('resolveCoordinates', () => {
  it('takes the environment when LICH_PORT and LICH_TOKEN are both set, without reading the file', async () => {
    const fs = files({ '/h/.config/lich/runtime.json': runtime(1, 'file') });
    const c = await resolveCoordinates({ HOME: '/h', LICH_PORT: '47821', LICH_TOKEN: 'env' }, fs.readFile);
    expect(c).toEqual({ port: 47821, token: 'env', source: 'env' });
    expect(fs.reads).toEqual([]);
  });

  it('falls back to the runtime file when either variable is empty', async () => {
    const fs = files({ '/h/.config/lich/runtime.json': runtime(5000, 'file') });
    expect(await resolveCoordinates({ HOME: '/h', LICH_PORT: '47821', LICH_TOKEN: '' }, fs.readFile)).toEqual({
      port: 5000,
      token: 'file',
      source: 'runtime-file',
    });
    expect(await resolveCoordinates({ HOME: '/h', LICH_TOKEN: 'x' }, fs.readFile)).toMatchObject({ port: 5000 });
  });

  it('reads the dev file under LICH_DEV', async () => {
    const fs = files({ '/h/.config/lich/runtime-dev.json': runtime(6000, 'dev') });
    expect(await resolveCoordinates({ HOME: '/h', LICH_DEV: 'yes' }, fs.readFile)).toMatchObject({ port: 6000, token: 'dev' });
  });

  it('says no lich is running when there is no file', async () => {
    await expect(resolveCoordinates({ HOME: '/h' }, files({}).readFile)).rejects.toThrow(
      'no lich is running — open lich, or run this inside one of its sessions',
    );
  });

  it('says no lich is running when the file records no port or no token', async () => {
    const path = '/h/.config/lich/runtime.json';
    await expect(resolveCoordinates({ HOME: '/h' }, files({ [path]: runtime(0, 't') }).readFile)).rejects.toThrow(NO_LICH_RUNNING);
    await expect(resolveCoordinates({ HOME: '/h' }, files({ [path]: runtime(1, '') }).readFile)).rejects.toThrow(NO_LICH_RUNNING);
  });

  it('refuses a LICH_PORT that is not a port', async () => {
    await expect(resolveCoordinates({ LICH_PORT: 'x1', LICH_TOKEN: 't' }, files({}).readFile)).rejects.toThrow(
      'reach lich: LICH_PORT is not a port: "x1"',
    );
  });
});

describe('readRuntimeFile', () => {
  it('is null when the file does not exist', async () => {
    expect(await readRuntimeFile({ HOME: '/h' }, files({}).readFile)).toBeNull();
  });

  it('reports a file it cannot read as "read runtime file: …"', async () => {
    const denied = Object.assign(new Error('EACCES'), { code: 'EACCES' });
    await expect(readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': denied }).readFile)).rejects.toThrow(
      'read runtime file: open /h/.config/lich/runtime.json: permission denied',
    );
  });

  it('reports bad JSON as "parse runtime file: …"', async () => {
    await expect(readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': '{oops' }).readFile)).rejects.toThrow(
      /^parse runtime file: /,
    );
  });

  it('reports a file that is not JSON on one line, naming the file', async () => {
    const read = readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': 'garbage\n' }).readFile);
    await expect(read).rejects.toThrow(/^parse runtime file: \/h\/\.config\/lich\/runtime\.json is not JSON \([^\n]*\)$/);
  });

  it('refuses a port outside 0–65535, a pid that is not an integer and a token that is not a string, one line each', async () => {
    const read = (record: object) =>
      readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': JSON.stringify(record) }).readFile);
    await expect(read({ pid: 1, port: 99999, token: 't' })).rejects.toThrow(
      new LichError('parse runtime file: port must be an integer from 1 to 65535, not 99999'),
    );
    await expect(read({ pid: 1, port: -1, token: 't' })).rejects.toThrow('port must be an integer from 1 to 65535, not -1');
    await expect(read({ pid: 1, port: '47821', token: 't' })).rejects.toThrow('port must be an integer from 1 to 65535, not "47821"');
    await expect(read({ pid: 1.5, port: 1, token: 't' })).rejects.toThrow(new LichError('parse runtime file: pid must be an integer, not 1.5'));
    await expect(read({ pid: 1, port: 1, token: 7 })).rejects.toThrow(new LichError('parse runtime file: token must be a non-empty string, not 7'));
    await expect(read([1])).rejects.toThrow('parse runtime file: /h/.config/lich/runtime.json must hold one JSON object with pid, port and token');
  });

  it('reads pid, port and token', async () => {
    expect(await readRuntimeFile({ HOME: '/h' }, files({ '/h/.config/lich/runtime.json': runtime(47821, 'abc') }).readFile)).toEqual({
      pid: 42,
      port: 47821,
      token: 'abc',
    });
  });
});
