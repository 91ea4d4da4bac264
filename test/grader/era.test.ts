import { describe, expect, it } from 'vitest';
import { random } from '../../src/grader/rubrics/common.js';
import {
  checkOf,
  type EraCase,
  fixedCases,
  generatedCases,
  loadProbeRecordings,
  RECORDING_ZH,
  sameVerdict,
} from '../../src/grader/rubrics/era.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { judgeProbe } from '../../src/sim/client/era-probe.js';
import { englishProse, failed, grade, patch, solution, tempDir } from './helpers.js';

const id = '10-era-detection';
const ref = solution(id, 'era.ts');
const file = (text: string) => ({ 'era.ts': text });

/** Each plausible mistake fails the check written for it (and the exercise), saying what it expected. */
async function expectCaught(text: string, check: string) {
  const result = await grade(id, file(text));
  expect(result.status).toBe('failed');
  expect(failed(result)).toContain(check);
  const caught = result.checks.find((c) => c.name === check);
  expect(caught?.message.en).toMatch(/expect/i);
  expect(caught?.message.zh).toMatch(/[\u4e00-\u9fff]/);
  expect(englishProse(caught?.message.zh ?? ''), caught?.message.zh).toBeUndefined();
  return result;
}

describe('10-era-detection: the cases', () => {
  const recorded = loadProbeRecordings();
  const fixed = fixedCases(recorded);

  it('uses every real recording: DiscoverResults, real −32022s and legacy errors', () => {
    expect(recorded).toHaveLength(10);
    const names = Object.values(fixed)
      .flat()
      .map((c) => c.name.en);
    for (const r of recorded) expect(names.some((n) => n.startsWith(r.name))).toBe(true);
    const codes = recorded.map((r) => (r.answer.error as { code?: number } | undefined)?.code);
    expect(codes.filter((c) => c === -32601)).toHaveLength(3);
    expect(codes.filter((c) => c === -32022)).toHaveLength(2);
    expect(codes.filter((c) => c === undefined)).toHaveLength(4);
  });

  it('labels every case in Chinese too (check 10 --lang zh names the case that went wrong)', () => {
    for (const r of recorded) {
      expect(RECORDING_ZH[r.name], r.name).toBeDefined();
      expect(RECORDING_ZH[r.server], r.server).toBeDefined();
    }
    const all = [...Object.values(fixed).flat(), ...generatedCases(random(3))];
    for (const c of all) {
      expect(c.name.zh, c.name.en).toMatch(/[\u4e00-\u9fff]/);
      expect(englishProse(c.name.zh), c.name.zh).toBeUndefined();
    }
  });

  it('refuses a recording that was changed', async () => {
    const { cpSync, writeFileSync, appendFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { recordingsDir } = await import('../../src/grader/recordings.js');
    const dir = tempDir();
    cpSync(recordingsDir(), dir, { recursive: true });
    appendFileSync(join(dir, 'era-probes.jsonl'), '\n');
    expect(() => loadProbeRecordings(dir)).toThrow(/missing or changed/);
    writeFileSync(join(dir, 'era-probes.jsonl'), '');
    expect(() => loadProbeRecordings(dir)).toThrow(/missing or changed/);
  });

  it('generates every kind of outcome, with fresh ids and texts on every seed', () => {
    const a = generatedCases(random(1));
    const b = generatedCases(random(2));
    const kinds = (cases: EraCase[]) => new Set(cases.map((c) => c.expected.action));
    expect([...kinds(a)].sort()).toEqual([
      'incompatible',
      'initialize',
      'modern',
      'relaunch',
      'retry',
    ]);
    const ids = (cases: EraCase[]) => cases.map((c) => JSON.stringify(c.outcome.probe.id));
    expect(ids(a)).not.toEqual(ids(b));
    const codes = new Set(
      [1, 2, 3, 4, 5].flatMap((seed) =>
        generatedCases(random(seed)).map((c) =>
          c.outcome.kind === 'answer'
            ? (c.outcome.message.error as { code?: number })?.code
            : c.outcome.kind,
        ),
      ),
    );
    expect(codes.size).toBeGreaterThan(5);
  });

  it('agrees with mcp-sim’s own judgeProbe wherever the two answer the same question', () => {
    // judgeProbe takes the client's versions oldest first and picks the newest in common; the
    // exercise's are in preference order. Compared where that order is newest first.
    const all = [
      ...Object.values(fixed).flat(),
      ...[1, 2, 3, 4, 5, 6].flatMap((seed) => generatedCases(random(seed))),
    ];
    let compared = 0;
    for (const c of all) {
      const newestFirst = [...c.versions].sort().reverse();
      if (JSON.stringify(newestFirst) !== JSON.stringify(c.versions)) continue;
      if (c.outcome.kind === 'closed') continue; // judgeProbe never sees an exit
      const meta = (c.outcome.probe.params as { _meta: Record<string, string> })._meta;
      const tried = meta['io.modelcontextprotocol/protocolVersion'] as string;
      // mcp-sim's client always probes with its favourite: a probe of a version it likes less
      // (where the exercise wants the favourite among supportedVersions) is a question it never asks.
      if (tried !== c.versions[0] && c.expected.action === 'modern') continue;
      const verdict = judgeProbe(c.outcome.kind === 'timeout' ? { kind: 'timeout' } : c.outcome, {
        mode: 'auto',
        tried,
        versions: [...c.versions].reverse(),
        attempt: 1,
      });
      const mapped =
        verdict.kind === 'legacy'
          ? { action: 'initialize' }
          : verdict.kind === 'failed'
            ? { action: 'incompatible' }
            : { action: verdict.kind, version: verdict.version };
      expect(sameVerdict(c.expected, mapped), c.name.en).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });
});

describe('10-era-detection: wrong solutions', () => {
  it('the untouched starter (fallback on −32601 only, TODO elsewhere) earns nothing', async () => {
    const result = await grade(id, 'starter');
    expect(result.points).toBe(0);
    expect(failed(result)).toHaveLength(7);
  });

  it.each(['incompatible', 'relaunch', 'initialize'])(
    'the same verdict ("%s") for every outcome earns nothing',
    async (action) => {
      const text = `import type { ClientVersions, ProbeOutcome, ProbeVerdict } from './mcp-sim.js';
export function classifyProbe(_outcome: ProbeOutcome, _versions: ClientVersions): ProbeVerdict {
  return { action: '${action}' } as ProbeVerdict;
}
`;
      const result = await grade(id, file(text));
      expect(result.points).toBe(0);
      const said = result.checks.find((c) => c.message.en.startsWith(`"${action}" is right`));
      if (action !== 'initialize') {
        expect(said?.message.en).toMatch(/but it was also the verdict where it is wrong/);
        expect(said?.message.zh).toMatch(/在它不对的地方也给出了这个判断/);
      }
    },
  );

  it('taking a DiscoverResult with no version in common as modern (a version the client does not speak)', async () => {
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'modern', version };",
      "return { action: 'modern', version: version ?? versions[0] } as ProbeVerdict;",
    );
    await expectCaught(text, 'incompatible');
  });

  it('falling back only on −32601', async () => {
    const text = patch(
      ref,
      "if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };",
      "if (message.error.code === -32601) return { action: 'initialize' };",
    );
    await expectCaught(text, 'legacy-errors');
  });

  it('deciding by the error’s data instead of its code', async () => {
    const text = patch(
      ref,
      "if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };",
      "if (!isRecord(message.error.data) || !('supported' in message.error.data)) return { action: 'initialize' };",
    );
    await expectCaught(text, 'legacy-errors');
  });

  it('deciding by the error’s text', async () => {
    const text = patch(
      ref,
      "if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };",
      "if (/not found|unknown/i.test(message.error.message)) return { action: 'initialize' };",
    );
    await expectCaught(text, 'legacy-errors');
  });

  it('−32022 with a version in common taken for incompatible', async () => {
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'retry', version };",
      "return { action: 'incompatible' };",
    );
    await expectCaught(text, 'retry-mutual');
  });

  it('retrying with the first version the server lists, spoken by the client or not', async () => {
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'retry', version };",
      "const first = Array.isArray(data.supported) ? data.supported[0] : undefined;\n    return typeof first === 'string' ? { action: 'retry', version: first } : { action: 'incompatible' };",
    );
    await expectCaught(text, 'retry-mutual');
  });

  it('retrying with the client’s second version (the one after the probe’s), if the server lists it', async () => {
    // The probe asks for the favourite; a shortcut looks only at the next one. Every case had the
    // client's second version in common, so it scored 12/12 on every seed.
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'retry', version };",
      "const next = versions[1];\n    return Array.isArray(data.supported) && next !== undefined && data.supported.includes(next) ? { action: 'retry', version: next } : { action: 'incompatible' };",
    );
    for (const seed of [1, 2, 3]) {
      const result = await grade(id, file(text), seed);
      expect(failed(result)).toContain('retry-mutual');
      expect(failed(result)).toContain('generated-variants');
    }
    await expectCaught(text, 'retry-mutual');
  });

  it('−32022 with nothing in common falling back to initialize', async () => {
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'retry', version };",
      "return version === undefined ? { action: 'initialize' } : { action: 'retry', version };",
    );
    const result = await expectCaught(text, 'incompatible');
    // The fallback check waits for this one: falling back on everything is no understanding.
    expect(failed(result)).toContain('legacy-errors');
  });

  it('carrying on with the server’s first version rather than the client’s favourite', async () => {
    const text = patch(
      ref,
      "return version === undefined ? { action: 'incompatible' } : { action: 'modern', version };",
      "return { action: 'modern', version: String(result.supportedVersions[0]) };",
    );
    await expectCaught(text, 'modern');
  });

  it('silence taken for a modern server', async () => {
    const text = patch(
      ref,
      "if (outcome.kind === 'timeout') return { action: 'initialize' };",
      "if (outcome.kind === 'timeout') return { action: 'modern', version: versions[0] ?? '' };",
    );
    await expectCaught(text, 'silence');
  });

  it('an exited server sent initialize on the dead pipe', async () => {
    const text = patch(
      ref,
      "if (outcome.kind === 'closed') return { action: 'relaunch' };",
      "if (outcome.kind === 'closed') return { action: 'initialize' };",
    );
    await expectCaught(text, 'server-exits');
  });

  it('always falling back to initialize earns nothing', async () => {
    const text = `export function classifyProbe() { return { action: 'initialize' }; }\n`;
    const result = await grade(id, file(text));
    expect(result.points).toBe(0);
    expect(failed(result)).toEqual(expect.arrayContaining(['legacy-errors', 'silence']));
  });

  it('answers written down for the recordings and fixed cases (by id and text)', async () => {
    // The right verdict of every fixed case, looked up by the answer's id and message text.
    const table = Object.fromEntries(
      Object.values(fixedCases(loadProbeRecordings()))
        .flat()
        .map((c) => {
          const { probe: _probe, ...rest } = c.outcome;
          const key = c.outcome.kind === 'answer' ? c.outcome.message : rest;
          return [JSON.stringify([key, c.versions]), c.expected];
        }),
    );
    const text = `const table: Record<string, unknown> = ${JSON.stringify(table)};
export function classifyProbe(outcome: { kind: string; message?: unknown; probe?: unknown }, versions: string[]) {
  const { probe: _p, ...rest } = outcome;
  const key = JSON.stringify([outcome.kind === 'answer' ? outcome.message : rest, versions]);
  return table[key] ?? { action: 'initialize' };
}
`;
    // It earned 10 of 12 when only generated-variants looked at generated outcomes: each kind of
    // outcome is now judged on generated ones of its kind as well.
    const result = await expectCaught(text, 'generated-variants');
    expect(failed(result)).toEqual(
      expect.arrayContaining(['modern', 'retry-mutual', 'incompatible', 'server-exits']),
    );
    expect(result.points).toBe(0);
  });

  // Three shortcuts that scored 12/12 on every seed while the README said the checks did not
  // pose −32020 and −32021, no result but a DiscoverResult was posed, and (on 8 seeds of 21)
  // every generated client listed its versions newest first.
  const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20261129];

  it('taking only −32022 for a modern error (−32020 and −32021 fall back to initialize)', async () => {
    const text = patch(ref, 'new Set([-32020, -32021, -32022])', 'new Set([-32022])');
    for (const seed of SEEDS) {
      const result = await grade(id, file(text), seed);
      expect(failed(result), `seed ${seed}`).toEqual(
        expect.arrayContaining(['incompatible', 'generated-variants']),
      );
    }
    const result = await expectCaught(text, 'incompatible');
    const caught = result.checks.find((c) => c.name === 'incompatible');
    expect(caught?.message.en).toMatch(/-3202[01]/);
  });

  it('taking any result for a DiscoverResult', async () => {
    const text = patch(
      ref,
      "if (!Array.isArray(result.supportedVersions)) return { action: 'initialize' };",
      '',
    );
    for (const seed of SEEDS) {
      const result = await grade(id, file(text), seed);
      expect(failed(result), `seed ${seed}`).toEqual(
        expect.arrayContaining(['legacy-errors', 'generated-variants']),
      );
    }
    await expectCaught(text, 'legacy-errors');
  });

  it('taking the newest version in common rather than the client’s favourite', async () => {
    const text = patch(
      ref,
      'return versions.find((v) => list.includes(v));',
      'return [...versions].sort().reverse().find((v) => list.includes(v));',
    );
    for (const seed of SEEDS) {
      const result = await grade(id, file(text), seed);
      expect(failed(result), `seed ${seed}`).toEqual(
        expect.arrayContaining(['modern', 'retry-mutual', 'generated-variants']),
      );
    }
    await expectCaught(text, 'modern');
  });

  it('the reference solution scores full points on every seed', async () => {
    for (const seed of [...SEEDS, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]) {
      const result = await grade(id, 'solution', seed);
      expect(result.points, `seed ${seed}: ${failed(result).join(', ')}`).toBe(result.maxPoints);
    }
  });

  it('poses −32020, −32021 and results that are no DiscoverResult on every seed', () => {
    for (const seed of SEEDS) {
      const cases = generatedCases(random(seed));
      const codes = cases.map((c) =>
        c.outcome.kind === 'answer' ? (c.outcome.message.error as { code?: number })?.code : null,
      );
      expect(codes).toEqual(expect.arrayContaining([-32020, -32021]));
      expect(
        cases.some(
          (c) =>
            c.outcome.kind === 'answer' &&
            c.outcome.message.result !== undefined &&
            c.expected.action === 'initialize',
        ),
      ).toBe(true);
      // And a client whose favourite in common is not the newest in common.
      expect(
        cases.some((c) => {
          if (!('version' in c.expected)) return false;
          const newest = [...c.versions].sort().reverse();
          const m = c.outcome.kind === 'answer' ? c.outcome.message : {};
          const list = ((m.result as JsonObject | undefined)?.supportedVersions ??
            ((m.error as JsonObject | undefined)?.data as JsonObject | undefined)?.supported) as
            | string[]
            | undefined;
          return newest.find((v) => list?.includes(v)) !== c.expected.version;
        }),
      ).toBe(true);
    }
  });

  it('each kind of outcome is judged on generated outcomes of its kind too', () => {
    const kinds = new Set(generatedCases(random(5)).map(checkOf));
    expect([...kinds].sort()).toEqual(Object.keys(fixedCases(loadProbeRecordings())).sort());
  });
});
