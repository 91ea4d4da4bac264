import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { cli, failed, grade, learner, patch, solution } from './helpers.js';

/** A student's file, kept in test/fixtures/students/ (see its README). */
const attempt = (name: string) =>
  readFileSync(join(ROOT, 'test', 'fixtures', 'students', `${name}.txt`), 'utf8');

describe('09-multi-round-trip: the expiry check does not depend on the seed', () => {
  const id = '09-multi-round-trip';

  it.each([1, 5, 7, 20261129])(
    'a one-hour expiry fails expired-state-rejected (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-ttl-1h.ts') }, seed);
      expect(failed(result)).toEqual(['expired-state-rejected']);
    },
  );

  it.each([1, 5, 7])('the reference solution passes it (seed %i)', async (seed) => {
    const result = await grade(id, 'solution', seed);
    expect(failed(result)).toEqual([]);
  });
});

describe('09-multi-round-trip: a state anyone can forge loses tampered-state-rejected', () => {
  const id = '09-multi-round-trip';

  it.each([1, 5, 20261129])(
    'the secret in base64 inside the state (service~exp~btoa(secret)) (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-btoa-secret.ts') }, seed);
      expect(failed(result)).toContain('tampered-state-rejected');
      expect(result.checks.find((c) => c.name === 'tampered-state-rejected')?.message.en).toMatch(
        /carries ctx.secret itself/,
      );
    },
  );

  it.each([1, 5, 20261129])(
    'a fixed token that binds nothing (service.exp.sha256hex(secret)) (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-static-token.ts') }, seed);
      expect(failed(result)).toEqual(
        expect.arrayContaining(['tampered-state-rejected', 'expired-state-rejected']),
      );
    },
  );

  it.each([1, 5, 20261129])(
    'an HMAC that leaves the expiry out (exp.body.mac(body)) (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-mac-without-exp.ts') }, seed);
      expect(failed(result)).toContain('expired-state-rejected');
      expect(result.checks.find((c) => c.name === 'expired-state-rejected')?.message.en).toMatch(
        /expiry pushed an hour later/,
      );
    },
  );
});

describe('09-multi-round-trip: an HMAC over the fields the server reads, not over the whole state', () => {
  it('loses tampered-state-rejected, and is told that the whole state must be sealed', async () => {
    // {service, exp, mac} as JSON, the mac over service and exp: a field added passes unnoticed.
    const result = await grade(
      '09-multi-round-trip',
      { 'deploy.ts': attempt('09-mac-of-fields-read.ts') },
      1,
    );
    expect(failed(result)).toEqual(['tampered-state-rejected']);
    const message = result.checks.find((c) => c.name === 'tampered-state-rejected')?.message;
    expect(message?.en).toMatch(
      /the whole state must be sealed: a field added, removed or changed must fail verification/,
    );
    expect(message?.zh).toMatch(/整个状态都必须被封存/);
  });
});

describe('10-era-detection: the modern version is the client’s favourite, not the probe’s', () => {
  it.each([1, 2, 3, 20261129])(
    'echoing the probe’s version fails generated-variants (seed %i)',
    async (seed) => {
      const result = await grade(
        '10-era-detection',
        { 'era.ts': attempt('10-echo-probe.ts') },
        seed,
      );
      expect(failed(result)).toContain('generated-variants');
    },
  );
});

describe('03-client-without-sampling: errors from the grader’s functions point at the learner’s call', () => {
  const id = '03-client-without-sampling';

  it.each(['03-noawait-nullcheck.ts', '03-nullcheck.ts'])(
    '%s: the report names summarize.ts:8, never the harness',
    async (name) => {
      const cwd = learner({ [id]: { 'summarize.ts': attempt(name) } });
      const text = await cli(cwd, ['check', '3', '--seed', '1']);
      expect(text.stdout).not.toMatch(/eval/);
      const classroom = await cli(cwd, ['check', '3', '--seed', '1', '--format', 'classroom']);
      const tests = JSON.parse(classroom.stdout).tests as Array<{
        filename: string;
        line_no: number;
      }>;
      expect(new Set(tests.map((t) => t.filename))).toEqual(
        new Set([`exercises/${id}/summarize.ts`]),
      );
      // Every line_no is the learner's createMessage call, or 0 (no place to name).
      expect(tests.every((t) => t.line_no === 8 || t.line_no === 0)).toBe(true);
      expect(tests.some((t) => t.line_no === 8)).toBe(true);
    },
  );
});

