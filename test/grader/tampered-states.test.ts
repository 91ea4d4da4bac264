import { describe, expect, it } from 'vitest';
import { tamperedStates } from '../../src/grader/rubrics/mrtr.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const decoded = (state: string) => JSON.parse(Buffer.from(state, 'base64url').toString('utf8'));

// Exercise 9's tampered-state-rejected: each changed state must change what a server acts on.
describe('the states a malicious client makes from a genuine one', () => {
  it('a flat unsigned state gets one field more at its top', () => {
    const state = b64({ tool: 'deploy', service: 'auth', environment: 'production', exp: 1 });
    expect(decoded(tamperedStates(state)[0] as string)).toMatchObject({ tampered: true });
  });

  it('a signed envelope gets it inside the signed part, not beside the MAC', () => {
    const payload = { tool: 'deploy', service: 'auth', environment: 'production', exp: 1 };
    const changed = decoded(tamperedStates(b64({ p: payload, mac: 'x1y2' }))[0] as string);
    expect(changed).toEqual({ p: { ...payload, tampered: true }, mac: 'x1y2' });
  });

  it('plain JSON and body.tag states are changed too, and one character anywhere else', () => {
    const plain = JSON.stringify({ p: { service: 'auth', exp: 1 }, mac: 'm' });
    expect(JSON.parse(tamperedStates(plain)[0] as string)).toEqual({
      p: { service: 'auth', exp: 1, tampered: true },
      mac: 'm',
    });
    const tagged = `${b64({ service: 'auth', exp: 1 })}.c2lnbmF0dXJl`;
    const all = tamperedStates(tagged);
    expect(all).toHaveLength(2);
    expect(all.every((s) => s !== tagged)).toBe(true);
  });
});
