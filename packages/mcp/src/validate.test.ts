import { describe, expect, it } from 'vitest';
import { compileToolValidators } from './validate.js';

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
  const validate = compileToolValidators([{ name: 'send_to_session', inputSchema: sendSchema }]).get('send_to_session')!;

  it('accepts arguments that match the schema', () => {
    expect(validate({ session: 'docs', prompt: 'run the tests', timeout_seconds: 30, private: true })).toBeNull();
  });

  it('names a missing required argument', () => {
    expect(validate({ session: 'docs' })).toBe('invalid arguments for send_to_session: prompt is required');
  });

  it('names an argument of the wrong type by its argument name', () => {
    expect(validate({ session: 1, prompt: 'x' })).toBe('invalid arguments for send_to_session: session must be a string');
  });

  it('names an argument the tool does not take, and the ones it does', () => {
    expect(validate({ session: 'docs', prompt: 'x', ticket: 'a1b2c3d4' })).toBe(
      'invalid arguments for send_to_session: ticket is not one of its arguments (it takes session, prompt, timeout_seconds, private)',
    );
  });

  it('reports every problem of one call at once', () => {
    expect(validate({ private: 'yes' })).toBe(
      'invalid arguments for send_to_session: session is required; prompt is required; private must be a boolean',
    );
  });

  it('refuses arguments that are not an object', () => {
    expect(validate([])).toBe('invalid arguments for send_to_session: the arguments must be an object');
  });
});
