import { describe, expect, it } from 'vitest';
import { rosterName, sessionLabel, worktreeLabel } from './names.js';

describe('rosterName', () => {
  it('joins the directory name and the first four alphanumerics of the id', () => {
    expect(rosterName('/home/you/src/lich', '0b9c1d2e')).toBe('lich-0b9c');
    expect(rosterName('/home/you/src/lich/', 'a1-b2-c3d4')).toBe('lich-a1b2');
    expect(rosterName('C:\\src\\revu', '9f8e7d')).toBe('revu-9f8e');
  });
  it('reads an empty, dot or root directory as lich, and drops a suffix the id cannot give', () => {
    expect(rosterName('/', 'abcd')).toBe('lich-abcd');
    expect(rosterName('', 'abcd')).toBe('lich-abcd');
    expect(rosterName('.', 'abcd')).toBe('lich-abcd');
    expect(rosterName('/src/lich', '--')).toBe('lich');
  });
});

describe('sessionLabel', () => {
  it('continues the project counter, skipping labels already taken, as a label the provider’s auto-title may replace', () => {
    expect(sessionLabel(4, new Set())).toEqual({ label: 'Session 4', nextSeq: 5, auto: true });
    expect(sessionLabel(4, new Set(['session 4', 'session 5']))).toEqual({ label: 'Session 6', nextSeq: 7, auto: true });
  });
});

describe('worktreeLabel', () => {
  it('labels a worktree session after its branch, moving the counter past one number, as a name the auto-title leaves alone', () => {
    expect(worktreeLabel('auth-fix')(4, new Set(['session 1']))).toEqual({ label: 'auth-fix', nextSeq: 5, auto: false });
  });

  it('falls back to Session <n> when the branch name is taken, case-insensitively, which the auto-title may replace', () => {
    expect(worktreeLabel('Auth-Fix')(4, new Set(['auth-fix', 'session 4']))).toEqual({ label: 'Session 5', nextSeq: 6, auto: true });
  });
});
