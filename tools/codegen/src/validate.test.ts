import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ContractError, loadContracts } from './load';
import type { Contracts } from './model';
import { validateContracts } from './validate';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sample = () => loadContracts(root, 'tools/codegen/test/contracts');

/** The problems validateContracts reports for the sample contracts after `change`. */
function problemsAfter(change: (c: Contracts) => void): string[] {
  const contracts = sample();
  change(contracts);
  try {
    validateContracts(contracts);
  } catch (error) {
    if (error instanceof ContractError) return error.problems;
    throw error;
  }
  return [];
}

const fetchOp = (c: Contracts) => c.operations.find((o) => o.doc.title === 'fetch')!.doc;

describe('validateContracts', () => {
  it('accepts the repository contracts', () => {
    expect(() => validateContracts(loadContracts(root, 'contracts'))).not.toThrow();
  });

  it('accepts the sample contracts', () => {
    expect(problemsAfter(() => {})).toEqual([]);
  });

  it('refuses an annotation the meta-schema does not know, naming the file', () => {
    expect(problemsAfter((c) => Object.assign(fetchOp(c)['x-cli'], { hidden: true }))).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: /x-cli must NOT have additional properties ("hidden")',
    ]);
  });

  it('refuses an input field the command line cannot give', () => {
    expect(
      problemsAfter((c) => {
        const op = fetchOp(c);
        op.input.properties.depth = { type: 'integer', default: 0, description: 'How deep.' };
        op.input.required.push('depth');
      }),
    ).toContain('tools/codegen/test/contracts/operations/fetch.json: input.depth cannot be given on the command line: no x-cli arg or flag fills it');
  });

  it('refuses a command whose class would meet another name of the one generated CLI module', () => {
    const renamed = (command: string) => (c: Contracts) => {
      const cli = fetchOp(c)['x-cli'];
      cli.usage[0] = cli.usage[0]!.replace(`lich ${cli.command}`, `lich ${command}`);
      cli.command = command;
    };
    expect(problemsAfter(renamed('ping-'))).toEqual([
      'tools/codegen/test/contracts/operations/ping.json: CLI class name "Ping" is also used by tools/codegen/test/contracts/operations/fetch.json',
    ]);
    expect(problemsAfter(renamed('flags'))).toEqual([
      "tools/codegen/test/contracts/operations/fetch.json: the CLI command's class would be named Flags, a name generated/cli/commands.ts already uses",
    ]);
  });

  it('refuses an outcome table that does not end unconditionally', () => {
    expect(problemsAfter((c) => void fetchOp(c)['x-outcomes'].pop())).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-outcomes: the last case must be unconditional ("when": true)',
    );
  });

  it('refuses an RPC method no contract defines', () => {
    expect(problemsAfter((c) => fetchOp(c)['x-rpc'].push({ method: 'store.Drop', when: true }))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-rpc names "store.Drop", which no contracts/rpc file defines',
    );
  });

  it('refuses an input field that nothing carries to the backend, naming the field and the contract', () => {
    const problems = problemsAfter((c) => {
      const op = fetchOp(c);
      op.input.properties.urgent = { type: 'boolean', default: false, description: 'Fetch first.' };
      op.input.required.push('urgent');
      op['x-cli'].flags.urgent = { field: 'urgent', type: 'boolean', description: 'Fetch first.' };
      op['x-cli'].usage[1] = `[--urgent] ${op['x-cli'].usage[1]}`;
    });
    expect(problems).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: input.urgent is carried by nothing: no RPC method it routes to (store.Refresh, store.Fetch) has an option "urgent", no x-rpc route reads it, and x-local does not declare it. Add "urgent" to the options of contracts/rpc/store.Refresh.json or contracts/rpc/store.Fetch.json, or declare in x-local what carries it',
    ]);
  });

  it('takes an input field as carried by an RPC option, a route that reads it, or an x-local declaration', () => {
    // `key` and `waitSeconds` are options of both methods, `force` and `scope` are read by the
    // Refresh route, and `value` is declared local: the sample contracts hold each kind.
    expect(problemsAfter(() => {})).toEqual([]);
    expect(problemsAfter((c) => delete fetchOp(c)['x-local'])).toEqual([
      expect.stringMatching(/^tools\/codegen\/test\/contracts\/operations\/fetch\.json: input\.value is carried by nothing: /),
    ]);
  });

  it('refuses a bounded name whose RPC option is bounded otherwise, and a bound without its noun', () => {
    const rpc = (c: Contracts, method: string) => c.rpc.find((r) => r.doc.method === method)!.doc.options!.properties!.key as Record<string, unknown>;
    const bounded = (c: Contracts) => Object.assign(fetchOp(c).input.properties.key!, { title: 'key', maxLength: 40 });
    // Bounded alike on the input and on both methods it routes to: one bound.
    expect(
      problemsAfter((c) => {
        bounded(c);
        Object.assign(rpc(c, 'store.Fetch'), { title: 'key', maxLength: 40 });
        Object.assign(rpc(c, 'store.Refresh'), { title: 'key', maxLength: 40 });
      }),
    ).toEqual([]);
    expect(
      problemsAfter((c) => {
        bounded(c);
        Object.assign(rpc(c, 'store.Fetch'), { title: 'key', maxLength: 40 });
      }),
    ).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: input.key is bounded to 40 ("key") but contracts/rpc/store.Refresh.json\'s option "key" not at all: a name has one bound wherever it travels — give both the same maxLength and title',
    ]);
    expect(problemsAfter((c) => Object.assign(fetchOp(c).input.properties.key!, { maxLength: 40 }))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: /input/properties/key must have property title when property maxLength is present',
    );
  });

  it('refuses an x-local entry for a field that is not an input, or that an RPC option already carries', () => {
    expect(problemsAfter((c) => Object.assign(fetchOp(c)['x-local']!, { nope: 'x', key: 'y' }))).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: x-local declares "nope", which is not an input field',
      'tools/codegen/test/contracts/operations/fetch.json: x-local declares "key", which x-rpc already carries: drop it from x-local',
    ]);
  });

  it('refuses a when with a keyword core\'s matcher does not read, naming it and where it is', () => {
    expect(
      problemsAfter((c) => {
        fetchOp(c)['x-outcomes'].unshift({ when: { properties: { status: { type: 'string', enum: ['a'] } } }, exit: 2, meaning: 'Typed.' });
      }),
    ).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: x-outcomes[0].when.properties.status: "type" is a keyword core\'s matcher does not read (only description, required, properties, const, not, minItems, maxItems)',
      'tools/codegen/test/contracts/operations/fetch.json: x-outcomes[0].when.properties.status: "enum" is a keyword core\'s matcher does not read (only description, required, properties, const, not, minItems, maxItems)',
    ]);
    expect(problemsAfter((c) => void (fetchOp(c)['x-outcomes'][0]!.when = { anyOf: [{ required: ['a'] }] }))).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: x-outcomes[0].when: "anyOf" is a keyword core\'s matcher does not read (only description, required, properties, const, not, minItems, maxItems)',
    ]);
  });

  it('refuses a step of x-rpc whose routes do not end unconditionally, or that end early', () => {
    expect(problemsAfter((c) => (fetchOp(c)['x-rpc'][1]!.when = { properties: { force: { const: false } } }))).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: x-rpc[1]: the last route of step "call" must be unconditional ("when": true)',
    ]);
    expect(problemsAfter((c) => (fetchOp(c)['x-rpc'][0]!.when = true))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-rpc[0]: only the last route of step "call" may be unconditional; the ones after it are never taken',
    );
  });

  it('refuses a route that compares a field the input lacks, or with a value of another type', () => {
    const problems = problemsAfter((c) => (fetchOp(c)['x-rpc'][0]!.when = { properties: { fast: { const: true }, force: { const: 'yes' } } }));
    expect(problems).toContain('tools/codegen/test/contracts/operations/fetch.json: x-rpc[0].when names "fast", which is not an input field');
    expect(problems).toContain('tools/codegen/test/contracts/operations/fetch.json: x-rpc[0].when compares input.force (boolean) with "yes"');
  });

  it('refuses a route without a when, or with a when that is not a field comparison', () => {
    expect(problemsAfter((c) => delete (fetchOp(c)['x-rpc'][1] as { when?: unknown }).when)).toContain(
      "tools/codegen/test/contracts/operations/fetch.json: /x-rpc/1 must have required property 'when'",
    );
    expect(problemsAfter((c) => Object.assign(fetchOp(c)['x-rpc'][0]!, { when: 'force is true' }))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: /x-rpc/0/when must match a schema in anyOf',
    );
  });

  it('refuses an MCP property whose type does not match its input field', () => {
    expect(problemsAfter((c) => (fetchOp(c)['x-mcp']!.properties.force!.type = 'string'))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-mcp.properties.force is string but input.force is boolean',
    );
  });

  it('refuses opencode result codes that are not the outcome exits', () => {
    expect(problemsAfter((c) => (fetchOp(c)['x-opencode']!.resultExitCodes = [0]))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-opencode.resultExitCodes must be the exits of x-outcomes: [0, 2, 3]',
    );
  });

  it('refuses an optional positional before a required one unless it says leadingOptional', () => {
    expect(problemsAfter((c) => delete fetchOp(c)['x-cli'].args[0]!.leadingOptional)).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-cli.args[0]: an optional positional before a required one must say leadingOptional',
    );
  });

  it('takes a missing-argument refusal on a required MCP property, and refuses one on an optional property', () => {
    expect(problemsAfter((c) => (fetchOp(c)['x-mcp']!.properties.value!.missing = 'name the value; an empty one means none'))).toEqual([]);
    expect(problemsAfter((c) => (fetchOp(c)['x-mcp']!.properties.force!.missing = 'say whether to force'))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-mcp.properties.force: only a required property has a missing refusal',
    );
  });

  it('accepts an optional positional spelled with an alternative (`[<key> | -]`)', () => {
    const usage = (c: Contracts) => fetchOp(c)['x-cli'].usage;
    expect(problemsAfter((c) => (usage(c)[1] = '[--force] [--json] [<key> | -] <value>'))).toEqual([]);
    expect(problemsAfter((c) => (usage(c)[1] = '[--force] [--json] <value>'))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-cli.usage does not spell [<key>]',
    );
  });

  it("spells a positional the contract's own way when it says one (`list | switch`), and holds the usage line to it", () => {
    const respell = (c: Contracts, usage: string) => {
      fetchOp(c)['x-cli'].args[1]!.spelling = 'get | put';
      fetchOp(c)['x-cli'].usage[1] = usage;
    };
    expect(problemsAfter((c) => respell(c, '[--force] [--json] [<key>] get | put'))).toEqual([]);
    expect(problemsAfter((c) => respell(c, '[--force] [--json] [<key>] <value>'))).toContain(
      'tools/codegen/test/contracts/operations/fetch.json: x-cli.usage does not spell get | put',
    );
  });

  it('refuses a usage line that does not spell a flag', () => {
    expect(problemsAfter((c) => (fetchOp(c)['x-cli'].usage = ['lich fetch [--json] [<key>] <value>']))).toEqual(
      expect.arrayContaining(['tools/codegen/test/contracts/operations/fetch.json: x-cli.usage does not spell --scope']),
    );
  });

  it('refuses an x-extends copy that drifted from its base', () => {
    expect(
      problemsAfter((c) => {
        const bundle = c.objects.find((o) => o.doc.title === 'Bundle')!.doc;
        bundle.properties!.key = { type: 'string', description: 'Renamed.' };
      }),
    ).toEqual(['tools/codegen/test/contracts/objects/bundle.json: field "key" must repeat item.json\'s exactly (x-extends)']);
  });

  it('refuses a $ref that names no contract file', () => {
    expect(problemsAfter((c) => (fetchOp(c).output = { $ref: '../objects/missing.json' }))).toEqual(
      expect.arrayContaining([expect.stringContaining('missing.json')]),
    );
  });

  it('refuses an RPC options field that is not required', () => {
    expect(
      problemsAfter((c) => {
        const fetch = c.rpc.find((r) => r.doc.method === 'store.Fetch')!.doc;
        fetch.options!.required = ['key'];
      }),
    ).toContain('tools/codegen/test/contracts/rpc/store.Fetch.json: every options field must be required (the client sends them all): waitSeconds');
  });

  it('refuses a pointer into internal documents in text shown to users, and points to x-source', () => {
    const problems = problemsAfter((c) => {
      const op = fetchOp(c);
      op.description = 'Fetches an item (spec/cli.md § lich fetch).';
      op['x-cli'].summary = 'Fetch an item (wire.md).';
    });
    expect(problems).toEqual([
      'tools/codegen/test/contracts/operations/fetch.json: description is shown to users and must not point into internal documents ("spec/cli.md"); put it in x-source',
      'tools/codegen/test/contracts/operations/fetch.json: x-cli.summary is shown to users and must not point into internal documents ("wire.md"); put it in x-source',
    ]);
  });

  it('takes an optional positional after the required ones (`control <session> <action> [<value>] [<args>]`)', () => {
    expect(
      problemsAfter((c) => {
        const cli = fetchOp(c)['x-cli'];
        cli.args = [cli.args[1]!, { ...cli.args[0]!, leadingOptional: undefined }];
        delete cli.args[1]!.leadingOptional;
        cli.usage = ['lich fetch [--scope <where>] [--wait <seconds>]', '[--force] [--json] <value> [<key>]'];
      }),
    ).toEqual([]);
  });

  it('refuses a variadic positional that is not the last, required one', () => {
    expect(
      problemsAfter((c) => {
        const cli = fetchOp(c)['x-cli'];
        cli.args[0]!.variadic = true;
        cli.usage[1] = '[--force] [--json] <key...> <value>';
      }),
    ).toContain('tools/codegen/test/contracts/operations/fetch.json: x-cli.args[0]: only the last positional, a required one, can be variadic');
  });

  it('refuses a union member that is not a closed object with every field described', () => {
    const event = (c: Contracts) => c.objects.find((o) => o.doc.title === 'Event')!.doc;
    expect(problemsAfter((c) => delete (event(c).$defs!.miss as Record<string, unknown>).additionalProperties)).toEqual([
      'tools/codegen/test/contracts/objects/event.json: $defs.miss is a union member and must be a closed object (type object, additionalProperties false, properties)',
    ]);
    expect(problemsAfter((c) => delete ((event(c).$defs!.miss as { properties: Record<string, Record<string, unknown>> }).properties.key!.description))).toEqual([
      'tools/codegen/test/contracts/objects/event.json: $defs.miss.properties.key must be described (or a bare $ref)',
    ]);
    expect(problemsAfter((c) => (event(c).oneOf = [{ $ref: '#/$defs/hit' }, { $ref: 'item.json' }]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tools\/codegen\/test\/contracts\/objects\/event\.json: \/oneOf\/1\/\$ref must match pattern/)]),
    );
  });

  it('refuses a GET hook with a body, and a POST hook with a response', () => {
    const hook = (c: Contracts, path: string) => c.hooks.find((h) => h.doc.path === path)!.doc as unknown as Record<string, unknown>;
    expect(problemsAfter((c) => (hook(c, '/pulse').bodyLimitBytes = 10))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tools\/codegen\/test\/contracts\/hooks\/pulse\.json: /)]),
    );
    expect(problemsAfter((c) => (hook(c, '/beat').response = { type: 'null', description: 'Nothing.' }))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^tools\/codegen\/test\/contracts\/hooks\/beat\.json: /)]),
    );
    expect(problemsAfter((c) => delete hook(c, '/pulse').response)).toEqual(
      expect.arrayContaining(["tools/codegen/test/contracts/hooks/pulse.json: / must have required property 'response'"]),
    );
  });

  it('refuses a misspelled JSON Schema keyword in an object', () => {
    expect(
      problemsAfter((c) => {
        const item = c.objects.find((o) => o.doc.title === 'Item')!.doc;
        (item.properties!.key as Record<string, unknown>).minLenght = 1;
      }),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/item\.json: .*unknown keyword: "minLenght"/)]));
  });
});
