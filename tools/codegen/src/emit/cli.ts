/**
 * `generated/cli/commands.ts`: every `lich` command in one module, as openapi-typescript emits
 * one module for a whole API — one class per operation, each under its doc comment naming the
 * contract it comes from, extending the hand-written `LichCommand` (packages/cli/src/lich-command.ts,
 * lich's one adapter over oclif, whose `Args`/`Flags` only declare), and `COMMANDS`, the explicit
 * command table in `lich help` order. A class is a table: its flags and args with their help
 * text, and `toInput`, which maps what the CLI read (Go flag semantics, go-flags.ts) onto the
 * operation input through `@lich/core/contract-runtime`. One module, because a command runs
 * through the table and its class alike: one generated file on the path of every command.
 */
import { Scope, type ClassDeclarationStructure, type OptionalKind, VariableDeclarationKind } from 'ts-morph';
import { pascal, propertyAccess, tsKey, tsLiteral, tsString } from '../literal';
import type { Contracts, Files, OperationDoc } from '../model';
import { renderTs, provenance } from '../tsfile';
import { byHelpOrder, inputTypeName } from './names';

const FLAG_READER = { string: 'stringFlag', integer: 'integerFlag', boolean: 'booleanFlag' } as const;

/** The class name of a command: `send` → `Send`. */
export function commandClassName(command: string): string {
  return pascal(command);
}

export function emitCli(contracts: Contracts): Files {
  const ops = byHelpOrder(contracts);
  const text = renderTs(
    ops.map((o) => o.file),
    (file) => {
      const clis = ops.map(({ doc: op }) => op['x-cli']);
      const flagTypes = clis.flatMap((cli) => Object.values(cli.flags));
      // The subpath modules, not '@oclif/core': its index loads all of oclif, which a command that
      // only declares its arguments and flags never needs (measured: ~6 ms of every `lich` start).
      if (clis.some((cli) => cli.args.length > 0)) file.addImportDeclaration({ moduleSpecifier: '@oclif/core/args', namespaceImport: 'Args' });
      if (flagTypes.length > 0) file.addImportDeclaration({ moduleSpecifier: '@oclif/core/flags', namespaceImport: 'Flags' });
      const readers = [...new Set(flagTypes.filter((f) => f.field !== undefined).map((f) => FLAG_READER[f.type]))].sort();
      file.addImportDeclaration({ moduleSpecifier: '@lich/core/contract-runtime', namedImports: ['alignPositionals', ...readers] });
      file.addImportDeclaration({ moduleSpecifier: '@lich/cli/lich-command', namedImports: ['LichCommand'] });
      file.addImportDeclaration({ moduleSpecifier: '../types', isTypeOnly: true, namedImports: ops.map(({ doc: op }) => inputTypeName(op.title)) });
      for (const { file: from, doc: op } of ops) file.addClass(commandClass(op, from));
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'COMMANDS',
            initializer: `{\n${ops.map(({ doc: op }) => `  ${tsKey(op['x-cli'].command)}: ${commandClassName(op['x-cli'].command)},`).join('\n')}\n}`,
          },
        ],
        docs: [`Every \`lich\` command, in \`lich help\` order: the table main.ts dispatches on (${provenance(ops.map((o) => o.file))}).`],
      });
      file.addTypeAlias({ name: 'CommandName', isExported: true, type: 'keyof typeof COMMANDS', docs: ['A `lich` command word.'] });
    },
  );
  return { 'cli/commands.ts': text };
}

