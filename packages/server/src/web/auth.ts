/**
 * Who may see the page (docs/web-view.md § Security): a person gets in with a one-time link, and
 * stays in with an HttpOnly, SameSite=Strict cookie; every live connection must come from the
 * page's own origin.
 *
 * The link carries a login code of its own, never the launch token: the token opens every RPC
 * and hook, while a code opens one browser's way in, once, for a quarter of an hour (the start
 * line's lasts until it is used: it is printed once, to the person who started lich). Codes and
 * cookies are kept only as their SHA-256, in memory: a backend that restarts lets nobody in
 * with an old one. Both are bounded: the oldest goes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** How long a one-time link works, in ms: 15 minutes. */
export const LINK_TTL_MS = 15 * 60_000;
/** Most codes outstanding at once; minting past it drops the oldest. */
export const MAX_CODES = 64;
/** Most browsers signed in at once; a login past it signs the oldest out. */
export const MAX_SIGNED_IN = 32;

/** The cookie's name: per port, since browsers send a loopback cookie to every port of the host. */
export function cookieName(port: number): string {
  return `lich_web_${port}`;
}

const digest = (value: string): string => createHash('sha256').update(value).digest('hex');

export class WebAuth {
  /** code digest → when it lapses (ms; Infinity for never). */
  private readonly codes = new Map<string, number>();
  /** cookie digests of the browsers signed in, oldest first. */
  private readonly signedIn = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * A new one-time login code: 32 lowercase hex.
   * @param ttlMs how long it works; Infinity for until it is used.
   */
  mint(ttlMs = LINK_TTL_MS): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(digest(code), this.now() + ttlMs);
    while (this.codes.size > MAX_CODES) this.codes.delete(this.codes.keys().next().value!);
    return code;
  }

  /**
   * Spends `code`: the new cookie value (32 hex) when it was outstanding and in time, else
   * undefined. A code works once, whether or not it was in time.
   */
  redeem(code: string): string | undefined {
    if (!/^[0-9a-f]{32}$/.test(code)) return undefined;
    const key = digest(code);
    const until = this.codes.get(key);
    if (until === undefined) return undefined;
    this.codes.delete(key);
    if (this.now() > until) return undefined;
    const cookie = randomBytes(16).toString('hex');
    this.signedIn.add(digest(cookie));
    while (this.signedIn.size > MAX_SIGNED_IN) this.signedIn.delete(this.signedIn.values().next().value!);
    return cookie;
  }

  /** Whether `req` carries the cookie of a browser signed in to this backend on `port`. */
  signedInRequest(req: IncomingMessage, port: number): boolean {
    const value = readCookie(req.headers.cookie, cookieName(port));
    return value !== undefined && /^[0-9a-f]{32}$/.test(value) && this.signedIn.has(digest(value));
  }

  /** Signs every browser out and voids every code (the backend is closing). */
  clear(): void {
    this.codes.clear();
    this.signedIn.clear();
  }
}

/** The `Set-Cookie` value that signs a browser in: HttpOnly, SameSite=Strict, for /web only, until the browser closes. */
export function setCookie(port: number, value: string): string {
  return `${cookieName(port)}=${value}; Path=/web; HttpOnly; SameSite=Strict`;
}

/** The value of cookie `name` in a `Cookie` header; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Whether `req` comes from the page's own origin: its `Origin` header is exactly
 * `http://<Host>` — and the Host is already known to be a loopback name of this listener
 * (`hostAllowed`). Browsers send Origin on every WebSocket handshake and every state-changing
 * request; a request without one is refused, since nothing but a browser has a reason to come here.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  return typeof origin === 'string' && typeof host === 'string' && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}
