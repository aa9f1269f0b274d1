/**
 * `generated/cli/commands.ts`: every `lich` command in one module, as declarations and data — the
 * way openapi-typescript and the MCP SDK emit: one object per command, under its doc comment naming
 * the contract it comes from, and `COMMANDS`, the command table in `lich help` order. An object holds
 * what help prints (summary, description, usage), its arguments and flags built with oclif's own
 * declaration builders (`Args`/`Flags`: a third-party declaration library, the only thing the file
 * imports besides its own types), whether it takes `--json`, and the argv → input mapping as data
 * (`input`: the positionals in order, each flag's kind and the field it fills). The types those
 * objects satisfy are emitted here too, so the file imports nothing of the repository's packages.
 *
 * No logic: no `if`, no class, no function. What reads the data — the Go-flag parse, the
 * positional alignment, the run, the render and the exit status — is written once, by hand, in the
 * CLI (packages/cli/src/lich-command.ts and the modules it names).
 */
import { type SourceFile, VariableDeclarationKind } from 'ts-morph';
import { camel, code, tsKey, tsLiteral } from '../literal';
import type { CliAnnotation, Contracts, Files, OperationDoc } from '../model';
import { renderTs, provenance } from '../tsfile';
import { byHelpOrder, inputTypeName } from './names';

/** The name of a command's declaration object: `send` → `send`, `rename-folder` → `renameFolder`. */
export function commandObjectName(command: string): string {
  return camel(command);
}

export function emitCli(contracts: Contracts): Files {
  const ops = byHelpOrder(contracts);
  const text = renderTs(
    ops.map((o) => o.file),
    (file) => {
      const clis = ops.map(({ doc: op }) => op['x-cli']);
      const flagTypes = clis.flatMap((cli) => Object.values(cli.flags));
      // The subpath modules, not '@oclif/core': its index loads all of oclif, which a command that
      // only declares its arguments and flags never needs.
      if (clis.some((cli) => cli.args.length > 0)) file.addImportDeclaration({ moduleSpecifier: '@oclif/core/args', namespaceImport: 'Args' });
      if (flagTypes.length > 0) file.addImportDeclaration({ moduleSpecifier: '@oclif/core/flags', namespaceImport: 'Flags' });
      file.addImportDeclaration({ moduleSpecifier: '@oclif/core/interfaces', isTypeOnly: true, namedImports: ['Arg', 'Flag'] });
      file.addImportDeclaration({ moduleSpecifier: '../types', isTypeOnly: true, namedImports: ops.map(({ doc: op }) => inputTypeName(op.title)) });
      addDeclarationTypes(file);
      for (const { file: from, doc: op } of ops) {
        file.addVariableStatement({
          leadingTrivia: (writer) => writer.blankLineIfLastNot(),
          declarationKind: VariableDeclarationKind.Const,
          isExported: true,
          declarations: [{ name: commandObjectName(op['x-cli'].command), initializer: `${tsLiteral(declaration(op))} as const satisfies CommandDeclaration<${inputTypeName(op.title)}>` }],
          docs: [`\`${op['x-cli'].usage.join(' ')}\` — ${op['x-cli'].summary}${sourceSuffix(op)}\n\nGenerated from ${from} (\`x-cli\`).`],
        });
      }
      file.addVariableStatement({
        leadingTrivia: (writer) => writer.blankLineIfLastNot(),
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'COMMANDS',
            initializer: `{\n${ops.map(({ doc: op }) => `  ${tsKey(op['x-cli'].command)}: ${commandObjectName(op['x-cli'].command)},`).join('\n')}\n}`,
          },
        ],
        docs: [`Every \`lich\` command by its word, in \`lich help\` order: the table the CLI dispatches on (${provenance(ops.map((o) => o.file))}).`],
      });
      file.addTypeAlias({ name: 'CommandName', isExported: true, type: 'keyof typeof COMMANDS', docs: ['A `lich` command word.'] });
    },
  );
  return { 'cli/commands.ts': text };
}

