/**
 * `generated/cli/commands.ts` is declarations and data (tools/codegen/src/emit/cli.ts): the CLI
 * reads it, by hand, once (packages/cli/src/lich-command.ts). Checked on the file's syntax tree,
 * for the golden file of the sample contracts and for the repository's own generated file: no
 * branch, no loop, no class, no function of any kind, and no import but oclif's declaration
 * modules and generated/'s own types.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Third-party declaration libraries, and generated/'s own files. */
const ALLOWED_IMPORTS = ['@oclif/core/args', '@oclif/core/flags', '@oclif/core/interfaces', '../types'];

const LOGIC: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.IfStatement, 'an if'],
  [ts.SyntaxKind.ConditionalExpression, 'a ?: expression'],
  [ts.SyntaxKind.SwitchStatement, 'a switch'],
  [ts.SyntaxKind.ForStatement, 'a loop'],
  [ts.SyntaxKind.ForOfStatement, 'a loop'],
  [ts.SyntaxKind.ForInStatement, 'a loop'],
  [ts.SyntaxKind.WhileStatement, 'a loop'],
  [ts.SyntaxKind.DoStatement, 'a loop'],
  [ts.SyntaxKind.ClassDeclaration, 'a class'],
  [ts.SyntaxKind.ClassExpression, 'a class'],
  [ts.SyntaxKind.FunctionDeclaration, 'a function'],
  [ts.SyntaxKind.FunctionExpression, 'a function'],
  [ts.SyntaxKind.ArrowFunction, 'a function'],
  [ts.SyntaxKind.MethodDeclaration, 'a method'],
  [ts.SyntaxKind.TryStatement, 'a try'],
]);

/** What in `text` is logic (kind and line) or an import of something else than declarations. */
function findings(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    const kind = LOGIC.get(node.kind);
    if (kind !== undefined) found.push(`${kind} at line ${at(node)}`);
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)) {
      found.push(`a logical ${node.operatorToken.getText()} at line ${at(node)}`);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !ALLOWED_IMPORTS.includes(node.moduleSpecifier.text)) {
      found.push(`an import of ${node.moduleSpecifier.text} at line ${at(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the CLI commands codegen emits', () => {
  for (const path of ['tools/codegen/test/golden/cli/commands.ts', 'generated/cli/commands.ts']) {
    it(`are declarations and data, importing only oclif's builders and generated types (${path})`, () => {
      expect(findings(path, readFileSync(`${root}/${path}`, 'utf8'))).toEqual([]);
    });
  }

  it('would be told apart from a command class with logic in it', () => {
    const withLogic = [
      "import { LichCommand } from '@lich/cli/lich-command';",
      'export class Send extends LichCommand {',
      '  toInput(flags: Record<string, unknown>) { if (flags.x) return 1; return flags.y ?? 0; }',
      '}',
    ].join('\n');
    expect(findings('x.ts', withLogic)).toEqual([
      'an import of @lich/cli/lich-command at line 1',
      'a class at line 2',
      'a method at line 3',
      'an if at line 3',
      'a logical ?? at line 3',
    ]);
  });
});
