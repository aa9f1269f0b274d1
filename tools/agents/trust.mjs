#!/usr/bin/env node
// `node tools/agents/trust.mjs <claude|codex> <config file> <dir>`: marks <dir> trusted in a
// client's offline config, as a user accepting the client's folder-trust prompt would
// (real-agents.md §§ 3.1, 5.1). Run by the wrappers offline.mjs writes, before each start, for
// the directory the session starts in: a lich worktree's path is known only once it is opened.
import { readFileSync, writeFileSync } from 'node:fs';

const [kind, file, dir] = process.argv.slice(2);
if (!kind || !file || !dir) {
  process.stderr.write('usage: trust.mjs <claude|codex> <config file> <dir>\n');
  process.exit(1);
}
if (kind === 'claude') {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.projects ??= {};
  if (doc.projects[dir]?.hasTrustDialogAccepted !== true) {
    doc.projects[dir] = { ...doc.projects[dir], hasTrustDialogAccepted: true };
    writeFileSync(file, JSON.stringify(doc, null, 2));
  }
} else if (kind === 'codex') {
  const text = readFileSync(file, 'utf8');
  const header = `[projects.${JSON.stringify(dir)}]`;
  if (!text.split('\n').includes(header)) writeFileSync(file, `${text.replace(/\n*$/, '\n')}\n${header}\ntrust_level = "trusted"\n`);
} else {
  process.stderr.write(`trust.mjs: no trust for kind ${JSON.stringify(kind)}\n`);
  process.exit(1);
}
