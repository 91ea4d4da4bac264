import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { random } from '../../src/grader/rubrics/common.js';
import { ROOT } from '../helpers/cli.js';
import {
  cli,
  EXERCISES,
  expectCaught,
  failed,
  grade,
  learner,
  patch,
  SOLUTIONS,
  solution,
  tempDir,
} from './helpers.js';

// Each way a learner once scored without the skill (issue 14), graded for real: less than full.
const SHORTCUTS = join(ROOT, 'test', 'fixtures', 'shortcuts');
const fixture = (name: string) => readFileSync(join(SHORTCUTS, name), 'utf8');
const SEEDS = [11, 4242, 987654];

// Side by side: each grade of exercise 1 waits ~3 s for late progress with the CPU idle.
describe.concurrent('shortcuts score less than full points', () => {
  it.each(SEEDS)(
    'a tool that honours cancellation only in a 20-step run (seed %i)',
    async (seed) => {
      const result = await grade(
        '01-progress',
        { 'long-task.ts': fixture('progress-20-steps.ts') },
        seed,
      );
      // Progress after the cancellation also breaks a rule the referee judges.
      expect(failed(result)).toEqual(['cancellation-stops', 'envelopes-valid']);
    },
  );

  it.each(SEEDS)(
    '01: the progressToken echoed as text (String(token)), a number token turned into a string (seed %i)',
    async (seed) => {
      const text = patch(
        solution('01-progress', 'long-task.ts'),
        '          progressToken: token,',
        '          progressToken: String(token),',
      );
      const result = await grade('01-progress', { 'long-task.ts': text }, seed);
      expect(failed(result)).toContain('token-echoed');
      expect(result.checks.find((c) => c.name === 'token-echoed')?.message.en).toMatch(
        /does not echo the request's token 0 \(a number, as it came\)/,
      );
    },
  );

  // Seed 11 gives the 0 to the call with progress judged step by step, 4242 to the cancelled one.
  it.each([11, 4242])(
    '01: the progressToken tested for truth (if (token)): no progress for the token 0 (seed %i)',
    async (seed) => {
      const text = patch(
        solution('01-progress', 'long-task.ts'),
        '    if (token !== undefined) {',
        '    if (token) {',
      );
      const result = await grade('01-progress', { 'long-task.ts': text }, seed);
      expect(failed(result)).toContain('token-echoed');
      const check = result.checks.find((c) => c.name === 'token-echoed');
      expect(check?.message.en).toMatch(
        /^expected: a notifications\/progress after each step \(the request carried the progressToken 0, a token like any other.*saw: none/,
      );
      expect(check?.message.zh).toMatch(/progressToken 0，它和其他令牌一样有效/);
    },
  );

  it('progress sent 1.5 s after the result', async () => {
    const result = await grade('01-progress', { 'long-task.ts': fixture('progress-late.ts') });
    expect(failed(result)).toEqual(['progress-before-response', 'envelopes-valid']);
    const late = result.checks.find((c) => c.name === 'progress-before-response');
    expect(late?.message.en).toMatch(/no progress after the result; saw 1 after it/);
  });

  it('a requestState that carries the secret itself (base64url), not an HMAC keyed with it', async () => {
    // Every tamper test of old passes: the state is refused when changed, made up or presented
    // under another secret; but any client that reads one can seal its own.
    let leaky = patch(
      solution('09-multi-round-trip', 'deploy.ts'),
      'await mac(secret, body)}`;',
      'toBase64url(encoder.encode(secret))}`;',
    );
    leaky = patch(
      leaky,
      'if (!sameText(tag, await mac(secret, body))) {',
      'if (!sameText(tag, toBase64url(encoder.encode(secret)))) {',
    );
    const result = await grade('09-multi-round-trip', { 'deploy.ts': leaky });
    // Its tag binds nothing either: an expiry pushed later in the body passes it.
    expect(failed(result)).toEqual(['tampered-state-rejected', 'expired-state-rejected']);
    const check = result.checks.find((c) => c.name === 'tampered-state-rejected');
    expect(check?.message.en).toMatch(/carries ctx.secret itself, readable/);
  });

  it('09: an answer the user declined or cancelled read as staging (anything but production deploys to staging)', async () => {
    const text = patch(
      solution('09-multi-round-trip', 'deploy.ts'),
      / {2}if \(environment !== 'staging' && environment !== 'production'\) \{\n[^\n]*\n {2}\}\n {2}if \(environment === 'staging'\)/,
      "  if (environment !== 'production')",
    );
    const result = await expectCaught(
      '09-multi-round-trip',
      { 'deploy.ts': text },
      'staging-completes',
      /\{"action":"(decline|cancel)"\}.*不部署任何东西/,
    );
    expect(failed(result)).toEqual(['staging-completes']);
    expect(result.checks.find((c) => c.name === 'staging-completes')?.message.en).toMatch(
      /"action":"(decline|cancel)".*saw: .*Deployed [\w-]+ to staging\./s,
    );
  });

  it('09: a declined or cancelled confirmation deploys to production (only a typed name is checked)', async () => {
    const text = patch(
      solution('09-multi-round-trip', 'deploy.ts'),
      / {4}if \(sure === 'declined'\) return done\([^\n]*\n {4}if \(sure\.content\?\.confirm !== service\) \{/,
      "    const typed = sure === 'declined' ? undefined : sure.content?.confirm;\n    if (typed !== undefined && typed !== service) {",
    );
    const result = await expectCaught(
      '09-multi-round-trip',
      { 'deploy.ts': text },
      'production-confirms',
      /\{"action":"(decline|cancel)"\}/,
    );
    // Its fresh-instance run and the checks that wait on production-confirms fail with it.
    expect(failed(result)).toContain('no-server-memory');
    expect(result.checks.find((c) => c.name === 'production-confirms')?.message.en).toMatch(
      /"action":"(decline|cancel)".*saw: .*Deployed [\w-]+ to production\./s,
    );
  });

  it('08: a handshake-era version in the modern _meta served per request (any version the server knows taken as served)', async () => {
    const text = patch(
      solution('08-dual-era-server', 'server.ts'),
      'if (!MODERN_VERSIONS.includes(version)) {',
      'if (![...MODERN_VERSIONS, ...LEGACY_VERSIONS].includes(version)) {',
    );
    const result = await expectCaught(
      '08-dual-era-server',
      { 'server.ts': text },
      'unsupported-version',
      /旧时代的版本.*basic\/lifecycle/,
    );
    expect(failed(result)).toEqual(['unsupported-version']);
    expect(result.checks.find((c) => c.name === 'unsupported-version')?.message.en).toMatch(
      /"requested":"2025-(11-25|06-18)".*handshake-era revision.*saw: \{"result":/s,
    );
  });

  it('06: an answer paired with the latest open request of the other side, not by its id', async () => {
    const text = patch(
      solution('06-handshake-tracer', 'labels.ts'),
      '      method = requests.get(key(opposite(direction), message.id)) ?? null;',
      '      const open = [...requests.entries()].filter(([k]) => k.startsWith(opposite(direction)));\n      const last = open.at(-1);\n      method = last ? last[1] : null;\n      if (last) requests.delete(last[0]);',
    );
    const result = await expectCaught('06-handshake-tracer', { 'labels.ts': text }, 'methods');
    expect(failed(result)).toEqual(['methods', 'primitives', 'capabilities']);
    // The middle one of three requests in flight, answered first.
    expect(result.checks.find((c) => c.name === 'methods')?.message.en).toMatch(
      /"resources\/list".*"prompts\/list"/s,
    );
  });

  it('02: tools.listChanged looked up as a key, not read as a value (listChanged: false announced)', async () => {
    const text = patch(
      solution('02-server-without-list-changed', 'server.ts'),
      'if (ctx.capabilities.tools?.listChanged === true) {',
      'if (ctx.capabilities.tools?.listChanged !== undefined) {',
    );
    const result = await expectCaught(
      '02-server-without-list-changed',
      { 'server.ts': text },
      'no-undeclared-notification',
      /"listChanged":false/,
    );
    expect(failed(result)).toEqual(['declares-tools-only', 'no-undeclared-notification']);
    expect(result.checks.find((c) => c.name === 'no-undeclared-notification')?.message.en).toMatch(
      /^with capabilities \{"tools":\{"listChanged":false\},"prompts":\{"listChanged":true\},"resources":\{"listChanged":true\}\}.*saw: .*list_changed/s,
    );
  });

  // Twelve seeds: the draws of the other capabilities and of the order all come up.
  it.each([
    ['at least two capabilities', 'Object.keys(ctx.clientCapabilities).length < 2'],
    ['at least three capabilities', 'Object.keys(ctx.clientCapabilities).length < 3'],
  ])(
    '03: sampling decided by counting the capabilities (%s), not by reading them: less than full points on every seed',
    async (_, test) => {
      const text = patch(
        solution('03-client-without-sampling', 'summarize.ts'),
        'if (!ctx.clientCapabilities.sampling) {',
        `if (${test}) {`,
      );
      const seeds = Array.from({ length: 12 }, (_, i) => i + 1);
      const full: number[] = [];
      for (const seed of seeds) {
        const result = await grade('03-client-without-sampling', { 'summarize.ts': text }, seed);
        if (result.points === result.maxPoints) full.push(seed);
        // The reading the exercise asks for still scores full points on the same draws.
        const reference = await grade('03-client-without-sampling', 'solution', seed);
        expect(reference.points, `the reference, seed ${seed}`).toBe(reference.maxPoints);
      }
      expect(full, 'seeds on which counting scored full points').toEqual([]);
    },
  );

  it('quiz answers naming two options ("b or c", "b, c", "bc") are one clear failure each', async () => {
    const result = await grade('07-capability-quiz', { 'answers.yaml': fixture('quiz-or.yaml') });
    const twoLetters = ['q1', 'q3', 'q5', 'q6', 'q7', 'q8', 'q9', 'q10', 'q11', 'q12'];
    // Ten answers that are not answers: q2 and q4, right as they are, are not marked either.
    expect(failed(result)).toEqual(['q1', 'q2', 'q3', 'q4', ...twoLetters.slice(2)]);
    for (const name of ['q2', 'q4']) {
      expect(result.checks.find((c) => c.name === name)?.message.en).toMatch(/^not marked yet/);
    }
    for (const name of twoLetters) {
      const check = result.checks.find((c) => c.name === name);
      expect(check?.message.en).toMatch(/^give one letter \(a, b, c or d\); saw "[^"]+": one/);
      expect(check?.message.zh).toMatch(/^请只写一个字母/);
    }
  });
});

// Shortcuts of the stateless exercises: each one scored full points before its check was written.
describe('shortcuts in the stateless exercises', () => {
  const dual = solution('08-dual-era-server', 'server.ts');
  const deploy = solution('09-multi-round-trip', 'deploy.ts');
  const era = solution('10-era-detection', 'era.ts');

  it('08: any _meta taken for the modern envelope refuses a legacy client’s call that carries a progressToken', async () => {
    const text = patch(
      dual,
      'return isObject(meta) && (PROTOCOL_VERSION in meta || CLIENT_CAPABILITIES in meta);',
      'return isObject(meta);',
    );
    const result = await expectCaught(
      '08-dual-era-server',
      { 'server.ts': text },
      'legacy-handshake',
      /progressToken/,
    );
    expect(failed(result)).toEqual(['legacy-handshake']);
    expect(result.checks.find((c) => c.name === 'legacy-handshake')?.message.en).toMatch(
      /"_meta":\{"progressToken":"[^"]+"\}.*saw: \{"error":\{"code":-32602/s,
    );
  });

  it('09: a confirmation without any requestState deploys to production (the state checked only when there is one)', async () => {
    const text = patch(
      deploy,
      '  if (requestState !== undefined) {\n    const state = await open(ctx.secret, String(requestState), service, ctx.now);',
      "  if (requestState !== undefined || accepted(inputResponses, 'confirm') !== null) {\n    const state =\n      requestState === undefined\n        ? { environment: 'production' }\n        : await open(ctx.secret, String(requestState), service, ctx.now);",
    );
    const result = await expectCaught(
      '09-multi-round-trip',
      { 'deploy.ts': text },
      'tampered-state-rejected',
      /没有 requestState/,
    );
    expect(failed(result)).toEqual(['tampered-state-rejected']);
    expect(result.checks.find((c) => c.name === 'tampered-state-rejected')?.message.en).toMatch(
      /without a requestState.*saw: \{"result":\{"resultType":"complete".*to production/s,
    );
  });

  it('09: production deployed when one call answers both questions at once, without a requestState', async () => {
    const text = patch(
      deploy,
      '  const state = await seal(ctx.secret, {',
      "  const sure = accepted(inputResponses, 'confirm');\n  if (isObject(sure) && sure.content?.confirm === service) {\n    return done('Deployed ' + service + ' to production.');\n  }\n  const state = await seal(ctx.secret, {",
    );
    const result = await expectCaught(
      '09-multi-round-trip',
      { 'deploy.ts': text },
      'tampered-state-rejected',
    );
    expect(failed(result)).toEqual(['tampered-state-rejected']);
  });

  it('09: any elicitation taken for form mode (a URL-only client is asked a form), whatever the seed', async () => {
    const text = patch(
      deploy,
      '  const form =\n    isObject(elicitation) && (Object.keys(elicitation).length === 0 || isObject(elicitation.form));',
      '  const form = isObject(elicitation);',
    );
    const result = await expectCaught(
      '09-multi-round-trip',
      { 'deploy.ts': text },
      'capability-declared',
      /"url"/,
    );
    expect(failed(result)).toEqual(['capability-declared']);
  });

  it('10: every code of the server-error range but -32000…-32002 taken for a modern error', async () => {
    const text = patch(
      era,
      "if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };",
      "if (!(message.error.code <= -32003 && message.error.code >= -32099)) return { action: 'initialize' };",
    );
    const result = await expectCaught('10-era-detection', { 'era.ts': text }, 'legacy-errors');
    expect(failed(result)).toContain('legacy-errors');
  });

  it('10: the range 2026-07-28 reserves (-32020…-32099) taken for modern errors: a 2025-era -32042 is still legacy', async () => {
    const text = patch(
      era,
      "if (!MODERN_ERRORS.has(message.error.code)) return { action: 'initialize' };",
      "if (!(message.error.code <= -32020 && message.error.code >= -32099)) return { action: 'initialize' };",
    );
    const result = await expectCaught('10-era-detection', { 'era.ts': text }, 'legacy-errors');
    expect(result.checks.find((c) => c.name === 'legacy-errors')?.message.en).toMatch(
      /-320[2-9]\d/,
    );
  });
});

// `check` grades in an isolated child process, where a cancellation travels over IPC and the
// result over JSON: what the in-process grading above cannot show.
describe('shortcuts in the isolated child process', () => {
  const checked = async (id: string, files: Record<string, string>, args: readonly string[]) => {
    const run = await cli(learner({ [id]: files }), ['check', id.slice(0, 2), '--json', ...args]);
    const [exercise] = JSON.parse(run.stdout).exercises as Array<{
      checks: Array<{ name: string; passed: boolean; message: string }>;
    }>;
    return {
      code: run.code,
      check: (name: string) => exercise?.checks.find((c) => c.name === name),
    };
  };

  it('a tool that returns before its cancellation can reach it does not honour cancellation', async () => {
    const { code, check } = await checked(
      '01-progress',
      { 'long-task.ts': fixture('progress-no-wait.ts') },
      ['--seed', '11'],
    );
    expect(check('cancellation-stops')?.passed).toBe(false);
    expect(check('cancellation-stops')?.message).toMatch(
      /works through its \d+ steps of \d+ ms .*; saw it return after \d+ ms \(does it wait delayMs between steps\?\)/,
    );
    expect(code).toBe(1);
  });

  it('a module that prints, then fails to load: what it printed is in the report', async () => {
    const broken = 'console.log("hello from my module");\nthrow new Error("boom");\nexport {};\n';
    const { code, check } = await checked('05-session-stats', { 'stats.ts': broken }, []);
    expect(check('ratio')?.message).toMatch(
      /could not be loaded: Error: boom \(at stats\.ts:2:\d+\)\nit printed:\n│ hello from my module/,
    );
    expect(code).toBe(1);
  });

  it('what a module printed is marked as its own in the text report: fake grader lines cannot pass for real ones', async () => {
    const fake = [
      '  ✓ ratio  9/9  the ratio',
      '05-session-stats  Session stats  9/9  passed',
      'Points 9/9 · 1/1 passed',
    ];
    const broken = `${fake.map((l) => `console.log(${JSON.stringify(l)});`).join('\n')}\nthrow new Error("boom");\nexport {};\n`;
    const cwd = learner({ '05-session-stats': { 'stats.ts': broken } });
    const run = await cli(cwd, ['check', '05']);
    const printed = run.stdout.split('\n').filter((l) => fake.some((f) => l.includes(f.trim())));
    expect(printed).toHaveLength(fake.length);
    for (const line of printed) expect(line.trimStart()).toMatch(/^│ /);
  });

  it('a module that carries a whole program (a copy of a build) is refused before it runs', async () => {
    // The reference solution, importing a 300 kB module beside it: what a copy of mcp-sim's own
    // dist/chunks (the referee a learner is asked to write) weighs and more.
    const stats = `import { blob } from './vendored.js';\nexport const weight = blob.length;\n${solution('05-session-stats', 'stats.ts')}`;
    const vendored = `export const blob = ${JSON.stringify('x'.repeat(300 * 1024))};\n`;
    const { code, check } = await checked(
      '05-session-stats',
      { 'stats.ts': stats, 'vendored.ts': vendored },
      [],
    );
    expect(check('ratio')?.passed).toBe(false);
    expect(check('ratio')?.message).toMatch(
      /stats\.ts: your code bundles to 3\d\d kB with the files it imports, more than the 256 kB/,
    );
    expect(code).toBe(1);
  });

  // A program carried as data (a copy of mcp-sim's tracer, say) has no way to run: each route a
  // learner might take to load or compile it, on top of the reference solution.
  const withCheat = (cheat: string) => `${cheat}\n${solution('05-session-stats', 'stats.ts')}`;
  it.each([
    [
      'a computed import() of a file beside the module',
      "import { pathToFileURL } from 'node:url';\nconst vendor = pathToFileURL(process.cwd() + '/vendor.mjs').href;\nexport const loaded = await import(vendor);",
      /import\(\) of a computed path is not available to exercise code/,
    ],
    [
      'a data: URL import() built at run time',
      "const code = 'export const x = 1';\nexport const loaded = await import('data:text/javascript,' + code);",
      /import\(\) of a computed path is not available to exercise code/,
    ],
    [
      'a data: URL import() written out whole',
      "export const loaded = await import('data:text/javascript,export const x = 1');",
      /is outside the exercise folder|not available to exercise code/,
    ],
    [
      'a static import of node:vm',
      "import 'node:vm';",
      /node:vm is not available to exercise code/,
    ],
    [
      'require() of vm by a computed name',
      "const name = ['v', 'm'].join('');\nexport const vm = require(name);",
      /stats\.ts:2:\d+: require\(\) of a computed name is not available to exercise code/,
    ],
    [
      'process.getBuiltinModule',
      "export const vm = process.getBuiltinModule('node:vm');",
      /process\.getBuiltinModule is not available to exercise code/,
    ],
    [
      'new Function',
      "export const f = new Function('return 1');",
      /Code generation from strings disallowed/,
    ],
    [
      'a file written to TMPDIR',
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.TMPDIR + '/t.mjs', 'export const x = 1');",
      /Access to this API has been restricted/,
    ],
  ])('%s: refused, never run', async (_what, cheat, why) => {
    const { code, check } = await checked(
      '05-session-stats',
      { 'stats.ts': withCheat(cheat), 'vendor.mjs': 'export const x = 1;\n' },
      [],
    );
    expect(check('ratio')?.passed).toBe(false);
    expect(check('ratio')?.message).toMatch(why);
    expect(code).toBe(1);
  });

  it('a ratio of Infinity is reported as such, not read as the null JSON.stringify would send', async () => {
    const stats = patch(
      solution('05-session-stats', 'stats.ts'),
      'stats.operation === 0 ? null : stats.lifecycle / stats.operation',
      'stats.lifecycle / stats.operation',
    );
    const { code, check } = await checked('05-session-stats', { 'stats.ts': stats }, []);
    expect(check('ratio')?.passed).toBe(false);
    expect(check('ratio')?.message).toMatch(
      /the result is not JSON: \/lifecycleToOperationRatio is Infinity, which JSON cannot hold/,
    );
    expect(code).toBe(1);
  });
});

/**
 * A checkout of mcp-sim: the grader's own exercises/ is the learner's, so exercise.json and
 * recordings/ are the learner's to edit. The copy's dist/ finds its package root in the copy.
 */
function checkout(): string {
  const root = tempDir('mcp-sim-checkout-');
  for (const item of ['package.json', 'dist', 'exercises']) {
    cpSync(join(ROOT, item), join(root, item), { recursive: true });
  }
  cpSync(SOLUTIONS, join(root, 'test', 'solutions'), { recursive: true });
  for (const item of ['lessons', 'node_modules']) symlinkSync(join(ROOT, item), join(root, item));
  return root;
}

const run = promisify(execFile);
async function checkIn(root: string, args: readonly string[]) {
  const main = join(root, 'dist', 'cli', 'main.js');
  const out = await run(process.execPath, [main, ...args], { cwd: root }).catch(
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  return JSON.parse(out.stdout) as {
    seed: number;
    exercises: Array<{
      id: string;
      points: number;
      status: string;
      checks: Array<{ message: string }>;
    }>;
  };
}

describe('in a checkout of mcp-sim', () => {
  it('exercise.json pointing at the reference still grades the learner’s own stats.ts', async () => {
    const root = checkout();
    const json = join(root, 'exercises', '05-session-stats', 'exercise.json');
    writeFileSync(json, fixture('exercise-05-reference.json'));
    const report = await checkIn(root, ['check', '5', '--json', '--seed', '5']);
    expect(report.exercises[0]).toMatchObject({ id: '05-session-stats', points: 0 });
  });

  it('deleting the other exercises (or an exercise.json) does not shrink the course', async () => {
    const root = checkout();
    const exercises = join(root, 'exercises');
    const kept = '03-client-without-sampling';
    cpSync(join(SOLUTIONS, kept), join(exercises, kept), { recursive: true });
    rmSync(join(exercises, kept, 'exercise.json'));
    for (const entry of readdirSync(exercises)) {
      if (/^\d\d-/.test(entry) && entry !== kept)
        rmSync(join(exercises, entry), { recursive: true });
    }
    const report = (await checkIn(root, ['check', '--json', '--seed', '7'])) as unknown as {
      points: number;
      maxPoints: number;
      exercises: Array<{ id: string; status: string }>;
    };
    expect(report.maxPoints).toBe(116);
    expect(report.points).toBe(7);
    expect(report.exercises).toHaveLength(10);
    expect(report.exercises.find((e) => e.id === kept)?.status).toBe('passed');
    expect(report.exercises.filter((e) => e.status === 'error')).toHaveLength(9);
  });

  it('an emptied recordings/ is an error for the stats starter, not 6/9', async () => {
    const root = checkout();
    const dir = join(root, 'exercises', 'recordings');
    rmSync(dir, { recursive: true });
    cpSync(join(SHORTCUTS, 'README.md'), join(dir, 'README.md')); // the folder, emptied
    const report = await checkIn(root, ['check', '5', '--json']);
    expect(report.exercises[0]).toMatchObject({ points: 0, status: 'error' });
    expect(report.exercises[0]?.checks[0]?.message).toMatch(
      /^the grader's recording .*everything-basics\.jsonl is missing or changed: restore it/,
    );
  });
});

describe('the whole course', () => {
  it('untouched starters earn 0 points in every exercise', async () => {
    const cwd = tempDir();
    cpSync(EXERCISES, join(cwd, 'exercises'), { recursive: true });
    const result = await cli(cwd, ['check', '--json']);
    const report = JSON.parse(result.stdout) as {
      seed: number;
      exercises: Array<{ id: string; points: number }>;
    };
    expect(Number.isInteger(report.seed)).toBe(true);
    expect(report.exercises.map((e) => [e.id, e.points])).toEqual(
      report.exercises.map((e) => [e.id, 0]),
    );
  });

  // One seed here (three took 32 s of the suite): cheats.test.ts grades the references of the
  // exercises whose inputs depend most on the seed (01, 02, 03, 04, 06, 08, 09) on six to eight
  // seeds each. This run proves the whole course through the command line, and that the seed given
  // is the seed reported and the one a rerun is told to use.
  it('the reference solutions get full points with the seed given', async () => {
    const seed = 4242;
    const cwd = tempDir();
    cpSync(EXERCISES, join(cwd, 'exercises'), { recursive: true });
    cpSync(SOLUTIONS, join(cwd, 'exercises'), { recursive: true });
    const result = await cli(cwd, ['check', '--json', '--seed', String(seed)]);
    const report = JSON.parse(result.stdout) as { seed: number; points: number; maxPoints: number };
    expect(report).toMatchObject({ seed, points: 116, maxPoints: 116 });
    const text = await cli(cwd, ['check', '1', '--seed', String(seed)]);
    expect(text.stdout).toContain(
      `seed ${seed} (mcp-sim check 1 --seed ${seed} reproduces this run)`,
    );
  });
});

describe('07: a brute-force loop over the quiz', () => {
  const id = '07-capability-quiz';
  const keys = Array.from({ length: 12 }, (_, i) => `q${i + 1}`);
  // What a script would try: every letter, and for the two short answers a few likely ones.
  const options: Record<string, string[]> = {
    q2: [
      'resources.listChanged',
      'resources.subscribe',
      'tools.listChanged',
      'prompts.listChanged',
    ],
    q4: ['server', 'client', 'server', 'client'],
  };
  const option = (key: string, i: number) => options[key]?.[i] ?? 'abcd'[i] ?? 'a';
  const yaml = (answers: Record<string, string>) =>
    keys.map((key) => `${key}: ${answers[key] ?? ''}`).join('\n');

  it('finds no answer in 25 runs (every letter for every question, then random tries); the reference still passes', async () => {
    const found: Record<string, string> = {};
    let marked = 0;
    const run = async (answers: Record<string, string>) => {
      const result = await grade(id, { 'answers.yaml': yaml(answers) });
      for (const check of result.checks) {
        if (check.passed) found[check.name] = answers[check.name] ?? '';
        // A wrong answer named as wrong is an answer struck off: the script learns from that too.
        if (/^not right/.test(check.message.en)) marked++;
      }
    };
    // Four runs: all a (and the first short answers), all b, all c, all d. Before, these four
    // runs said right or wrong for every question, and the fifth scored 20/20.
    for (let i = 0; i < 4; i++) {
      await run(Object.fromEntries(keys.map((key) => [key, option(key, i)])));
    }
    const rng = random(7);
    for (let i = 0; i < 20; i++) {
      await run(
        Object.fromEntries(keys.map((key) => [key, found[key] ?? option(key, rng.int(0, 3))])),
      );
    }
    const last = await grade(id, { 'answers.yaml': yaml(found) });
    expect(Object.keys(found), 'answers found').toEqual([]);
    expect(marked, 'wrong answers marked as wrong').toBe(0);
    expect(last.points).toBe(0);
    const reference = await grade(id, 'solution');
    expect(reference.points).toBe(reference.maxPoints);
  });
});

describe('the quiz key in the package', () => {
  it('holds digests of the answers, not answers to copy', async () => {
    const { digest } = await import('../../src/grader/rubrics/quiz.js');
    const source = readFileSync(join(ROOT, 'src', 'grader', 'rubrics', 'quiz.ts'), 'utf8');
    const accepted = [...source.matchAll(/accept: \[([^\]]*)\]/g)].map((m) => m[1] ?? '');
    expect(accepted).toHaveLength(12);
    for (const list of accepted) expect(list).toMatch(/^('[0-9a-f]{16}'(, )?)+$/);
    // Nor can the wrong options' feedback say which letter is left: it is keyed by digest too.
    expect(source).not.toMatch(/\n {6}[a-d]: bi\(/);
    expect(source).not.toMatch(/expected: '/);
    expect(source).toContain(`'${digest('q1', 'b')}'`);
  });
});