/** The types every declaration object satisfies: declared here, so generated/ imports nothing of the packages. */
function addDeclarationTypes(file: SourceFile): void {
  file.addTypeAlias({
    name: 'FlagKind',
    isExported: true,
    type: "'string' | 'integer' | 'boolean'",
    docs: ["How a flag's value is read (Go's `flag` package, wire.md § 4.2): text, a Go `int` (base 0: `10`, `0x1f`), or a bool that takes no value (`--x`, `--x=<bool>`)."],
  });
  file.addInterface({
    name: 'PositionalReading',
    isExported: true,
    typeParameters: ['I'],
    docs: ['One positional of a command line, in spelling order (`x-cli.args`).'],
    properties: [
      { name: 'field', isReadonly: true, type: 'keyof I & string', docs: ['The operation input field it fills.'] },
      {
        name: 'required',
        isReadonly: true,
        type: 'boolean',
        docs: ['Whether the command line must carry it. Optional positionals are filled left to right with what the required ones leave over; one left unfilled is `""`.'],
      },
      { name: 'variadic', isReadonly: true, hasQuestionToken: true, type: 'true', docs: ['The last positional takes every remaining word, joined by single spaces.'] },
    ],
  });
  file.addInterface({
    name: 'FlagReading',
    isExported: true,
    typeParameters: ['I'],
    docs: ['One flag of a command line (`x-cli.flags`): how its value is read, and the input field it fills.'],
    properties: [
      { name: 'kind', isReadonly: true, type: 'FlagKind' },
      {
        name: 'field',
        isReadonly: true,
        hasQuestionToken: true,
        type: 'keyof I & string',
        docs: ['The operation input field it fills (`""`, `0` or `false` when the flag is not given); absent for `--json`, which says how the output prints.'],
      },
    ],
  });
  file.addInterface({
    name: 'CommandDeclaration',
    isExported: true,
    typeParameters: ['I = unknown'],
    docs: ['One `lich` command as data: what help prints, the arguments and flags it declares, and how its command line becomes the operation input `I`.'],
    properties: [
      { name: 'command', isReadonly: true, type: 'string', docs: ['The command word (`send`, `rename-folder`).'] },
      { name: 'operation', isReadonly: true, type: 'string', docs: ['The operation it runs (`send`, `renameFolder`), or `help`.'] },
      { name: 'summary', isReadonly: true, type: 'string', docs: ['The line of `lich help`.'] },
      { name: 'description', isReadonly: true, type: 'string', docs: ['The paragraph of `lich <command> --help`.'] },
      {
        name: 'usage',
        isReadonly: true,
        type: 'string',
        docs: ['The spelling, one line per line of `lich help`; whitespace-collapsed, it is the line of `lich: usage: …`.'],
      },
      { name: 'args', isReadonly: true, type: 'Readonly<Record<string, Arg<any>>>', docs: ["The positionals as oclif declares them, with help's descriptions."] },
      { name: 'flags', isReadonly: true, type: 'Readonly<Record<string, Flag<any>>>', docs: ["The flags as oclif declares them, with help's descriptions."] },
      { name: 'json', isReadonly: true, type: 'boolean', docs: ['Whether --json prints the output as one JSON line.'] },
      {
        name: 'input',
        isReadonly: true,
        type: '{\n  readonly positionals: readonly PositionalReading<I>[];\n  readonly flags: Readonly<Record<string, FlagReading<I>>>;\n}',
        docs: ['The command line → the operation input: the positionals in spelling order, and every flag by its name.'],
      },
    ],
  });
}

/** The declaration object of one command, as a literal's value (the builder calls as code). */
function declaration(op: OperationDoc): Record<string, unknown> {
  const cli: CliAnnotation = op['x-cli'];
  return {
    command: cli.command,
    operation: op.title,
    summary: cli.summary,
    description: op.description,
    usage: cli.usage.join('\n'),
    args: Object.fromEntries(
      cli.args.map((arg) => {
        // An `Args` declaration cannot express an optional positional before a required one, so a
        // command that has one declares every positional optional; `input.positionals` says which
        // the command line must carry.
        const required = arg.required && !cli.args.some((a) => a.leadingOptional === true);
        return [arg.name, code(`Args.string(${tsLiteral({ description: arg.description, required }, 2)})`)];
      }),
    ),
    flags: Object.fromEntries(
      Object.entries(cli.flags).map(([name, flag]) => [name, code(`Flags.${flag.type}(${tsLiteral({ description: flag.description, helpValue: flag.helpValue }, 2)})`)]),
    ),
    json: cli.json,
    input: {
      positionals: cli.args.map((a) => ({ field: a.field, required: a.required, ...(a.variadic === true ? { variadic: true } : {}) })),
      flags: Object.fromEntries(Object.entries(cli.flags).map(([name, flag]) => [name, { kind: flag.type, field: flag.field }])),
    },
  };
}

/** ` (spec/cli.md § lich send)`: the contract's `x-source`, for the doc comment only, never the help text. */
function sourceSuffix(op: OperationDoc): string {
  return op['x-source'] === undefined ? '' : ` (${op['x-source']})`;
}
