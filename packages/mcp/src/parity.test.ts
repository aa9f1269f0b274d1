/**
 * Surface parity: one set of tool arguments means one operation input, whichever surface it
 * arrives through. For every MCP tool and arbitrary arguments its schema accepts:
 *
  *   (a) the MCP mapping — core's `toInput(tool, args)`, what `lich mcp` runs;
  *   (b) the CLI — core's `toArgv(op, a)`, read back through the generated declaration of the command (the CLI's parse-only
 *       `parseInput`: Go flag semantics, lich's own), what `lich <command> …` runs;
 *   (c) the opencode plugin — the argv its tool's `execute` (packages/opencode-plugin/src/tools.ts)
 *       hands to `run`, parsed by the same command;
 *
 * must be deep-equal. A flag spelled one way on one surface and read another way on the other
 * (a value that starts with `-`, an empty string, a fractional timeout) shows up here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tool as opencodeTool } from '@opencode-ai/plugin';
import { toArgv, toInput } from '@lich/core/contract-runtime';
import { COMMANDS } from '@lich/generated/cli/commands';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { lichTools } from '../../opencode-plugin/src/tools.js';
import { parseInput } from '@lich/cli/input';
import type { CommandDeclaration } from '@lich/generated/cli/commands';

const ISSUE_TOOLS = ['list_sessions', 'send_to_session', 'wait_for_answer', 'reply_to_session', 'open_session', 'close_session', 'list_worktrees',
  'rename_session', 'list_folders', 'file_session', 'rename_folder', 'color_folder', 'control_session', 'ask_session'];

/** Strings a model might send: anything, plus the ones a command line is likely to misread. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', '-', '--', '-x', '--json', '--timeout=5', '--private', '-h', '--help', ' ', 'a b', '"q"', "it's", 'x\ny'),
  fc.string({ unit: fc.constantFrom('-', '=', ' ', 'a', '\n', '"'), maxLength: 8 }),
);

/** Seconds as JSON can carry them: integers, fractions, negatives, zero, huge. */
const seconds = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0, 0.5, 89.9, 90, 91, 1e12));

interface Property {
  type: string;
  enum?: readonly string[];
}

function valueOf(p: Property): fc.Arbitrary<unknown> {
  if (p.enum) return fc.constantFrom(...p.enum);
  switch (p.type) {
    case 'string':
      return text;
    case 'number':
      return seconds;
    case 'boolean':
      return fc.boolean();
    default:
      throw new Error(`no arbitrary for a ${p.type} argument`);
  }
}

/** Arbitrary arguments the tool's `inputSchema` accepts: required ones always, the others maybe. */
function argumentsOf(t: (typeof MCP_TOOLS)[number]): fc.Arbitrary<Record<string, unknown>> {
  const props = t.inputSchema.properties as Record<string, Property>;
  const required = new Set(t.inputSchema.required ?? []);
  const model = Object.fromEntries(Object.entries(props).map(([name, p]) => [name, valueOf(p)]));
  return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}

function commandFor(argv: readonly string[]): CommandDeclaration<any> {
  const Cmd = (COMMANDS as Record<string, CommandDeclaration<any>>)[argv[0]!];
  if (!Cmd) throw new Error(`no command ${argv[0]}`);
  return Cmd;
}

/** What the opencode tool hands its runner for `args`. */
async function opencodeArgv(name: string, args: Record<string, unknown>): Promise<string[]> {
  let seen: string[] | undefined;
  const tools = lichTools(opencodeTool, async (argv) => {
    seen = argv;
    return '';
  }) as unknown as Record<string, { execute(args: unknown, ctx: unknown): Promise<unknown> }>;
  await tools[name]!.execute(args, { abort: new AbortController().signal });
  return seen!;
}

/** Checks (a) = (b) = (c) for one call of `t`. */
async function samePerSurface(t: (typeof MCP_TOOLS)[number], args: Record<string, unknown>, json: boolean): Promise<void> {
  const input = toInput(t, args);
  const argv = toArgv(t.operation, input as never, { json });
  expect(commandFor(argv).operation).toBe(t.operation);
  expect(await parseInput(commandFor(argv), argv.slice(1))).toEqual(input);

  const ocArgv = await opencodeArgv(t.name, args);
  expect(await parseInput(commandFor(ocArgv), ocArgv.slice(1))).toEqual(input);
}

function toolNamed(name: string): (typeof MCP_TOOLS)[number] {
  return MCP_TOOLS.find((t) => t.name === name)!;
}

describe('surface parity', () => {
  it('covers exactly the tools of this issue', () => {
    expect(MCP_TOOLS.map((t) => t.name).sort()).toEqual([...ISSUE_TOOLS].sort());
  });

  for (const t of MCP_TOOLS) {
    it(`maps ${t.name} arguments to the same ${t.operation} input through MCP, the CLI and opencode`, async () => {
      await fc.assert(
        fc.asyncProperty(argumentsOf(t), fc.boolean(), (args, json) => samePerSurface(t, args, json)),
        { numRuns: 200 },
      );
    });
  }

  // Spellings the property has found before, kept so they are tried on every run.
  it('keeps a flag value that spells another flag of the command', async () => {
    await samePerSurface(toolNamed('send_to_session'), { session: 'docs', prompt: 'x', project: '--json' }, false);
    await samePerSurface(toolNamed('open_session'), { prompt: '--private' }, false);
    await samePerSurface(toolNamed('close_session'), { session: 'docs', project: '--json' }, true);
  });

  it('keeps an empty folder, new name and color, and a leading optional session left out', async () => {
    await samePerSurface(toolNamed('file_session'), { folder: '' }, false);
    await samePerSurface(toolNamed('file_session'), { folder: '', session: '-' }, true);
    await samePerSurface(toolNamed('rename_folder'), { folder: '--', to: '' }, false);
    await samePerSurface(toolNamed('color_folder'), { folder: '-x', color: '' }, true);
    await samePerSurface(toolNamed('rename_session'), { label: '--json' }, false);
  });

  it('keeps an empty control value in its place when args follow it, and an ask question whole', async () => {
    await samePerSurface(toolNamed('control_session'), { session: 'docs', action: 'command', value: '', args: 'x' }, false);
    await samePerSurface(toolNamed('control_session'), { session: 'docs', action: 'model', args: '--json' }, true);
    await samePerSurface(toolNamed('ask_session'), { session: 'docs', question: 'what  are you\ndoing?' }, false);
    await samePerSurface(toolNamed('ask_session'), { session: 'docs', question: '' }, true);
  });

  it('keeps a positional that is -- in its place', async () => {
    await samePerSurface(toolNamed('reply_to_session'), { ticket: 'a1b2c3d4', answer: '--' }, false);
    await samePerSurface(toolNamed('send_to_session'), { session: '--', prompt: 'x' }, false);
  });
});
