/**
 * Issue 15's acceptance, played as a new maintainer would: add an optional input field `urgent`
 * to `send` and see the build refuse it until the wire carries it end to end. In memory — the
 * contracts as codegen loads them, the generated files as codegen emits them, and the TypeScript
 * compiler over the repository's own core and server with those files in place of generated/ —
 * so nothing on disk moves.
 *
 * 1. Only contracts/operations/send.json has the field (a flag, an MCP property): codegen refuses
 *    it, naming the field and the contract, since no RPC method `send` routes to takes it.
 * 2. contracts/rpc/relay.Send.json and relay.SendPrivate.json take it too: codegen passes, and
 *    tsc refuses core's `send`, whose options object for relay.Send lacks the field — and open's
 *    hand-off, one call that may reach relay.Send, relay.SendPrivate or relay.SendSubagent
 *    (which does not take it): left out there, and sent there to all three, it is refused by
 *    name (core/rpc.ts `RpcOptions` of a union of methods), until that call branches.
 * 3. Core sends it: tsc refuses the relay, naming the field — `Relay.send` lists the options it
 *    reads (`SendReads`), and one it does not read would be dropped at the backend.
 * 4. The relay reads it: tsc passes over core and the server — the relay's `send` takes the
 *    generated options type, and the handler table hands it on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/generate';
import { ContractError, loadContracts } from '../src/load';
import type { Contracts, Files } from '../src/model';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ERRANDS = join(root, 'packages/core/src/errands.ts');
const HANDLERS = join(root, 'packages/server/src/rpc.ts');
const RELAY = join(root, 'packages/server/src/relay/relay.ts');
const OPERATIONS = join(root, 'packages/core/src/operations.ts');

/** errands.ts with core's send passing `urgent` on to relay.Send, as a maintainer would write it. */
function coreSendingUrgent(): string {
  const core = readFileSync(ERRANDS, 'utf8');
  // The options object core's send builds, as errands.ts spells it.
  const sent = '{ from: from(ctx), target: input.target, project: input.project, prompt: input.prompt, timeoutSeconds }';
  expect(core).toContain(sent);
  return core.replace(sent, sent.replace(' timeoutSeconds }', ' timeoutSeconds, urgent: input.urgent }'));
}

/**
 * operations.ts with open's hand-off — one call, to relay.Send, relay.SendPrivate or
 * relay.SendSubagent as the route picks — passing `urgent` to whichever it reaches.
 */
function handOffSendingUrgent(): string {
  const operations = readFileSync(OPERATIONS, 'utf8');
  const sent = '{ from: from(ctx), target: session.label, project: session.project, prompt, timeoutSeconds: DELIVER_WAIT_SECONDS }';
  expect(operations).toContain(sent);
  return operations.replace(sent, sent.replace(' }', ', urgent: false }'));
}

/** The contracts with `urgent` added to send's input, its command line and its MCP tool. */
function withUrgentInput(): Contracts {
  const contracts = loadContracts(root, 'contracts');
  const send = contracts.operations.find((o) => o.file === 'contracts/operations/send.json')!.doc;
  send.input.properties.urgent = { type: 'boolean', default: false, description: 'Put the task before the others queued at the session.' };
  send.input.required.push('urgent');
  send['x-cli'].flags.urgent = { field: 'urgent', type: 'boolean', description: 'Put the task before the others queued there.' };
  send['x-cli'].usage[0] = send['x-cli'].usage[0]!.replace('[--private]', '[--private] [--urgent]');
  send['x-mcp']!.properties.urgent = { field: 'urgent', type: 'boolean', description: 'Put the task before the others queued there.' };
  return contracts;
}

/** …and the RPC methods send routes to taking it. */
function withUrgentOption(contracts: Contracts): Contracts {
  for (const method of ['relay.Send', 'relay.SendPrivate']) {
    const options = contracts.rpc.find((r) => r.doc.method === method)!.doc.options!;
    options.properties = { ...options.properties, urgent: { type: 'boolean', description: 'Put the task before the others queued there.' } };
    options.required = [...(options.required ?? []), 'urgent'];
  }
  return contracts;
}

async function problemsOf(contracts: Contracts): Promise<string[]> {
  try {
    await generate(contracts);
    return [];
  } catch (error) {
    if (error instanceof ContractError) return error.problems;
    throw error;
  }
}

