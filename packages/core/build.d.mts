// Types of build.mjs (@lich/core's build; docs/packaging.md § How @lich/core is built).
export const ENTRY_POINTS: readonly string[];
/** `source` (a TypeScript module staged at `file`, relative to src/) with every specifier as a NodeNext resolver must read it. */
export function rewriteImports(source: string, file: string): string;
export function buildCore(o?: { outDir?: string; quiet?: boolean }): { outDir: string; files: string[] };
