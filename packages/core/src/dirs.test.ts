import { describe, expect, it } from 'vitest';
import { homeDir, lichConfigDir, lichDataDir } from './dirs.js';
import { LichError } from './errors.js';

const passwd = () => '/home/from-passwd';
const none = () => '';

describe('where lich keeps its files', () => {
  it('takes the XDG directories when they are set', () => {
    const env = { XDG_CONFIG_HOME: '/x/config', XDG_DATA_HOME: '/x/data', HOME: '/home/u' };
    expect(lichConfigDir(env, passwd)).toBe('/x/config/lich');
    expect(lichDataDir(env, passwd)).toBe('/x/data/lich');
  });

  it('falls back under $HOME, an empty XDG variable counting as unset', () => {
    const env = { HOME: '/home/u', XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' };
    expect(lichConfigDir(env, passwd)).toBe('/home/u/.config/lich');
    expect(lichDataDir(env, passwd)).toBe('/home/u/.local/share/lich');
  });

  // issue 22, item 6: the backend fell back to the passwd home while the CLI refused, so with an
  // empty environment the backend wrote its runtime file where no command looked.
  it('falls back under the account’s home from the password database when $HOME is unset or empty, for config and data alike', () => {
    expect(homeDir({}, passwd)).toBe('/home/from-passwd');
    expect(lichConfigDir({}, passwd)).toBe('/home/from-passwd/.config/lich');
    expect(lichDataDir({ HOME: '' }, passwd)).toBe('/home/from-passwd/.local/share/lich');
  });

  it('refuses a relative XDG variable, and a user with no home at all, each in one line', () => {
    expect(() => lichConfigDir({ XDG_CONFIG_HOME: 'rel', HOME: '/h' }, passwd)).toThrow(new LichError('path in $XDG_CONFIG_HOME is relative'));
    expect(() => lichDataDir({ XDG_DATA_HOME: 'rel', HOME: '/h' }, passwd)).toThrow(new LichError('path in $XDG_DATA_HOME is relative'));
    expect(() => lichConfigDir({}, none)).toThrow(new LichError('neither $HOME is set nor does this user have a home directory in the password database'));
  });
});
