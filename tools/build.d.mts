// Types of build.mjs's exports (the build itself runs only as a script: node tools/build.mjs).
import type { BuildOptions } from 'esbuild';
/** esbuild's minify options as the CLI's bundles use them. */
export const minify: { minifyWhitespace: boolean; minifySyntax: boolean };
/** The CLI's entry (packages/cli/dist/lich.cjs) as the build lists it. */
export const LICH_ENTRY: { name: string; entry: string; options: BuildOptions };
/** The esbuild options of a non-browser entry, with `define` as the build's defines. */
export function entryOptions(entry: { entry: string; options: BuildOptions }, define?: Record<string, string>): BuildOptions & { write: false };
/** The command table's esbuild options, in memory, as `<distDir>/chunks/commands.cjs`. */
export function commandTableOptions(distDir: string): BuildOptions & { write: false };
/** The CLI entry's esbuild options, in memory, with the command table at `commandsCjs` (relative to dist/). */
export function cliEntryOptions(commandsCjs: string): BuildOptions & { write: false };
