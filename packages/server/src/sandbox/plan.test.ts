import { describe, expect, it } from 'vitest';
import { BACKEND_PROC, buildCaches, installRoot, planConfinement, PlanError, providerState, type PlanFs, type PlanInput } from './plan.js';

/** A filesystem holding exactly `paths` (and their parents), with `links` resolved by realpath. */
function fakeFs(paths: string[], links: Record<string, string> = {}): PlanFs {
  const all = new Set<string>();
  for (const p of paths) for (let d = p; d !== '/'; d = d.slice(0, d.lastIndexOf('/')) || '/') all.add(d);
  return {
    exists: (p) => all.has(p) || Object.keys(links).includes(p),
    realpath: (p) => {
      for (const [from, to] of Object.entries(links)) if (p === from || p.startsWith(from + '/')) return to + p.slice(from.length);
      return p;
    },
  };
}

const HOME = '/home/u';
const base = (o: Partial<PlanInput> = {}): PlanInput => ({
  checkout: '/work/proj',
  env: { HOME, PATH: '/usr/bin:/bin' },
  privateHome: '/data/lich/sandbox/homes/s1',
  gitCommonDir: '',
  kind: 'example',
  runs: [],
  reads: [],
  ...o,
});
const binds = (c: ReturnType<typeof planConfinement>) => c.binds.map((b) => `${b.rw ? 'rw' : 'ro'} ${b.dest}`);

describe('planConfinement', () => {
  it("binds the backend's /proc entry into the private /tmp and names it in LICH_PROC, for a LICH_PID its pid namespace does not show", () => {
    const c = planConfinement(base({ env: { HOME, PATH: '/usr/bin', LICH_PID: '4242' } }), fakeFs([HOME, '/work/proj', '/proc/4242']));
    expect(c.binds).toContainEqual({ src: '/proc/4242', dest: BACKEND_PROC, rw: false });
    expect(c.setenv.LICH_PROC).toBe(BACKEND_PROC);
    // A pid no process holds, or no pid, binds nothing.
    for (const LICH_PID of ['4243', 'x', undefined]) {
      const other = planConfinement(base({ env: { HOME, LICH_PID } }), fakeFs([HOME, '/work/proj', '/proc/4242']));
      expect(other.binds.some((b) => b.src.startsWith('/proc'))).toBe(false);
      expect(other.setenv.LICH_PROC).toBeUndefined();
    }
  });

  it('hides the home behind the private one, makes /tmp private, and writes only the checkout when nothing else is there', () => {
    const c = planConfinement(base(), fakeFs([HOME, '/work/proj', '/usr/bin', '/bin']));
    expect(c).toEqual({
      chdir: '/work/proj',
      home: { src: '/data/lich/sandbox/homes/s1', dest: HOME },
      tmpfs: ['/tmp'],
      binds: [{ src: '/work/proj', dest: '/work/proj', rw: true }],
      setenv: {},
    });
  });

  it("binds a linked worktree's common git directory writable, or every git command in it would fail", () => {
    const c = planConfinement(base({ gitCommonDir: '/work/proj-main/.git' }), fakeFs([HOME, '/work/proj', '/work/proj-main/.git']));
    expect(binds(c)).toEqual(['rw /work/proj', 'rw /work/proj-main/.git']);
  });

  it("binds the provider's own state writable: Claude Code's config dir and ~/.claude.json", () => {
    const fs = fakeFs([HOME, '/work/proj', `${HOME}/.claude`, `${HOME}/.claude.json`]);
    expect(binds(planConfinement(base({ kind: 'claude' }), fs))).toEqual(['rw /work/proj', `rw ${HOME}/.claude`, `rw ${HOME}/.claude.json`]);
    const moved = fakeFs([HOME, '/work/proj', '/cfg/claude', `${HOME}/.claude.json`]);
    expect(binds(planConfinement(base({ kind: 'claude', env: { HOME, CLAUDE_CONFIG_DIR: '/cfg/claude' } }), moved))).toEqual(['rw /cfg/claude', 'rw /work/proj']);
  });

  it('binds the build caches that exist writable, inside a toolchain shown read-only', () => {
    const fs = fakeFs([HOME, '/work/proj', `${HOME}/.npm`, `${HOME}/go/pkg/mod`, `${HOME}/.cache/go-build`, `${HOME}/.cargo/bin`]);
    expect(binds(planConfinement(base(), fs))).toEqual([
      'rw /work/proj',
      `rw ${HOME}/.npm`,
      `ro ${HOME}/go`,
      `rw ${HOME}/.cache/go-build`,
      `ro ${HOME}/.cargo/bin`,
      `rw ${HOME}/go/pkg/mod`,
    ]);
  });

  it('shows the PATH entries, git configuration and executables that live in a hidden place read-only, and nothing the read-only root already shows', () => {
    const fs = fakeFs([
      HOME, '/work/proj', `${HOME}/.local/bin/claude`, `${HOME}/.gitconfig`, '/usr/local/bin', '/tmp/agents/pkg/package.json', '/tmp/agents/pkg/bin/agent.mjs', '/opt/tool/bin/tool',
    ]);
    const c = planConfinement(
      base({ env: { HOME, PATH: `${HOME}/.local/bin:/usr/local/bin:relative/bin` }, runs: ['/tmp/agents/pkg/bin/agent.mjs', '/opt/tool/bin/tool'] }),
      fs,
    );
    expect(binds(c)).toEqual(['rw /work/proj', `ro ${HOME}/.gitconfig`, 'ro /tmp/agents/pkg', `ro ${HOME}/.local/bin`]);
  });

  it('never hands a hidden place back whole: a PATH entry of the home itself, or of /, is left out', () => {
    const c = planConfinement(base({ env: { HOME, PATH: `${HOME}:/:/tmp` } }), fakeFs([HOME, '/work/proj']));
    expect(binds(c)).toEqual(['rw /work/proj']);
  });

  it('keeps the whole checkout writable: a read-only path inside it is left out, and a writable one folds into it', () => {
    const c = planConfinement(
      base({ checkout: `${HOME}/code/proj`, env: { HOME, PATH: `${HOME}/code/proj/node_modules/.bin:/usr/bin`, npm_config_cache: `${HOME}/code/proj/.npm` } }),
      fakeFs([`${HOME}/code/proj/node_modules/.bin`, `${HOME}/code/proj/.npm`]),
    );
    expect(binds(c)).toEqual([`rw ${HOME}/code/proj`]);
  });

  it('binds each path at its resolved location', () => {
    const c = planConfinement(base({ checkout: '/w/link' }), fakeFs([HOME, '/work/real'], { '/w/link': '/work/real' }));
    expect(c.chdir).toBe('/work/real');
    expect(binds(c)).toEqual(['rw /work/real']);
  });

  it('makes the runtime directory private too, and points TMPDIR at the private /tmp', () => {
    const c = planConfinement(base({ env: { HOME, XDG_RUNTIME_DIR: '/run/user/1000', TMPDIR: '/var/tmp/u' } }), fakeFs([HOME, '/work/proj', '/run/user/1000']));
    expect(c.tmpfs).toEqual(['/tmp', '/run/user/1000']);
    expect(c.setenv).toEqual({ TMPDIR: '/tmp' });
  });

  it('refuses a checkout that holds the home: confining it would hand the home back', () => {
    expect(() => planConfinement(base({ checkout: HOME }), fakeFs([HOME]))).toThrow(
      new PlanError(`its directory ${HOME} holds the home directory, which the confinement hides`),
    );
    expect(() => planConfinement(base({ checkout: '/' }), fakeFs([HOME]))).toThrow(PlanError);
  });
});

