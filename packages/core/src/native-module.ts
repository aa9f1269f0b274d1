/**
 * A native module that will not load (better-sqlite3, node-pty), as the one line a person can act
 * on. Node's own words for the commonest case — a module built for another Node.js — run to five
 * lines ("The module '…'\nwas compiled against a different Node.js version using\n…") and their
 * first line names neither the package nor the fix, which is what a `lich: …` line, a doctor
 * finding or a log summary kept of them. spec/cli.md § Commands ("its failure as one lich: …
 * line"), § lich doctor.
 */
import { oneLine } from './errors.js';

/**
 * The line for `error` when it is a native module's failure to load (`ERR_DLOPEN_FAILED`, or a
 * dlopen message naming a `.node` file): the package, why, and `npm rebuild <package>` in the
 * directory it was installed in. Undefined for any other error.
 */
export function nativeModuleFailure(error: unknown): string | undefined {
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  const code = (error as { code?: unknown } | null)?.code;
  const built = /^The module '([^']+\.node)'/.exec(message);
  const dlopen = /^(\/[^\n]+?\.node): (.+)$/m.exec(message);
  const file = built?.[1] ?? dlopen?.[1];
  if (file === undefined || (code !== 'ERR_DLOPEN_FAILED' && built === null && dlopen === null)) return undefined;
  const { pkg, dir } = installOf(file);
  const rebuild = dir === undefined ? `run npm rebuild ${pkg} where lich was installed` : `run npm rebuild ${pkg} in ${dir}`;
  const versions = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(message);
  if (versions) {
    return `${pkg} was built for another Node.js (NODE_MODULE_VERSION ${versions[1]}) than this node ${process.version} (NODE_MODULE_VERSION ${versions[2]}) — ${rebuild}, or run lich with the node it was installed with`;
  }
  const why = dlopen?.[2] ?? oneLine(message.replace(/^The module '[^']+'\s*/, ''));
  return `${pkg}'s native module ${file} will not load (${oneLine(why)}) — ${rebuild}`;
}

/** The package a `.node` file belongs to and the directory whose node_modules holds it. */
function installOf(file: string): { pkg: string; dir?: string } {
  const at = file.lastIndexOf('/node_modules/');
  if (at === -1) return { pkg: file.slice(file.lastIndexOf('/') + 1).replace(/\.node$/, '') };
  const parts = file.slice(at + '/node_modules/'.length).split('/');
  const pkg = parts[0]!.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return { pkg, dir: file.slice(0, at) || '/' };
}
