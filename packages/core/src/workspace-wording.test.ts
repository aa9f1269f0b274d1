import { describe, expect, it } from 'vitest';
import {
  coloredText,
  filedText,
  focusedText,
  foldersText,
  insertedText,
  insertRefusal,
  refiledText,
  renamedText,
  sanitizeInsert,
} from './workspace-wording.js';

describe('the workspace texts (wire.md § 7.5)', () => {
  it('says what a rename did', () => {
    expect(renamedText({ id: 'x', project: 'lich', label: 'the login bug', previous: 'auth-fix' })).toBe(
      'Renamed "auth-fix" to "the login bug".',
    );
  });

  it('quotes a label the way Go %q does', () => {
    expect(renamedText({ id: 'x', project: 'p', label: 'say "hi"\\', previous: 'a\tb' })).toBe('Renamed "a\\tb" to "say \\"hi\\"\\\\".');
  });

  it('lists folders as a table under a header, and says so when there are none', () => {
    const folders = [
      { name: 'Auth', sessions: ['auth-fix', 'login-tests'] },
      { name: 'Docs', sessions: ['changelog'] },
    ];
    expect(foldersText('cli', folders)).toBe('folder\tsessions\nAuth\tauth-fix, login-tests\nDocs\tchangelog');
    expect(foldersText('cli', [])).toBe('No folders.');
  });

  it('gives list_folders the folders as JSON, [] when there are none', () => {
    expect(foldersText('mcp', [{ name: 'Auth', sessions: ['auth-fix'] }])).toBe('[{"name":"Auth","sessions":["auth-fix"]}]');
    expect(foldersText('mcp', [])).toBe('[]');
  });

  it('has three texts for a filing: under a folder, out of one, in none', () => {
    const base = { id: 'x', project: 'lich', label: 'auth-fix' };
    expect(filedText({ ...base, folder: 'Auth', previous: '' })).toBe('Filed "auth-fix" under "Auth".');
    expect(filedText({ ...base, folder: 'Auth', previous: 'Docs' })).toBe('Filed "auth-fix" under "Auth".');
    expect(filedText({ ...base, folder: '', previous: 'Auth' })).toBe('Took "auth-fix" out of "Auth".');
    expect(filedText({ ...base, folder: '', previous: '' })).toBe('"auth-fix" was in no folder.');
  });

  it('names every session a folder rename moved, or took out', () => {
    const moved = { project: 'lich', from: 'Auth', to: 'Login', sessions: ['auth-fix', 'login-tests'] };
    expect(refiledText(moved)).toBe('Moved "auth-fix", "login-tests" from folder "Auth" to "Login".');
    expect(refiledText({ ...moved, to: '' })).toBe('Took folder "Auth" apart, taking out "auth-fix", "login-tests".');
  });

  it('names every session a folder color painted, or cleared', () => {
    const painted = { project: 'lich', folder: 'Auth', color: 'teal' as const, sessions: ['auth-fix', 'login-tests'] };
    expect(coloredText(painted)).toBe('Painted "auth-fix", "login-tests" in folder "Auth" teal.');
    expect(coloredText({ ...painted, color: '' })).toBe('Cleared the color of "auth-fix", "login-tests" in folder "Auth".');
  });

  it('says how many bytes an insert left at the prompt, and that nothing was sent', () => {
    expect(insertedText({ id: 'x', label: 'docs', project: 'lich', kind: 'claude', bytes: 42 })).toBe(
      'Inserted 42 bytes at the prompt of "docs" (lich). Nothing was sent.',
    );
  });

  it('says a focus from a lich that raises a window in the spec\'s words alone', () => {
    expect(focusedText({ id: 'x', label: 'docs', project: 'lich' })).toBe('Focused "docs" (lich).');
  });

  it('says how many open tabs of the page switched to the card, and gives its one-time link on a line of its own', () => {
    const page = 'http://127.0.0.1:47821/web/in?code=0123456789abcdef0123456789abcdef&card=x';
    expect(focusedText({ id: 'x', label: 'docs', project: 'lich', page, pages: 1 })).toBe(
      `Focused "docs" (lich). The page of this lich open in a tab switched to it.\nIts card on the page, a one-time link for a browser on this machine: ${page}`,
    );
    expect(focusedText({ id: 'x', label: 'docs', project: 'lich', page, pages: 3 })).toContain('open in 3 tabs switched to it.');
  });

  it('says this lich has no window and nothing has its page open when no tab is', () => {
    const page = 'http://127.0.0.1:47821/web/in?code=0123456789abcdef0123456789abcdef&card=x';
    expect(focusedText({ id: 'x', label: 'docs', project: 'lich', page, pages: 0 })).toBe(
      `Focused "docs" (lich). This lich has no window, and no browser has its page open.\nIts card on the page, a one-time link for a browser on this machine: ${page}`,
    );
  });
});

describe('the insert text rules (wire.md § 8.2)', () => {
  it('strips control characters, ESC included, and keeps newlines and tabs', () => {
    expect(sanitizeInsert('a\x1b[31mb\r\nc\td\x7f\x00')).toBe('a[31mb\nc\td');
  });

  it('refuses a blank text and one over 65536 bytes after sanitising, and takes 65536 exactly', () => {
    expect(insertRefusal('\x1b\x07 \n')).toBe('nothing to insert: the text is empty');
    expect(insertRefusal('x'.repeat(65536))).toBeNull();
    expect(insertRefusal(`${'x'.repeat(65536)}\x1b`)).toBeNull();
    expect(insertRefusal('x'.repeat(65537))).toBe(
      'text is 65537 bytes, over the 65536 limit: insert the path of the file instead of its contents',
    );
  });
});