describe('01-progress: a tool that throws on every call', () => {
  it('every check says it threw, with the error and its place in long-task.ts', async () => {
    const cwd = learner({ '01-progress': { 'long-task.ts': attempt('01-typeerror.ts') } });
    // Both languages at once: each check of exercise 1 waits ~3 s for late progress, idle.
    const runs = await Promise.all(
      (['en', 'zh'] as const).map(async (lang) => ({
        lang,
        run: await cli(cwd, ['check', '1', '--seed', '1', '--json', '--lang', lang]),
      })),
    );
    for (const { lang, run } of runs) {
      const [exercise] = JSON.parse(run.stdout).exercises;
      expect(exercise.checks).toHaveLength(7);
      for (const check of exercise.checks) {
        expect(check.passed).toBe(false);
        expect(check.message, check.name).toMatch(lang === 'en' ? /threw|throw/ : /抛出了错误/);
        expect(check.message, check.name).toMatch(/TypeError: .*\(at long-task\.ts:4:\d+\)/);
      }
    }
  });
});

describe('07-capability-quiz: short answers written the way students write them', () => {
  const id = '07-capability-quiz';
  const ref = solution(id, 'answers.yaml');
  const answering = (key: string, answer: string) =>
    grade(id, { 'answers.yaml': patch(ref, new RegExp(`^${key}: .*$`, 'm'), `${key}: ${answer}`) });

  it.each([
    'client side',
    'the client declares it',
    '客户端',
    'Client-side',
    'The client',
    '客户端声明',
  ])('q4 %j is right, in both languages', async (answer) => {
    const result = await answering('q4', answer);
    expect(failed(result)).toEqual([]);
    const q4 = result.checks.find((c) => c.name === 'q4');
    expect(q4?.message.en).toMatch(/^right\./);
    expect(q4?.message.zh).toMatch(/^正确。/);
  });

  it.each(['server', 'the server', 'both', 'both sides', 'client and server', '服务器', '双方'])(
    'q4 %j is wrong',
    async (answer) => {
      const result = await answering('q4', answer);
      expect(failed(result)).toEqual(['q4']);
      expect(result.checks.find((c) => c.name === 'q4')?.message.en).toMatch(/^not right/);
    },
  );

  it.each(['not the server', 'the host', '不是服务器'])(
    'q4 %j cannot be read as a side: it says how to answer',
    async (answer) => {
      const result = await answering('q4', answer);
      expect(failed(result)).toEqual(['q4']);
      const q4 = result.checks.find((c) => c.name === 'q4');
      expect(q4?.message.en).toMatch(/^answer with the side, in a word: client or server/);
      expect(q4?.message.zh).toMatch(/^请用一个词写出是哪一方/);
    },
  );

  it('q2 asks for a capability path: a bare "subscribe" is not one, and is told so', async () => {
    const result = await answering('q2', 'subscribe');
    expect(failed(result)).toEqual(['q2']);
    const q2 = result.checks.find((c) => c.name === 'q2');
    expect(q2?.message.en).toMatch(/only the last part of the flag/);
    expect(q2?.message.en).not.toMatch(/resources\.subscribe/);
    expect(q2?.message.zh).toMatch(/只是标志的最后一段/);
  });
});

