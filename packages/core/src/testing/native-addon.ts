/**
 * For tests: a real native module that will not load in this node, compiled on the spot with the
 * machine's C compiler — what a `node_modules` installed under another Node.js major holds. It
 * registers itself the way addons built with `NODE_MODULE` do, claiming `NODE_MODULE_VERSION`
 * 108 (Node 18), so this node's loader refuses it with its own five-line message, exactly as in
 * the field. No Node.js headers are needed: the registration struct is declared here as node.h
 * declares it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The NODE_MODULE_VERSION the compiled module claims (Node 18). */
export const FOREIGN_MODULE_VERSION = 108;

const SOURCE = `#include <stddef.h>
struct node_module { int nm_version; unsigned int nm_flags; void *nm_dso_handle; const char *nm_filename;
  void *nm_register_func; void *nm_context_register_func; const char *nm_modname; void *nm_priv; struct node_module *nm_link; };
extern void node_module_register(void *);
static void reg(void *e, void *m, void *p) { (void)e; (void)m; (void)p; }
static struct node_module m = { ${FOREIGN_MODULE_VERSION}, 0, NULL, __FILE__, (void *)reg, NULL, "foreign", NULL, NULL };
__attribute__((constructor)) static void init(void) { node_module_register(&m); }
`;

/**
 * Compiles the module to `out` (a `.node` path).
 * @throws Error when `cc` is missing or fails.
 */
export function compileForeignAddon(out: string): void {
  const src = join(out, '..', 'foreign-addon.c');
  writeFileSync(src, SOURCE);
  execFileSync('cc', ['-shared', '-fPIC', '-o', out, src], { stdio: 'pipe' });
}
