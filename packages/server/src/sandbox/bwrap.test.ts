import { describe, expect, it } from 'vitest';
import { bwrapArgs, confinedCommand, type Confinement } from './bwrap.js';

const c: Confinement = {
  chdir: '/work/proj',
  home: { src: '/data/lich/sandbox/homes/s1', dest: '/home/u' },
  tmpfs: ['/tmp', '/run/user/1000'],
  binds: [
    { src: '/home/u/go', dest: '/home/u/go', rw: false },
    { src: '/home/u/.claude', dest: '/home/u/.claude', rw: true },
    { src: '/home/u/go/pkg/mod', dest: '/home/u/go/pkg/mod', rw: true },
    { src: '/work/proj', dest: '/work/proj', rw: true },
  ],
  setenv: { TMPDIR: '/tmp' },
};

describe('bwrapArgs', () => {
  it('unshares all but the network, drops capabilities, dies with its parent and mounts the root read-only before anything else', () => {
    expect(bwrapArgs(c).slice(0, 13)).toEqual([
      '--unshare-all', '--share-net', '--die-with-parent', '--cap-drop', 'ALL',
      '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs',
    ]);
  });

  it('mounts the tmpfs dirs, then the private home over the real one, then each bind in the order given, then sets variables and the start directory', () => {
    expect(bwrapArgs(c)).toEqual([
      '--unshare-all', '--share-net', '--die-with-parent', '--cap-drop', 'ALL',
      '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc',
      '--tmpfs', '/tmp', '--tmpfs', '/run/user/1000',
      '--bind', '/data/lich/sandbox/homes/s1', '/home/u',
      '--ro-bind', '/home/u/go', '/home/u/go',
      '--bind', '/home/u/.claude', '/home/u/.claude',
      '--bind', '/home/u/go/pkg/mod', '/home/u/go/pkg/mod',
      '--bind', '/work/proj', '/work/proj',
      '--setenv', 'TMPDIR', '/tmp',
      '--chdir', '/work/proj',
    ]);
  });

  it('never starts a new terminal session, so the command keeps the PTY as its controlling terminal', () => {
    expect(bwrapArgs(c)).not.toContain('--new-session');
  });

  it('leaves the home alone when there is none to replace', () => {
    const argv = bwrapArgs({ ...c, home: undefined, binds: [], setenv: {} });
    expect(argv.slice(12)).toEqual(['--tmpfs', '/tmp', '--tmpfs', '/run/user/1000', '--chdir', '/work/proj']);
  });
});

describe('confinedCommand', () => {
  it('runs the command after "--" through the bwrap binary, its argv untouched', () => {
    const cmd = confinedCommand('/usr/bin/bwrap', c, { file: '/bin/sh', args: ['-c', 'sh "$0"; exec "$@"', '.lich/setup-worktree.sh', '/usr/bin/node', '--x'] });
    expect(cmd.file).toBe('/usr/bin/bwrap');
    expect(cmd.args.slice(cmd.args.indexOf('--'))).toEqual(['--', '/bin/sh', '-c', 'sh "$0"; exec "$@"', '.lich/setup-worktree.sh', '/usr/bin/node', '--x']);
    expect(cmd.args.slice(0, cmd.args.indexOf('--'))).toEqual(bwrapArgs(c));
  });
});
