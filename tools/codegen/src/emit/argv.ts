/**
 * `generated/argv.ts`: `cliArgvSpecs.<op>` — how an operation input is spelled as the `lich` argv
 * that runs it (the opencode plugin and the end-to-end tests run the CLI this way), as data from
 * `x-cli`: the command, its flags in spelling order with the input field (or the `--json` option)
 * each carries, and its positionals with whether each is required. Core's `toArgv`
 * (packages/core/src/contract-runtime.ts) reads it: flags first, as `--name=value`, then `--`,
 * then the positionals, fields at their default left out.
 */
import { VariableDeclarationKind } from 'ts-morph';
import { tsLiteral } from '../literal';
import type { Contracts, Files, OperationDoc } from '../model';
import { renderTs } from '../tsfile';
import { byHelpOrder } from './names';

/** The `cliArgvSpecs` entry of an operation, as a JSON value. */
export function argvSpec(op: OperationDoc): Record<string, unknown> {
  const cli = op['x-cli'];
  return {
    command: cli.command,
    flags: Object.entries(cli.flags).map(([name, flag]) =>
      flag.output === 'json' ? { flag: `--${name}`, option: 'json' } : { flag: `--${name}`, field: flag.field! },
    ),
    positionals: cli.args.map((arg) => ({ field: arg.field, required: arg.required })),
  };
}

export function emitArgv(contracts: Contracts): Files {
  const ops = byHelpOrder(contracts);
  const text = renderTs(
    ops.map((o) => o.file),
    (file) => {
      file.addImportDeclaration({ moduleSpecifier: './types', isTypeOnly: true, namedImports: ['OpName', 'OperationTypes'] });
      file.addInterface({
        name: 'ArgvOptions',
        isExported: true,
        docs: ['How the command prints its result.'],
        properties: [{ name: 'json', isReadonly: true, hasQuestionToken: true, type: 'boolean', docs: ['Add --json: one JSON line instead of prose (commands that have it).'] }],
      });
      file.addTypeAlias({
        name: 'ArgvFlagSpec',
        isExported: true,
        typeParameters: [{ name: 'I' }],
        type: '{ readonly flag: string; readonly field: keyof I & string } | { readonly flag: string; readonly option: keyof ArgvOptions }',
        docs: ['A flag of a command line (`--timeout`) and what it carries: an input field, or an option of {@link ArgvOptions} (`--json`).'],
      });
      file.addInterface({
        name: 'ArgvPositionalSpec',
        isExported: true,
        typeParameters: [{ name: 'I' }],
        docs: ['A positional of a command line, in spelling order: the input field it carries, and whether the command requires it.'],
        properties: [
          { name: 'field', isReadonly: true, type: 'keyof I & string' },
          { name: 'required', isReadonly: true, type: 'boolean' },
        ],
      });
      file.addInterface({
        name: 'ArgvSpec',
        isExported: true,
        typeParameters: [{ name: 'I' }],
        docs: ['How an operation input is spelled as a `lich` command line (`x-cli`).'],
        properties: [
          { name: 'command', isReadonly: true, type: 'string', docs: ['The command word (`rename-folder`).'] },
          { name: 'flags', isReadonly: true, type: 'readonly ArgvFlagSpec<I>[]' },
          { name: 'positionals', isReadonly: true, type: 'readonly ArgvPositionalSpec<I>[]' },
        ],
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'cliArgvSpecs',
            type: "{ readonly [K in OpName]: ArgvSpec<OperationTypes[K]['input']> }",
            initializer: tsLiteral(Object.fromEntries(ops.map(({ doc: op }) => [op.title, argvSpec(op)]))),
          },
        ],
        docs: ['Operation → how its input is spelled as the `lich` argv that runs it (`x-cli`; read by core\'s `toArgv`).'],
      });
    },
  );
  return { 'argv.ts': text };
}
