import { describe, expect, it } from 'vitest';
import {
  editedStates,
  flippedStates,
  laterStates,
  retargetedStates,
  revealsSecret,
  tamperedStates,
} from '../../src/grader/rubrics/mrtr.js';

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
    // The body decoded and changed, the tag's middle, and each of the two parts once more.
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.every((s) => s !== tagged)).toBe(true);
  });

  it('every part is changed, whatever separates them: an expiry left outside the seal is pushed far ahead', () => {
    // A real HMAC of the body, the expiry beside it (a tester's 17/17 before this check).
    const exp = 1_700_000_300_000;
    const all = tamperedStates(`${exp}.${b64({ service: 'auth' })}.c2lnbmF0dXJl`);
    expect(all).toContain(`9${exp}.${b64({ service: 'auth' })}.c2lnbmF0dXJl`);
    // Service and expiry beside a fixed token, with `~` between (also 17/17 before).
    const tilde = tamperedStates(`auth~${exp}~ZmFrZXRva2Vu`);
    expect(tilde).toContain(`auth~9${exp}~ZmFrZXRva2Vu`);
    expect(tilde).toContain('auAh~1700000300000~ZmFrZXRva2Vu');
  });
});

describe('a state that shows the secret', () => {
  const secret = 'river-lamp-orbit-sage';
  it('is found in any part, after any separator, encoded as base64, base64url or hex', () => {
    const b64secret = Buffer.from(secret).toString('base64');
    expect(revealsSecret(`auth~123~${b64secret}`, secret)).toBe(true);
    expect(revealsSecret(`auth 123 ${Buffer.from(secret).toString('hex')}`, secret)).toBe(true);
    // Inside a longer base64 blob, after a prefix that shifts its alignment.
    const blob = Buffer.from(`xy:${secret}:z`).toString('base64url');
    expect(revealsSecret(`v1.${blob}`, secret)).toBe(true);
  });

  it('an HMAC tag or an unrelated state does not', () => {
    expect(revealsSecret(`${b64({ service: 'auth', exp: 1 })}.c2lnbmF0dXJl`, secret)).toBe(false);
    expect(revealsSecret('auth~1700000300000~ZmFrZXRva2Vu', secret)).toBe(false);
  });
});

describe('every part of a state is edited, not only its last one', () => {
  it('the first and last characters and the middle of every piece change, one at a time', () => {
    const state = 'auth-x~1800000300000~c2VjcmV0';
    const all = editedStates(state);
    const changedAt = all.map((s) => [...s].findIndex((c, i) => c !== state[i]));
    expect(changedAt).toEqual(expect.arrayContaining([0, 2, 5, 13, 25, state.length - 1]));
    expect(all.every((s) => s.length === state.length && s !== state)).toBe(true);
  });

  it('the expiry is pushed later, plain or inside base64, and the service moved', () => {
    const body = b64({ service: 'auth', exp: 1800000300000 });
    expect(laterStates(`1800000300000.${body}.tag`)[0]).toMatch(/^1800003900000\./);
    expect(decoded(laterStates(`${body}.tag`)[0]?.split('.')[0] ?? '')).toEqual({
      service: 'auth',
      exp: 1800003900000,
    });
    expect(retargetedStates('auth.1.tag', 'auth', 'billing')).toEqual(['billing.1.tag']);
  });
});

describe('the bytes of a name flipped in place, the state not read', () => {
  const xor = (key: string, bytes: Buffer) =>
    Buffer.from(bytes.map((b, i) => b ^ (Buffer.from(key)[i % key.length] as number)));
  const plain = { tool: 'deploy', service: 'auth-bee', environment: 'production', exp: 1 };

  it('one of them deciphers, under XOR with the secret, to the state for the other name', () => {
    for (const enc of ['base64url', 'base64', 'hex'] as const) {
      const sealed = xor('s3cret', Buffer.from(JSON.stringify(plain))).toString(enc);
      const opened = flippedStates(sealed, 'auth-bee', 'auth-bex').map((s) =>
        xor('s3cret', Buffer.from(s, enc)).toString('utf8'),
      );
      expect(opened, enc).toContain(JSON.stringify({ ...plain, service: 'auth-bex' }));
    }
  });

  it('every piece is tried, the separators kept; names of another length give none', () => {
    const state = `${b64(plain)}.${Buffer.from('tag-bytes-here').toString('base64url')}`;
    const flipped = flippedStates(state, 'auth-bee', 'auth-bex');
    expect(flipped.length).toBeGreaterThan(0);
    expect(flipped.every((s) => s.split('.').length === 2 && s !== state)).toBe(true);
    expect(flippedStates(state, 'auth-bee', 'auth-be')).toEqual([]);
  });
});
