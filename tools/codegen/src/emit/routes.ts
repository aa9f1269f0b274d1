/**
 * `rpcRoutes` of `generated/contracts.ts`: `rpcRoutes.<op>.<step>` — which RPC method carries each
 * call an operation makes, as data from `x-rpc` (contracts/operations/<op>.json): the routes of a
 * step in order, each `{ method, when }` with the contract's `when` (a JSON Schema over the
 * input) as it is. Core's `rpcMethod` (packages/core/src/contract-tables.ts) takes the first
 * whose `when` holds, so the choice is written once, in the contract, and read once, in core.
 */
import { type SourceFile, VariableDeclarationKind } from 'ts-morph';
import { tsKey, tsLiteral, tsString } from '../literal';
import { DEFAULT_STEP, type Contracts, type OperationDoc, type RouteWhen, type RpcUse } from '../model';
import { byHelpOrder } from './names';

/** The condition in words, for the doc comment: `when private is true`, `when ticket is not ""`. */
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

function routedOperations(contracts: Contracts) {
  return byHelpOrder(contracts).filter((o) => o.doc['x-rpc'].length > 0);
}

/** What a step's routes say in words, for its doc comment. */
function stepText(routes: RpcUse[]): string {
  return routes.length === 1 ? `Always \`${routes[0]!.method}\`.` : `${routes.map((r) => `\`${r.method}\` ${conditionText(r.when)}`).join('; ')}.`;
}

/**
 * Adds the `Route` and `RpcRoutes` declarations and the `rpcRoutes` table to `file`
 * (generated/contracts.ts). It sits beside the schemas but reads none of them, so a bundle that
 * takes only the routes (the CLI) leaves the schemas out.
 */
export function addRoutes(file: SourceFile, contracts: Contracts): void {
  const ops = routedOperations(contracts);
  file.addInterface({
    name: 'Route',
    isExported: true,
    typeParameters: [{ name: 'M', constraint: 'RpcMethodName', default: 'RpcMethodName' }],
    docs: ['One route of `x-rpc`: the RPC method that carries a step of an operation when `when` holds on its input.'],
    properties: [
      { name: 'method', isReadonly: true, type: 'M' },
      {
        name: 'when',
        isReadonly: true,
        type: 'JsonSchema',
        docs: ['A JSON Schema over the operation\'s input, in the subset core\'s `holds` reads; `true` (the last route of a step) always holds.'],
      },
    ],
  });
  file.addInterface({
    name: 'RpcRoutes',
    isExported: true,
    docs: ['Operation → step → its routes, in order. A step is one call the operation makes — `call`, or for `open` the `open` and then the `handOff` of --prompt.'],
    properties: ops.map(({ file: source, doc: op }) => ({
      name: tsKey(op.title),
      isReadonly: true,
      docs: [`${source} \`x-rpc\`.`],
      type: `{\n${routeSteps(op)
        .map(([step, routes]) => `/** ${stepText(routes)} */\nreadonly ${tsKey(step)}: readonly Route<${routes.map((r) => tsString(r.method)).join(' | ')}>[];`)
        .join('\n')}\n}`,
    })),
  });
  file.addVariableStatement({
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    declarations: [
      {
        name: 'rpcRoutes',
        type: 'RpcRoutes',
        initializer: tsLiteral(
          Object.fromEntries(ops.map(({ doc: op }) => [op.title, Object.fromEntries(routeSteps(op).map(([step, routes]) => [step, routes.map((r) => ({ method: r.method, when: r.when }))]))])),
        ),
      },
    ],
    docs: [
      'Operation → step → the routes of that call (`x-rpc`): core\'s `rpcMethod` takes the method of the first whose `when` holds on the input; the last always does. Whether a step is made at all is the operation\'s own logic (core).',
    ],
  });
}
