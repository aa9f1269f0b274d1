/**
 * `generated/argv.ts`: `cliArgv.<op>(input, options)` — an operation input spelled as the `lich`
 * argv that runs it (the opencode plugin and the end-to-end tests run the CLI this way). Flags
 * first, as `--name=value`, then `--`, then the positionals, so a value beginning with `-` is
 * taken verbatim; fields at their default are left out (`toArgv` in contract-runtime).
 */
import { VariableDeclarationKind } from 'ts-morph';
import { tsString } from '../literal';
import type { Contracts, Files, OperationDoc } from '../model';
import { renderTs } from '../tsfile';
import { byHelpOrder, inputTypeName } from './names';

/** The arrow function `cliArgv.<op>`. */
export function argvFunction(op: OperationDoc): string {
  const cli = op['x-cli'];
  const fields = Object.keys(op.input.properties);
  const flags = Object.entries(cli.flags).map(([name, flag]) =>
    flag.output === 'json' ? `[${tsString(`--${name}`)}, options.json ?? false]` : `[${tsString(`--${name}`)}, input.${flag.field!}]`,
  );
  const positionals = cli.args.map((arg) => `[input.${arg.field}, ${arg.required}]`);
  const params = [`${fields.length > 0 ? 'input' : '_input'}: ${inputTypeName(op.title)}`, ...(cli.json ? ['options: ArgvOptions = {}'] : [])];
  const list = (items: string[]) => (items.length === 0 ? '[]' : `[\n${items.map((i) => `    ${i},`).join('\n')}\n  ]`);
  return `(${params.join(', ')}): string[] =>\n  toArgv(${tsString(cli.command)}, ${list(flags)}, ${list(positionals)})`;
}

export function emitArgv(contracts: Contracts): Files {
  const ops = byHelpOrder(contracts);
  const text = renderTs(
    ops.map((o) => o.file),
    (file) => {
      file.addImportDeclaration({ moduleSpecifier: '@lich/core/contract-runtime', namedImports: ['toArgv'] });
      file.addImportDeclaration({ moduleSpecifier: './types', isTypeOnly: true, namedImports: ops.map((o) => inputTypeName(o.doc.title)) });
      file.addInterface({
        name: 'ArgvOptions',
        isExported: true,
        docs: ['How the command prints its result.'],
        properties: [{ name: 'json', isReadonly: true, hasQuestionToken: true, type: 'boolean', docs: ['Add --json: one JSON line instead of prose.'] }],
      });
      file.addVariableStatement({
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: 'cliArgv',
            initializer: `{\n${ops
              .map(({ doc: op }) => `/** \`${op['x-cli'].usage.join(' ')}\` */\n${op['x-cli'].command === op.title ? op.title : tsString(op.title)}: ${argvFunction(op)},`)
              .join('\n')}\n}`,
          },
        ],
        docs: ['Operation → the `lich` argv (without `lich` itself) that runs it with this input. Commands without --json take no options.'],
      });
    },
  );
  return { 'argv.ts': text };
}
