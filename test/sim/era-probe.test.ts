import { describe, expect, it } from 'vitest';
import { judgeProbe, type ProbeAnswer } from '../../src/sim/client/era-probe.js';

/**
 * The dual-era probe's decision (2026-07-28/basic/versioning › Backward Compatibility), one answer
 * at a time: what `auto` and `modern` conclude from a DiscoverResult, each kind of error, silence.
 */
const V = '2026-07-28';
const ctx = (mode: 'auto' | 'modern', attempt = 1, versions = [V], tried = V) => ({
  mode,
  tried,
  versions,
  attempt,
});
const error = (code: number, data?: unknown): ProbeAnswer => ({
  kind: 'answer',
  message: {
    jsonrpc: '2.0',
    id: 'p',
    error: { code, message: 'no', ...(data ? { data } : {}) },
  },
});
const discover = (supportedVersions: unknown): ProbeAnswer => ({
  kind: 'answer',
  message: {
    jsonrpc: '2.0',
    id: 'p',
    result: {
      resultType: 'complete',
      supportedVersions,
      capabilities: {},
      ttlMs: 0,
      cacheScope: 'private',
    },
  },
});

describe('auto: a DiscoverResult means modern; anything else falls back to initialize', () => {
  it('a DiscoverResult naming the version tried: modern', () => {
    expect(judgeProbe(discover([V]), ctx('auto'))).toEqual({ kind: 'modern', version: V });
  });

  it('the fallback is keyed to no error code: every code that is not a modern one falls back', () => {
    // -32601 is what SDK v1 sends, -32602 what Python sends; the rest are as legal from a legacy
    // server (implementation-defined), so a client that only knows -32601 fails here.
    for (const code of [-32601, -32602, -32600, -32603, -32700, -32000, -32001, -32002, 0, 1, 42]) {
      const verdict = judgeProbe(error(code), ctx('auto'));
      expect(verdict, `code ${code}`).toMatchObject({
        kind: 'legacy',
        why: { kind: 'error', error: { code } },
      });
    }
  });

  it('no answer in time falls back', () => {
    expect(judgeProbe({ kind: 'timeout' }, ctx('auto'))).toEqual({
      kind: 'legacy',
      why: { kind: 'timeout' },
    });
  });

  it('a result that is no DiscoverResult falls back', () => {
    const answer: ProbeAnswer = {
      kind: 'answer',
      message: { jsonrpc: '2.0', id: 'p', result: {} },
    };
    expect(judgeProbe(answer, ctx('auto'))).toEqual({
      kind: 'legacy',
      why: { kind: 'not-discover' },
    });
  });
});

describe('a recognised modern error means a modern server: never a fallback', () => {
  it('-32022 naming a version both support: probe once more with it', () => {
    const answer = error(-32022, { supported: ['2099-01-01', '2027-01-01'], requested: V });
    const versions = [V, '2027-01-01'];
    expect(judgeProbe(answer, ctx('auto', 1, versions))).toEqual({
      kind: 'retry',
      version: '2027-01-01',
    });
    // Only once: a second -32022 ends it.
    expect(judgeProbe(answer, ctx('auto', 2, versions, '2027-01-01'))).toMatchObject({
      kind: 'failed',
      why: { kind: 'no-mutual-version' },
    });
  });

  it('-32022 with no version in common, -32021, -32020: no session, and no initialize', () => {
    for (const answer of [
      error(-32022, { supported: ['2099-01-01'], requested: V }),
      error(-32021, { requiredCapabilities: { roots: {} } }),
      error(-32020),
    ]) {
      for (const mode of ['auto', 'modern'] as const) {
        expect(judgeProbe(answer, ctx(mode)).kind).toBe('failed');
      }
    }
  });

  it('a DiscoverResult without the version tried: continue with a mutual one (no second probe), else no session', () => {
    expect(judgeProbe(discover(['2027-01-01']), ctx('auto', 1, [V, '2027-01-01']))).toEqual({
      kind: 'modern',
      version: '2027-01-01',
    });
    expect(judgeProbe(discover(['2099-01-01']), ctx('auto'))).toEqual({
      kind: 'failed',
      why: { kind: 'no-mutual-version', supported: ['2099-01-01'] },
    });
  });
});

describe('modern (a pinned modern revision): no fallback at all', () => {
  it('what auto would fall back on ends the run', () => {
    expect(judgeProbe(error(-32601), ctx('modern'))).toMatchObject({
      kind: 'failed',
      why: { kind: 'no-modern-answer', answer: 'error', error: { code: -32601 } },
    });
    expect(judgeProbe({ kind: 'timeout' }, ctx('modern'))).toEqual({
      kind: 'failed',
      why: { kind: 'no-modern-answer', answer: 'timeout' },
    });
    expect(judgeProbe(discover([V]), ctx('modern'))).toEqual({ kind: 'modern', version: V });
  });
});