/**
 * tsc's errors over `rootNames` (core's errands, the server's handler table) and everything
 * they import, with `generated` in place of generated/ and `overrides` in place of their files.
 */
const unchanged = new Map<string, ts.SourceFile>();

function typeErrors(rootNames: string[], generated: Files, overrides: Record<string, string> = {}): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const replaced = new Map<string, string>(Object.entries(overrides));
  for (const [path, text] of Object.entries(generated)) replaced.set(join(root, 'generated', path), text);
  const host = ts.createCompilerHost(config.options, true);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => replaced.get(file) ?? readFile(file);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => replaced.has(file) || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, fresh) => {
    const text = replaced.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    // Parsed once for every program of this file: the libraries are most of what tsc reads.
    let parsed = unchanged.get(file);
    if (parsed === undefined) {
      parsed = getSourceFile(file, language, onError, fresh);
      if (parsed !== undefined) unchanged.set(file, parsed);
    }
    return parsed;
  };
  const program = ts.createProgram({ rootNames, options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.slice(root.length)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** Asserts tsc refused (`errors` not empty), and that every error is in `file` and says `says`. */
function expectEveryError(errors: string[], file: RegExp, says: string): void {
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error).toMatch(file);
    expect(error).toContain(says);
  }
}

// Each type-check reads core, the server and their libraries: slow on a busy two-core machine.
describe('an optional input field added to send', { timeout: 240_000 }, () => {
  it('is refused by codegen, naming the field and the contract, while no RPC method carries it', async () => {
    const problems = await problemsOf(withUrgentInput());
    expect(problems).toEqual([
      'contracts/operations/send.json: input.urgent is carried by nothing: no RPC method it routes to (relay.SendPrivate, relay.Send) has an option "urgent", no x-rpc route reads it, and x-local does not declare it. Add "urgent" to the options of contracts/rpc/relay.SendPrivate.json or contracts/rpc/relay.Send.json, or declare in x-local what carries it',
    ]);
  });

  it('fails to type-check, naming the field in core, once the RPC contract carries it and core does not', async () => {
    const files = await generate(withUrgentOption(withUrgentInput()));
    expect(files['types.ts']).toMatch(/export interface RelaySendOptions \{[^}]*\n  urgent: boolean;/);
    // Every error is core's send leaving the field out of relay.Send's options, and names it.
    expectEveryError(typeErrors([ERRANDS], files), /^packages\/core\/src\/errands\.ts:\d+: /, "Property 'urgent' is missing");
  });

  it("fails to type-check at open's hand-off, naming the field, since it may reach relay.SendSubagent, which lacks it: left out or sent to all three", async () => {
    const files = await generate(withUrgentOption(withUrgentInput()));
    const core = { [ERRANDS]: coreSendingUrgent() };
    // Left out: relay.Send and relay.SendPrivate would miss it.
    expectEveryError(typeErrors([OPERATIONS], files, core), /^packages\/core\/src\/operations\.ts:\d+: /, "Property 'urgent' is missing");
    // Sent to all three: relay.SendSubagent's contract would refuse it; the call must branch.
    expectEveryError(
      typeErrors([OPERATIONS], files, { ...core, [OPERATIONS]: handOffSendingUrgent() }),
      /^packages\/core\/src\/operations\.ts:\d+: /,
      'urgent: an option only some of the methods this call may reach take; branch',
    );
  });

  it('fails to type-check at the relay, naming the field, once core sends it and the relay does not read it', async () => {
    const files = await generate(withUrgentOption(withUrgentInput()));
    expectEveryError(typeErrors([ERRANDS, HANDLERS], files, { [ERRANDS]: coreSendingUrgent() }), /^packages\/server\/src\/relay\/relay\.ts:\d+: /, '"urgent"');
  });

  it('type-checks again once the relay reads it too: the relay takes the generated options, and the handler hands them on', async () => {
    const files = await generate(withUrgentOption(withUrgentInput()));
    const relay = readFileSync(RELAY, 'utf8');
    const reads = "type SendReads = 'from' | 'target' | 'project' | 'prompt' | 'timeoutSeconds';";
    expect(relay).toContain(reads);
    const reading = relay.replace(reads, reads.replace(";", " | 'urgent';"));
    expect(typeErrors([ERRANDS, HANDLERS], files, { [ERRANDS]: coreSendingUrgent(), [RELAY]: reading })).toEqual([]);
  });
});
