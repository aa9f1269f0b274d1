/**
 * `rpcRoutes` of `generated/contracts.ts`: `rpcRoutes.<op>.<step>(input)` — which RPC method carries each call
 * an operation makes, compiled from `x-rpc` (contracts/operations/<op>.json): the routes of a
 * step in order, the first whose `when` holds on the input. Core calls these instead of choosing
 * a method by hand, so the choice is written once, in the contract. Every input field is present
 * (the surfaces fill the defaults), so a `when` compiles to plain comparisons of the input's own
 * typed fields.
 */
import { type SourceFile, VariableDeclarationKind } from 'ts-morph';
import { tsKey, tsString } from '../literal';
import { DEFAULT_STEP, type Contracts, type OperationDoc, type RouteWhen, type RpcUse } from '../model';
import { byHelpOrder, inputTypeName } from './names';

/** A TypeScript literal of a `const` a route compares with. */
function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? tsString(value) : String(value);
}

/** The condition of a route as a boolean expression over `input`; `undefined` for `when: true`. */
export function routeCondition(when: RouteWhen): string | undefined {
  if (when === true) return undefined;
  const parts = Object.entries(when.properties).map(([field, test]) =>
    'const' in test ? `input.${field} === ${literal(test.const)}` : `input.${field} !== ${literal(test.not.const)}`,
  );
  return parts.join(' && ');
}

/** The condition in words, for the doc comment: `private is true`, `ticket is not ""`. */
function conditionText(when: RouteWhen): string {
  if (when === true) return 'otherwise';
  return `when ${Object.entries(when.properties)
    .map(([field, test]) => ('const' in test ? `${field} is ${JSON.stringify(test.const)}` : `${field} is not ${JSON.stringify(test.not.const)}`))
    .join(' and ')}`;
}

/** The steps of an operation's x-rpc, in the order each first appears, with their routes in order. */
export function routeSteps(op: OperationDoc): Array<[string, RpcUse[]]> {
  const steps = new Map<string, RpcUse[]>();
  for (const route of op['x-rpc']) {
    const step = route.step ?? DEFAULT_STEP;
    steps.set(step, [...(steps.get(step) ?? []), route]);
  }
  return [...steps.entries()];
}

/** The method `<step>(input): <methods>` of `rpcRoutes.<op>`. */
function stepFunction(op: OperationDoc, step: string, routes: RpcUse[]): string {
  const reads = routes.some((r) => r.when !== true);
  const returns = routes.map((r) => tsString(r.method)).join(' | ');
  const body = routes.map((r) => {
    const condition = routeCondition(r.when);
    return condition === undefined ? `return ${tsString(r.method)};` : `if (${condition}) return ${tsString(r.method)};`;
  });
  const docs = routes.length === 1 ? `Always \`${routes[0]!.method}\`` : routes.map((r) => `\`${r.method}\` ${conditionText(r.when)}`).join('; ');
  return `/** ${docs}. */\n${tsKey(step)}(${reads ? 'input' : '_input'}: ${inputTypeName(op.title)}): ${returns} {\n${body.join('\n')}\n},`;
}

/** The input types `rpcRoutes` reads: one per operation that makes an RPC call. */
export function routedInputTypes(contracts: Contracts): string[] {
  return routedOperations(contracts).map((o) => inputTypeName(o.doc.title));
}

function routedOperations(contracts: Contracts) {
  return byHelpOrder(contracts).filter((o) => o.doc['x-rpc'].length > 0);
}

/**
 * Adds `rpcRoutes` to `file` (generated/contracts.ts, which imports the input types of
 * {@link routedInputTypes}). It sits beside the schemas but reads none of them, so a bundle that
 * takes only the routes (the CLI) leaves the schemas out.
 */
export function addRoutes(file: SourceFile, contracts: Contracts): void {
  const ops = routedOperations(contracts);
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    declarations: [
      {
        name: 'rpcRoutes',
        initializer: `{\n${ops
          .map(({ file: source, doc: op }) => {
            const steps = routeSteps(op).map(([step, routes]) => stepFunction(op, step, routes));
            return `/** ${source} \`x-rpc\`. */\n${tsKey(op.title)}: {\n${steps.join('\n')}\n},`;
          })
          .join('\n')}\n}`,
      },
    ],
    docs: [
      'Operation → step → the RPC method that carries that call for this input (`x-rpc`: per step, the first route whose `when` holds; the last always does). A step is one call the operation makes — `call`, or for `open` the `open` and then the `handOff` of --prompt; whether a step is made at all is the operation\'s own logic (core).',
    ],
  });
}
