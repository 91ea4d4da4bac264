import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeExercise } from '../../src/grader/index.js';
import { loadRecordings, makeVariants, traceOf } from '../../src/grader/recordings.js';
import { random } from '../../src/grader/rubrics/common.js';
import { cli, failed, grade, learner, meta, patch, solution, workspace } from './helpers.js';

/**
 * Minimal cheats, each written the way a student after the points without the work would write
 * it, that scored full points before the check below them learned better: each must now lose
 * points on every seed tried, while the reference solution keeps full points on the same seeds.
 */
const SEEDS = [1, 2, 3, 4, 5, 20261129];

async function losesOnEverySeed(
  id: string,
  files: Record<string, string>,
  check: string,
  seeds: readonly number[] = SEEDS,
) {
  // All seeds at once: exercise 1's grading is mostly waiting (its steps, then ~3 s for late
  // progress), and each grade has its own copy of the module.
  const results = await Promise.all(seeds.map((seed) => grade(id, files, seed)));
  for (const [i, result] of results.entries()) {
    expect(failed(result), `seed ${seeds[i]}`).toContain(check);
    expect(result.points, `seed ${seeds[i]}`).toBeLessThan(result.maxPoints);
  }
}

async function fullOnEverySeed(id: string, seeds: readonly number[] = SEEDS) {
  const results = await Promise.all(seeds.map((seed) => grade(id, 'solution', seed)));
  for (const [i, result] of results.entries()) {
    expect(result.points, `seed ${seeds[i]}: ${failed(result).join(', ')}`).toBe(result.maxPoints);
  }
}