describe('providerState', () => {
  it("names each provider's own state, honouring the variables that move it", () => {
    expect(providerState('codex', { CODEX_HOME: '/c' }, HOME)).toEqual({ create: ['/c'], present: [] });
    expect(providerState('codex', {}, HOME)).toEqual({ create: [`${HOME}/.codex`], present: [] });
    expect(providerState('omp', {}, HOME)).toEqual({ create: [`${HOME}/.omp`], present: [] });
    expect(providerState('omp', { PI_CODING_AGENT_DIR: '/a', XDG_DATA_HOME: '/xd' }, HOME)).toEqual({ create: [`${HOME}/.omp`, '/a'], present: ['/xd/omp'] });
    // Under a profile omp ignores PI_CODING_AGENT_DIR; the profile's own dir is under ~/.omp/profiles.
    expect(providerState('omp', { OMP_PROFILE: 'work', PI_CODING_AGENT_DIR: '/a' }, HOME)).toEqual({ create: [`${HOME}/.omp`], present: [] });
    expect(providerState('opencode', { XDG_CONFIG_HOME: '/xc' }, HOME)).toEqual({
      create: ['/xc/opencode', `${HOME}/.local/share/opencode`],
      present: [`${HOME}/.local/state/opencode`, `${HOME}/.cache/opencode`],
    });
    expect(providerState('crush', {}, HOME)).toEqual({ create: [`${HOME}/.config/crush`, `${HOME}/.local/share/crush`], present: [] });
    expect(providerState('example', {}, HOME)).toEqual({ create: [], present: [] });
  });
});

describe('buildCaches', () => {
  it('follows the variables that move a cache', () => {
    const caches = buildCaches({ npm_config_cache: '/c/npm', GOPATH: '/g:/g2', CARGO_HOME: '/cargo', XDG_CACHE_HOME: '/xc' }, HOME);
    expect(caches).toEqual(expect.arrayContaining(['/c/npm', '/g/pkg/mod', '/cargo/registry', '/cargo/git', '/xc/go-build', '/xc/pnpm']));
    expect(caches).not.toContain('/g2/pkg/mod');
  });
});

describe('installRoot', () => {
  it('is the outermost package directory below the hidden place, else the directory of the file', () => {
    const fs = fakeFs(['/h/code/lich/package.json', '/h/code/lich/packages/cli/package.json', '/h/code/lich/packages/cli/bin/lich.js', '/h/bin/x']);
    expect(installRoot('/h/code/lich/packages/cli/bin/lich.js', '/h', fs)).toBe('/h/code/lich');
    expect(installRoot('/h/bin/x', '/h', fs)).toBe('/h/bin');
  });
});