/** The class of one command, from the operation contract at `from`. */
function commandClass(op: OperationDoc, from: string): OptionalKind<ClassDeclarationStructure> {
  const cli = op['x-cli'];
  const name = commandClassName(cli.command);
  const inputType = inputTypeName(op.title);
  const flagEntries = Object.entries(cli.flags);
  const args = Object.fromEntries(
    cli.args.map((arg) => {
      // An `Args` declaration cannot express an optional positional before a required one, so a
      // command that has one declares every positional optional and leaves the count to
      // alignPositionals.
      const required = arg.required && !cli.args.some((a) => a.leadingOptional === true);
      return [arg.name, `Args.string(${tsLiteral({ description: arg.description, required })})`];
    }),
  );
  const flags = Object.fromEntries(
    flagEntries.map(([flagName, flag]) => {
      return [flagName, `Flags.${flag.type}(${tsLiteral({ description: flag.description, helpValue: flag.helpValue })})`];
    }),
  );
  const fields = Object.keys(op.input.properties);
  const byField = new Map<string, string>();
  for (const arg of cli.args) byField.set(arg.field, `positionals.${arg.field}`);
  for (const [flagName, flag] of flagEntries) {
    if (flag.field !== undefined) byField.set(flag.field, `${FLAG_READER[flag.type]}(${propertyAccess('flags', flagName)})`);
  }
  const positionals = tsLiteral(cli.args.map((a) => ({ field: a.field, required: a.required, ...(a.variadic === true ? { variadic: true } : {}) })));
  const variadic = cli.args.some((a) => a.variadic === true);
  const align = `alignPositionals(argv, ${positionals}, ${name}.usage)`;
  const result = `return ${objectOf(fields.map((f) => [f, byField.get(f)!]))};`;
  // A command without positionals still refuses one, with its usage line.
  const statements = cli.args.length > 0 ? [`const positionals = ${align};`, result] : [`${align};`, result];

  return {
    name,
    isExported: true,
    extends: `LichCommand<${inputType}>`,
    docs: [`\`${cli.usage.join(' ')}\` — ${cli.summary}${sourceSuffix(op)}\n\nGenerated from ${from} (\`x-cli\`).`],
    properties: [
      { name: 'operation', isStatic: true, hasOverrideKeyword: true, initializer: `${tsString(op.title)} as const` },
      { name: 'summary', isStatic: true, hasOverrideKeyword: true, initializer: tsString(cli.summary) },
      { name: 'description', isStatic: true, hasOverrideKeyword: true, initializer: tsString(op.description) },
      {
        name: 'usage',
        isStatic: true,
        hasOverrideKeyword: true,
        initializer: tsString(cli.usage.join('\n')),
        docs: ['The spelling, one line per line of `lich help`; whitespace-collapsed, it is the line of `lich: usage: …`.'],
      },
      { name: 'args', isStatic: true, hasOverrideKeyword: true, initializer: objectOf(Object.entries(args)) },
      { name: 'flags', isStatic: true, hasOverrideKeyword: true, initializer: objectOf(Object.entries(flags)) },
      { name: 'json', isStatic: true, hasOverrideKeyword: true, initializer: String(cli.json), docs: ['Whether --json prints the output as one JSON line.'] },
      ...(variadic
        ? [{ name: 'strict', isStatic: true, hasOverrideKeyword: true, initializer: 'false', docs: ['Its last positional takes every remaining word, so there is no upper bound on their count.'] }]
        : []),
    ],
    methods: [
      {
        name: 'toInput',
        scope: Scope.Protected,
        hasOverrideKeyword: true,
        parameters: [
          { name: '_args', type: 'Record<string, unknown>' },
          { name: fields.some((f) => byField.get(f)!.includes('(flags')) ? 'flags' : '_flags', type: 'Record<string, unknown>' },
          { name: 'argv', type: 'string[]' },
        ],
        returnType: inputType,
        statements,
      },
    ],
  };
}

/** An object literal of already-printed values. */
function objectOf(entries: Array<[string, string]>): string {
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `  ${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : tsString(k)}: ${v},`).join('\n')}\n}`;
}

/** ` (spec/cli.md § lich send)`: the contract's `x-source`, for the doc comment only, never the help text. */
function sourceSuffix(op: OperationDoc): string {
  return op['x-source'] === undefined ? '' : ` (${op['x-source']})`;
}