describe('01-progress: the token under another name', () => {
  it('names the missing and unexpected fields, and lists exactly the notifications that came after the cancellation', async () => {
    const result = await grade('01-progress', {
      'long-task.ts': attempt('01-try1-wrongfield.ts'),
    });
    const message = (name: string) => result.checks.find((c) => c.name === name)?.message;
    expect(message('token-echoed')?.en).toMatch(/missing progressToken; unexpected token\b/);
    expect(message('token-echoed')?.zh).toMatch(/缺少 progressToken；多出 token/);
    expect(message('envelopes-valid')?.en).toMatch(/missing progressToken; unexpected token\b/);
    expect(message('envelopes-valid')?.en).toMatch(/… and \d+ more/);
    const [head, ...listed] = (message('cancellation-stops')?.en ?? '').split('\n');
    const said = /\(#(\d+) client->server notifications\/cancelled\); saw (\d+) more:$/.exec(
      head ?? '',
    );
    expect(said, head).not.toBeNull();
    const cancelledAt = Number(said?.[1]);
    expect(listed).toHaveLength(Math.min(Number(said?.[2]), 4) + (Number(said?.[2]) > 4 ? 1 : 0));
    const numbers = listed
      .filter((l) => l.trim() !== '…')
      .map((l) => Number(/^ {2}#(\d+) server->client notifications\/progress /.exec(l)?.[1]));
    // The ones after the cancellation, in a row: no schema error of an earlier one among them.
    expect(numbers).toEqual(numbers.map((_, i) => cancelledAt + 1 + i));
  });
});

describe('05-session-stats: the ratio is unrounded', () => {
  it('both READMEs say so and point at trace --json', () => {
    const readme = (name: string) =>
      readFileSync(join(ROOT, 'exercises', '05-session-stats', name), 'utf8');
    expect(readme('README.md')).toMatch(/unrounded/);
    expect(readme('README.md')).toContain('0.17647058823529413');
    expect(readme('README.md')).toMatch(/trace \.\.\/recordings\/everything-basics\.jsonl --json/);
    expect(readme('README.zh.md')).toMatch(/不取整/);
    expect(readme('README.zh.md')).toContain('0.17647058823529413');
    expect(readme('README.zh.md')).toMatch(
      /trace \.\.\/recordings\/everything-basics\.jsonl --json/,
    );
  });

  it('a rounded ratio fails, and the check says it looks rounded', async () => {
    const result = await grade('05-session-stats', { 'stats.ts': attempt('05-rounded.ts') });
    const ratio = result.checks.find((c) => !c.passed && /Ratio/.test(c.message.en));
    expect(ratio?.message.en).toMatch(/rounded\? return lifecycle \/ operation unrounded/);
    expect(ratio?.message.zh).toMatch(/取整了吗/);
  });
});

describe('a check held back by another says the learner’s code does it right', () => {
  it('01 no-token-no-progress, held back by token-echoed, in both languages', async () => {
    const result = await grade('01-progress', {
      'long-task.ts': attempt('01-try1-wrongfield.ts'),
    });
    const held = result.checks.find((c) => c.name === 'no-token-no-progress');
    expect(held?.points).toBe(0);
    expect(held?.message.en).toMatch(
      /^your code does this correctly; it counts once "token-echoed" passes/,
    );
    expect(held?.message.zh).toMatch(/^你的代码这部分做对了；等 "token-echoed" 通过后才计分/);
  });
});

describe('wrong code earns no points where a check can tell', () => {
  it.each([1, 5, 20261129])(
    '09: -32021 naming sampling instead of elicitation fails capability-declared (seed %i)',
    async (seed) => {
      const result = await grade(
        '09-multi-round-trip',
        { 'deploy.ts': attempt('09-32021-wrongdata.ts') },
        seed,
      );
      expect(failed(result)).toEqual(['capability-declared']);
      const check = result.checks.find((c) => c.name === 'capability-declared');
      expect(check?.message.en).toMatch(/requiredCapabilities lists what the tool lacks/);
      expect(check?.message.en).toContain('"sampling"');
    },
  );

  it.each([1, 2, 3, 4, 5, 20261129])(
    '10: the server’s order instead of the client’s preference fails generated-variants (seed %i)',
    async (seed) => {
      const result = await grade(
        '10-era-detection',
        { 'era.ts': attempt('10-serverorder.ts') },
        seed,
      );
      expect(failed(result)).toContain('generated-variants');
    },
  );

  it.each([2, 3, 4])('the reference solutions still pass both (seed %i)', async (seed) => {
    expect(failed(await grade('09-multi-round-trip', 'solution', seed))).toEqual([]);
    expect(failed(await grade('10-era-detection', 'solution', seed))).toEqual([]);
  });
});

describe('check: conflicting output options are usage errors', () => {
  it.each([
    [['--json', '--format', 'classroom'], /^mcp-sim: choose one of --json and --format classroom/],
    [
      ['--format', 'classroom', '--format', 'exercism'],
      /^mcp-sim: --format given twice \("classroom", then "exercism"\): choose one/,
    ],
  ])('check %j exits 2 with one line', async (options, line) => {
    const cwd = learner();
    const run = await cli(cwd, ['check', '1', ...options]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(line);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    const zh = await cli(cwd, ['check', '1', ...options, '--lang', 'zh']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toMatch(/只能选一个/);
  });
});

describe('check: where the report’s details are', () => {
  it('--json gives a failed check the file, line and column Classroom has', async () => {
    const cwd = learner({ '01-progress': { 'long-task.ts': attempt('01-typeerror.ts') } });
    const run = await cli(cwd, ['check', '1', '--seed', '1', '--json']);
    const [exercise] = JSON.parse(run.stdout).exercises;
    for (const check of exercise.checks) {
      expect(check, check.name).toMatchObject({
        file: 'exercises/01-progress/long-task.ts',
        line: 4,
        column: expect.any(Number),
      });
    }
  });

  it('the text report says the code printed something, and where to see it', async () => {
    const cwd = learner({ '05-session-stats': { 'stats.ts': attempt('05-console.ts') } });
    const text = await cli(cwd, ['check', '5', '--seed', '1']);
    expect(text.stdout).toMatch(
      /your code printed \d+ lines?, kept out of this report: mcp-sim check 05-session-stats --format exercism shows them/,
    );
    const zh = await cli(cwd, ['check', '5', '--seed', '1', '--lang', 'zh']);
    expect(zh.stdout).toMatch(/你的代码输出了 \d+ 行，未放入本报告/);
    const exercism = await cli(cwd, ['check', '5', '--seed', '1', '--format', 'exercism']);
    expect(JSON.parse(exercism.stdout).tests[0].output).not.toBe('');
    // Code that prints nothing gets no such line.
    const quiet = await cli(learner(), ['check', '5', '--seed', '1']);
    expect(quiet.stdout).not.toMatch(/kept out of this report/);
  });
});
