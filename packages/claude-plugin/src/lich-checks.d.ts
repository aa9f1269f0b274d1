/** The contract checks compiled into the bundle by build.mjs (checks.ts). */
declare module 'lich:checks' {
  export const refusal: import('@lich/core/mod/link').PluginLink['refusal'];
}
