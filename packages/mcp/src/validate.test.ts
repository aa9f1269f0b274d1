import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '@lich/generated/mcp/tools';
import { compileToolValidators, lenientSchema } from './validate.js';

const sendSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['session', 'prompt'],
  properties: {
    session: { type: 'string' },
    prompt: { type: 'string' },
    timeout_seconds: { type: 'number' },
    private: { type: 'boolean' },
  },
};

describe('compileToolValidators', () => {
  it('compiles every contract tool\'s lenient schema (on first call, so a broken one fails here)', () => {
    const validators = compileToolValidators(MCP_TOOLS);
    for (const tool of MCP_TOOLS) expect(() => validators.get(tool.name)!({})).not.toThrow();
  });

  const validate = compileToolValidators([{ name: 'send_to_session', inputSchema: sendSchema }]).get('send_to_session')!;

  it('accepts arguments that match the schema', () => {
    expect(validate({ session: 'docs', prompt: 'run the tests', timeout_seconds: 30, private: true })).toBeNull();
  });

  it('names a missing required argument', () => {
    expect(validate({ session: 'docs' })).toBe('invalid arguments for send_to_session: prompt is required');
  });

  it('names an argument of the wrong type by its argument name', () => {
    expect(validate({ session: { label: 'docs' }, prompt: 'x' })).toBe('invalid arguments for send_to_session: session must be a string');
  });

  it('takes a number, a boolean or null where a string is asked for, as lich reads one', () => {
    expect(validate({ session: 5, prompt: true })).toBeNull();
    expect(validate({ session: null, prompt: 'x' })).toBeNull();
  });

  it('takes a numeric string where a number is asked for, and refuses any other string', () => {
    expect(validate({ session: 'docs', prompt: 'x', timeout_seconds: '30' })).toBeNull();
    expect(validate({ session: 'docs', prompt: 'x', timeout_seconds: ' 1.5 ' })).toBeNull();
    expect(validate({ session: 'docs', prompt: 'x', timeout_seconds: 'soon' })).toBe(
      'invalid arguments for send_to_session: timeout_seconds must be a number or a string holding one',
    );
    expect(validate({ session: 'docs', prompt: 'x', timeout_seconds: [30] })).toBe(
      'invalid arguments for send_to_session: timeout_seconds must be a number or a string holding one',
    );
  });

  it('takes "true" and "false" where a boolean is asked for, and refuses any other string', () => {
    expect(validate({ session: 'docs', prompt: 'x', private: 'true' })).toBeNull();
    expect(validate({ session: 'docs', prompt: 'x', private: 'false' })).toBeNull();
    expect(validate({ session: 'docs', prompt: 'x', private: 1 })).toBe(
      'invalid arguments for send_to_session: private must be a boolean (true or false, or "true" or "false")',
    );
  });

  it('names an argument the tool does not take, and the ones it does', () => {
    expect(validate({ session: 'docs', prompt: 'x', ticket: 'a1b2c3d4' })).toBe(
      'invalid arguments for send_to_session: ticket is not one of its arguments (it takes session, prompt, timeout_seconds, private)',
    );
  });

  it('reports every problem of one call at once', () => {
    expect(validate({ private: 'yes' })).toBe(
      'invalid arguments for send_to_session: session is required; prompt is required; private must be a boolean (true or false, or "true" or "false")',
    );
  });

  it('refuses arguments that are not an object', () => {
    expect(validate([])).toBe('invalid arguments for send_to_session: the arguments must be an object');
  });
});

describe('lenientSchema', () => {
  const schema = {
    type: 'object',
    required: ['session', 'worktree'],
    properties: {
      session: { type: 'string', description: 'The session.' },
      worktree: { type: 'string', enum: ['keep', 'remove'] },
      force: { type: 'boolean' },
      timeout_seconds: { type: 'number' },
    } as Record<string, Record<string, unknown>>,
  };

  it('widens the scalar types, leaves a string enum to the operation, and keeps required and the object type', () => {
    const lenient = lenientSchema(schema) as typeof schema & { properties: Record<string, Record<string, unknown>> };
    expect(lenient.type).toBe('object');
    expect(lenient.required).toEqual(['session', 'worktree']);
    expect(lenient.properties.session!.type).toEqual(['string', 'number', 'boolean', 'null']);
    expect(lenient.properties.session!.description).toBe('The session.');
    expect(lenient.properties.worktree).toEqual({ type: ['string', 'number', 'boolean', 'null'], 'x-lich-accepts': 'a string' });
    expect(lenient.properties.force!.enum).toEqual([true, false, 'true', 'false']);
    expect(lenient.properties.timeout_seconds!.type).toEqual(['number', 'string']);
  });

  it('leaves the schema tools/list shows untouched', () => {
    const before = JSON.stringify(schema);
    lenientSchema(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('passes a value outside a string enum through, for the operation to refuse in its own words', () => {
    const validate = compileToolValidators([{ name: 'close_session', inputSchema: schema }]).get('close_session')!;
    expect(validate({ session: 5, worktree: 'delete' })).toBeNull();
    expect(validate({ session: 5, worktree: 'keep', force: 'true' })).toBeNull();
    expect(validate({ session: 5, worktree: {} })).toBe('invalid arguments for close_session: worktree must be a string');
    expect(validate({ session: 5 })).toBe('invalid arguments for close_session: worktree is required');
  });
});
