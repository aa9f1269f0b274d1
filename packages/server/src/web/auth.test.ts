import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LINK_TTL_MS, MAX_CODES, MAX_SIGNED_IN, WebAuth, cookieName, readCookie, sameOrigin, setCookie } from './auth.js';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('WebAuth', () => {
  it('lets a code in once, and never twice', () => {
    const auth = new WebAuth();
    const code = auth.mint();
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const cookie = auth.redeem(code);
    expect(cookie).toMatch(/^[0-9a-f]{32}$/);
    expect(cookie).not.toBe(code);
    expect(auth.redeem(code)).toBeUndefined();
  });

  it('refuses a code past its quarter of an hour, and spends it all the same', () => {
    let now = 1_000_000;
    const auth = new WebAuth(() => now);
    const code = auth.mint();
    now += LINK_TTL_MS + 1;
    expect(auth.redeem(code)).toBeUndefined();
    now -= LINK_TTL_MS;
    expect(auth.redeem(code)).toBeUndefined();
  });

  it('keeps a code minted to last until it is used', () => {
    let now = 0;
    const auth = new WebAuth(() => now);
    const code = auth.mint(Infinity);
    now += 365 * 24 * 3_600_000;
    expect(auth.redeem(code)).toBeDefined();
  });

  it('refuses a code it never minted, of any shape', () => {
    const auth = new WebAuth();
    auth.mint();
    for (const bad of ['', 'x', '0'.repeat(32), 'G'.repeat(32), `${'a'.repeat(32)}\n`]) expect(auth.redeem(bad)).toBeUndefined();
  });

  it('holds at most MAX_CODES codes: minting past it voids the oldest', () => {
    const auth = new WebAuth();
    const first = auth.mint();
    for (let i = 0; i < MAX_CODES; i++) auth.mint();
    expect(auth.redeem(first)).toBeUndefined();
  });

  it('knows a browser by its cookie on its own port only, and signs the oldest out past MAX_SIGNED_IN', () => {
    const auth = new WebAuth();
    const cookie = auth.redeem(auth.mint())!;
    expect(auth.signedInRequest(req({ cookie: `${cookieName(47821)}=${cookie}` }), 47821)).toBe(true);
    expect(auth.signedInRequest(req({ cookie: `${cookieName(47822)}=${cookie}` }), 47821)).toBe(false);
    expect(auth.signedInRequest(req({ cookie: `other=1; ${cookieName(47821)}=${cookie}; x=y` }), 47821)).toBe(true);
    expect(auth.signedInRequest(req({}), 47821)).toBe(false);
    expect(auth.signedInRequest(req({ cookie: `${cookieName(47821)}=${'0'.repeat(32)}` }), 47821)).toBe(false);
    for (let i = 0; i < MAX_SIGNED_IN; i++) auth.redeem(auth.mint());
    expect(auth.signedInRequest(req({ cookie: `${cookieName(47821)}=${cookie}` }), 47821)).toBe(false);
  });

  it('forgets every code and cookie when cleared', () => {
    const auth = new WebAuth();
    const code = auth.mint();
    const cookie = auth.redeem(auth.mint())!;
    auth.clear();
    expect(auth.redeem(code)).toBeUndefined();
    expect(auth.signedInRequest(req({ cookie: `${cookieName(1)}=${cookie}` }), 1)).toBe(false);
  });
});

describe('the cookie', () => {
  it('is HttpOnly, SameSite=Strict, for /web only, and lasts the browser session', () => {
    expect(setCookie(47821, 'abc')).toBe('lich_web_47821=abc; Path=/web; HttpOnly; SameSite=Strict');
  });

  it('is read by name out of a Cookie header', () => {
    expect(readCookie('a=1; b=2', 'b')).toBe('2');
    expect(readCookie('a=1', 'b')).toBeUndefined();
    expect(readCookie(undefined, 'b')).toBeUndefined();
  });
});

describe('sameOrigin', () => {
  it('takes an Origin that is exactly http://<Host>', () => {
    expect(sameOrigin(req({ host: '127.0.0.1:47821', origin: 'http://127.0.0.1:47821' }))).toBe(true);
    expect(sameOrigin(req({ host: 'localhost:47821', origin: 'http://LOCALHOST:47821' }))).toBe(true);
  });

  it('refuses another port, another name, another scheme, or no Origin at all', () => {
    expect(sameOrigin(req({ host: '127.0.0.1:47821', origin: 'http://127.0.0.1:8000' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:47821', origin: 'http://localhost:47821' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:47821', origin: 'https://127.0.0.1:47821' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:47821', origin: 'null' }))).toBe(false);
    expect(sameOrigin(req({ host: '127.0.0.1:47821' }))).toBe(false);
  });
});