describe('02-server-without-list-changed', () => {
  const id = '02-server-without-list-changed';
  const ref = solution(id, 'server.ts');

  it.each([
    ['"yes"', "{ tools: { listChanged: 'yes' } } as never"],
    ['1', '{ tools: { listChanged: 1 } } as never'],
  ])(
    'a truthy non-boolean listChanged (%s) in the declared capabilities, which the 2025-11-25 schema refuses',
    async (_, value) => {
      const text = patch(ref, '= { tools: {} };', `= ${value};`);
      await losesOnEverySeed(id, { 'server.ts': text }, 'declares-tools-only');
      const result = await grade(id, { 'server.ts': text });
      const check = result.checks.find((c) => c.name === 'declares-tools-only');
      expect(check?.message.en).toMatch(
        /schema refuses at \/tools\/listChanged: .*expected boolean/,
      );
      expect(check?.message.zh).toMatch(/模式不接受它（位置 \/tools\/listChanged）/);
    },
  );

  it.each([
    [
      'the text "true" anywhere in ctx.capabilities',
      "JSON.stringify(ctx.capabilities).includes('true')",
    ],
    [
      'any capability’s listChanged',
      'Object.values(ctx.capabilities).some((c) => (c as { listChanged?: boolean })?.listChanged === true)',
    ],
  ])('announcing on %s rather than on tools.listChanged', async (_, test) => {
    const text = patch(ref, 'ctx.capabilities.tools?.listChanged === true', test);
    await losesOnEverySeed(id, { 'server.ts': text }, 'no-undeclared-notification');
  });

  it('a tools/list that lists only the latest tool', async () => {
    const text = patch(
      ref,
      '  return { tools: [...ctx.tools] };',
      '  return { tools: ctx.tools.slice(-1) };',
    );
    await losesOnEverySeed(id, { 'server.ts': text }, 'new-tools-visible');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

describe('04-version-negotiation', () => {
  const id = '04-version-negotiation';
  const ref = solution(id, 'versions.ts');

  it('"the latest" hard-coded for the lists the check used to pose (2025-11-25, else 2025-06-18, else the first listed)', async () => {
    const text = patch(
      ref,
      'const latest = [...supported].sort().at(-1);',
      "const latest = supported.includes('2025-11-25') ? '2025-11-25' : supported.includes('2025-06-18') ? '2025-06-18' : supported[0];",
    );
    await losesOnEverySeed(id, { 'versions.ts': text }, 'server-offers-latest');
  });

  it.each([
    ['year and month', 'v.slice(0, 7) === requested.slice(0, 7)'],
    ['month and day', 'v.slice(5) === requested.slice(5)'],
  ])('a supported version told by its %s alone', async (_, same) => {
    const text = patch(
      ref,
      '  if (supported.includes(requested)) return requested;',
      `  if (supported.some((v) => ${same} && requested.length === 10)) return requested;`,
    );
    await losesOnEverySeed(id, { 'versions.ts': text }, 'server-keeps-supported');
  });

  it('a client that accepts any answer of the year and month of a version it supports', async () => {
    const text = patch(
      ref,
      '  return supported.includes(answered);',
      '  return supported.some((v) => v.slice(0, 7) === answered.slice(0, 7) && answered.length === 10);',
    );
    await losesOnEverySeed(id, { 'versions.ts': text }, 'client-rejects-unsupported');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

describe('09-multi-round-trip', () => {
  const id = '09-multi-round-trip';
  const ref = solution(id, 'deploy.ts');

  it('any beginning of the service’s name (or nothing typed) taken for its confirmation', async () => {
    const text = patch(
      ref,
      '    if (sure.content?.confirm !== service) {',
      "    if (!service.startsWith(String(sure.content?.confirm ?? ''))) {",
    );
    await losesOnEverySeed(id, { 'deploy.ts': text }, 'production-confirms');
  });

  it('any answer that contains the service’s name taken for its confirmation', async () => {
    const text = patch(
      ref,
      '    if (sure.content?.confirm !== service) {',
      "    if (!String(sure.content?.confirm ?? '').includes(service)) {",
    );
    await losesOnEverySeed(id, { 'deploy.ts': text }, 'production-confirms');
  });

  it.each([
    ['refused whenever it declares URL mode', "isObject(elicitation) && !('url' in elicitation);"],
    [
      'served only with the capability sets the flows use',
      'JSON.stringify(caps) === \'{"elicitation":{}}\' || JSON.stringify(caps) === \'{"elicitation":{"form":{}}}\';',
    ],
  ])('a client that can show a form %s', async (_, test) => {
    const text = patch(
      ref,
      '    isObject(elicitation) && (Object.keys(elicitation).length === 0 || isObject(elicitation.form));',
      `    ${test}`,
    );
    await losesOnEverySeed(id, { 'deploy.ts': text }, 'capability-declared');
  });

  it.each([
    [
      'URL mode the tool does not use',
      '{ elicitation: { form: {}, url: {} } }',
      /names elicitation\.url/,
    ],
    [
      'a value the 2026-07-28 schema refuses (url: "yes")',
      "{ elicitation: { form: {}, url: 'yes' } }",
      /schema \(MissingRequiredClientCapabilityError\) refuses at \/error\/data\/requiredCapabilities\/elicitation\/url/,
    ],
  ])('a −32021 whose requiredCapabilities names %s', async (_, value, said) => {
    const text = patch(
      ref,
      '      requiredCapabilities: { elicitation: { form: {} } },',
      `      requiredCapabilities: ${value},`,
    );
    await losesOnEverySeed(id, { 'deploy.ts': text }, 'capability-declared');
    const result = await grade(id, { 'deploy.ts': text });
    expect(result.checks.find((c) => c.name === 'capability-declared')?.message.en).toMatch(said);
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

describe('08-dual-era-server', () => {
  const id = '08-dual-era-server';
  const ref = solution(id, 'server.ts');

  it('any version of the year 2026 served as 2026-07-28', async () => {
    const text = patch(
      ref,
      '  if (!MODERN_VERSIONS.includes(version)) {',
      "  if (!version.startsWith('2026-')) {",
    );
    await losesOnEverySeed(id, { 'server.ts': text }, 'unsupported-version');
  });

  it.each([
    ['any _meta key but progressToken', "Object.keys(meta).some((k) => k !== 'progressToken')"],
    [
      'any _meta without a progressToken',
      "!('progressToken' in meta) && Object.keys(meta).length > 0",
    ],
  ])('%s taken for the modern envelope', async (_, test) => {
    const text = patch(
      ref,
      '  return isObject(meta) && (PROTOCOL_VERSION in meta || CLIENT_CAPABILITIES in meta);',
      `  return isObject(meta) && ${test};`,
    );
    await losesOnEverySeed(id, { 'server.ts': text }, 'legacy-handshake');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

// Each grading of exercise 1 listens for late progress (2.5–3.2 s) and retries a slow stop.
describe.concurrent('01-progress', () => {
  const id = '01-progress';
  const ref = solution(id, 'long-task.ts');

  it('a cancellation that only silences the progress: the tool works on through its steps', async () => {
    const text = patch(
      ref,
      "      return { content: [{ type: 'text', text: 'Cancelled.' }], isError: true };",
      '      continue;',
    );
    await losesOnEverySeed(id, { 'long-task.ts': text }, 'cancellation-stops');
  }, 120_000);

  it('the reference scores full points on every seed', () => fullOnEverySeed(id), 120_000);

  // In the child process the learner's module shares the harness's process object: it can hold
  // back the event that tells the grader the cancellation reached the call, work on through its
  // steps, and let the event out just before it returns. Timed from that event, the tool
  // "stopped" at once and scored 13/13; timed from the cancellation the grader sent, it ran on.
  it('a tool that holds back the harness’s report of the cancellation until it returns (child process)', async () => {
    const held = patch(
      patch(
        ref,
        'export async function longRunningTask(',
        [
          'const p = process as unknown as { send: (m: unknown, ...rest: unknown[]) => boolean };',
          'const realSend = p.send.bind(process);',
          'let held: unknown[] = [];',
          'p.send = (m: unknown, ...rest: unknown[]) => {',
          "  if ((m as { name?: string } | null)?.name === '$aborted') return held.push(m) > 0;",
          '  return realSend(m, ...rest);',
          '};',
          '',
          'export async function longRunningTask(',
        ].join('\n'),
      ),
      /^( {2}return \{ content: \[\{ type: 'text', text: `Finished all)/m,
      '  for (const m of held) realSend(m);\n  held = [];\n$1',
    );
    // It stops sending progress once the cancellation reached it, and only that.
    const text = patch(held, 'if (extra.signal.aborted) {', 'if (extra.signal.aborted && false) {');
    const seeds = [1, 2];
    const results = await Promise.all(
      seeds.map((seed) =>
        gradeExercise(meta(id), {
          dir: workspace(id, { 'long-task.ts': text }),
          isolation: 'child',
          seed,
        }),
      ),
    );
    for (const [i, result] of results.entries()) {
      expect(failed(result), `seed ${seeds[i]}`).toContain('cancellation-stops');
      const check = result.checks.find((c) => c.name === 'cancellation-stops');
      expect(check?.message.en, `seed ${seeds[i]}`).toMatch(/run on for \d+ ms/);
    }
  }, 120_000);
});

describe('06-handshake-tracer', () => {
  const id = '06-handshake-tracer';
  const ref = solution(id, 'labels.ts');
  // 31 and 91: seeds on which no generated session had a message before the handshake completed.
  const seeds = [...SEEDS, 31, 91];

  it('the initialization phase taken for the lifecycle messages (initialize, notifications/initialized), not for the time before the handshake completes', async () => {
    const text = patch(
      ref,
      "const phase = initialized ? 'operation' : 'initialization';",
      "const phase = entry?.primitive === 'lifecycle' ? 'initialization' : 'operation';",
    );
    await losesOnEverySeed(id, { 'labels.ts': text }, 'phases', seeds);
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id, seeds));
});

describe('03-client-without-sampling', () => {
  const id = '03-client-without-sampling';
  const ref = solution(id, 'summarize.ts');
  // More seeds than the others: a counter's guess fitted the order of the four calls on about one
  // seed in six when the calls shared one instance of the module. Among seeds 1 to 32 each of the
  // six guesses fitted at least once then (calls 2 and 3 first on seed 29).
  const seeds = Array.from({ length: 32 }, (_, i) => i + 1);
  /** A tool that counts its calls in `count` and takes calls `a` and `b` for the clients with sampling. */
  const counting = (a: number, b: number, count = 'calls', keep = '\nlet calls = 0;\n') =>
    patch(
      ref,
      '  if (!ctx.clientCapabilities.sampling) {',
      `  ${count} += 1;\n  if (${count} !== ${a} && ${count} !== ${b}) {`,
    ).concat(keep);
  const pairs = [1, 2, 3, 4].flatMap((a) => [2, 3, 4].filter((b) => b > a).map((b) => [a, b]));

  it.each(pairs)(
    'a tool that counts its calls and takes calls %i and %i for the clients with sampling loses points on every seed',
    async (a, b) => {
      for (const seed of seeds) {
        const result = await grade(id, { 'summarize.ts': counting(a, b) }, seed);
        expect(result.points, `seed ${seed}`).toBeLessThan(result.maxPoints);
      }
    },
  );

  // Each call meets a fresh instance: the first one a counter sees, so it answers all four alike.
  // A count on globalThis outlives a fresh import in one process, as the tests' inline runner
  // makes it; the CLI's child runner starts a process per instance, which it does not outlive.
  // The seeds whose order the guess (calls 1 and 3) fitted, where it scored 7/7 before: a process
  // per instance is slow, and on the other seeds the guess fails anyway.
  it('a count kept on globalThis loses points in the isolated child process on the seeds whose order it fitted', async () => {
    const text = patch(
      ref,
      '  if (!ctx.clientCapabilities.sampling) {',
      '  const g = globalThis as { calls?: number };\n  g.calls = (g.calls ?? 0) + 1;\n  if (g.calls !== 1 && g.calls !== 3) {',
    );
    for (const seed of [3, 7, 8, 19, 24]) {
      const result = await gradeExercise(meta(id), {
        dir: workspace(id, { 'summarize.ts': text }),
        isolation: 'child',
        seed,
      });
      expect(result.status, `seed ${seed}`).toBe('failed');
      expect(result.points, `seed ${seed}`).toBeLessThan(result.maxPoints);
    }
  });

  it('the reference scores full points on every seed', async () => {
    for (const seed of seeds) {
      const result = await grade(id, 'solution', seed);
      expect(result.points, `seed ${seed}: ${failed(result).join(', ')}`).toBe(result.maxPoints);
    }
  });
});

// A run with a seed chosen on the command line poses the same inputs every time, and its report
// shows what the first wrong one expected: a table of answers keyed on the inputs, filled in run
// by run, passes every check on that seed. Built here at once from the grader's own generator.
describe('check --seed: a table of canned answers for the seed it was filled on', () => {
  const id = '05-session-stats';
  const cannedFor = (seed: number) => {
    const recordings = loadRecordings();
    const key = (messages: readonly { message: unknown }[]) =>
      `${messages.length}:${JSON.stringify(messages.at(-1)?.message).length}`;
    const table = Object.fromEntries(
      [...recordings, ...makeVariants(recordings, random(seed))].map((t) => [
        key(t.messages),
        traceOf(t.messages).summary,
      ]),
    );
    return [
      "import type { SessionStats, WireMessage } from './mcp-sim.js';",
      `const T: Record<string, SessionStats> = ${JSON.stringify(table)};`,
      'export function sessionStats(messages: readonly WireMessage[]): SessionStats {',
      '  return T[messages.length + ":" + JSON.stringify(messages.at(-1)?.message).length] as SessionStats;',
      '}',
    ].join('\n');
  };

  it('passes a run on that seed, which records no points; a run on a fresh seed records them, and fails', async () => {
    const cwd = learner({ [id]: { 'stats.ts': cannedFor(1) } });
    const progress = join(cwd, '.mcp-sim', 'progress.json');
    const seeded = await cli(cwd, ['check', '5', '--seed', '1']);
    expect(seeded.stdout).toContain('Points 9/9');
    expect(
      existsSync(progress) ? JSON.parse(readFileSync(progress, 'utf8')).exercises[id] : undefined,
    ).toBeUndefined();
    expect(seeded.stdout).toMatch(
      /seed 1 \(.* reproduces this run\); a seed chosen with --seed records no points \(.*check 5 records them\)/,
    );
    const zh = await cli(cwd, ['check', '5', '--seed', '1', '--lang', 'zh']);
    expect(zh.stdout).toMatch(
      /种子 1（.*）；用 --seed 指定种子的运行不记录分数（记录分数请运行 .*check 5）/,
    );
    const listed = await cli(cwd, ['exercises']);
    expect(listed.stdout).toMatch(/05-session-stats .*\[new 0\/9\]/);
    const fresh = await cli(cwd, ['check', '5']);
    expect(fresh.code).toBe(1);
    expect(JSON.parse(readFileSync(progress, 'utf8')).exercises[id]).toMatchObject({
      passed: false,
    });
  }, 60_000);
});
