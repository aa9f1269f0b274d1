declare const __LICH_VERSION__: string | undefined;

/**
 * This build's version: the root package.json version, injected by tools/build.mjs (esbuild
 * `define`), and `dev` when the sources run unbundled (vitest, tsx), as an unstamped Go build
 * says `dev` (wire.md § 4.1). `lich version` prints it; `lich mcp` reports it as serverInfo.
 */
export const VERSION: string = typeof __LICH_VERSION__ === 'string' && __LICH_VERSION__ !== '' ? __LICH_VERSION__ : 'dev';
