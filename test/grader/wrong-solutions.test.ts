import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classroomJson, gradeExercise } from '../../src/grader/index.js';
import {
  englishProse,
  expectCaught,
  failed,
  grade,
  meta,
  metas,
  patch,
  solution,
  workspace,
} from './helpers.js';

// Each 01-progress grade spends ~3 s idle, waiting out the grader's window for late progress
// (src/grader/rubrics/progress.ts, LATE_MS); the cases run side by side, each in its own folder.
describe.concurrent('01-progress: wrong solutions', () => {
  const id = '01-progress';
  const ref = solution(id, 'long-task.ts');
  const file = (text: string) => ({ 'long-task.ts': text });

  it('progress that does not increase', async () => {
    const text = patch(ref, 'progress: step,', 'progress: 1,');
    await expectCaught(id, file(text), 'progress-increases');
  });

  it('a token of its own instead of the request’s', async () => {
    const text = patch(ref, 'progressToken: token,', "progressToken: 'my-task',");
    await expectCaught(id, file(text), 'token-echoed');
  });

  it('no total', async () => {
    const text = patch(ref, 'total: args.steps,', '');
    await expectCaught(id, file(text), 'total-given');
  });

  it('progress without a token', async () => {
    const text = patch(ref, 'progressToken: token,', "progressToken: token ?? 'none',").replace(
      'if (token !== undefined) {',
      'if (true) {',
    );
    await expectCaught(id, file(text), 'no-token-no-progress');
  });

  it('progress sent after the response (not awaited, from a timer)', async () => {
    const text = patch(
      ref,
      /await extra\.sendNotification\(\{([\s\S]*?)\}\);/,
      'const n = step; setTimeout(() => { void extra.sendNotification({$1}); }, args.delayMs * (args.steps - n + 2));',
    );
    await expectCaught(id, file(text), 'progress-before-response');
  });

  it('ignoring the cancellation', async () => {
    const text = patch(ref, 'if (extra.signal.aborted) {', 'if (false) {');
    await expectCaught(id, file(text), 'cancellation-stops');
  });

  it('skipping the delayMs waits: the tool is done before a client could cancel it', async () => {
    const text = patch(ref, '    await sleep(args.delayMs);\n', '');
    const result = await expectCaught(id, file(text), 'cancellation-stops');
    expect(result.checks.find((c) => c.name === 'cancellation-stops')?.message.en).toMatch(
      /does it wait delayMs between steps/,
    );
  });
});

describe.concurrent('01-progress: progress that runs ahead of the work', () => {
  const id = '01-progress';
  const ref = solution(id, 'long-task.ts');
  const file = (text: string) => ({ 'long-task.ts': text });

  it('every step announced at once, then one wait that the cancellation cuts short', async () => {
    // It scored 13/13: as many notifications as steps, increasing, before the result, none after
    // the cancellation, and the call takes steps × delayMs.
    const text = `import type { CallToolResult, LongTaskArgs, RequestHandlerExtra } from './mcp-sim.js';
export async function longRunningTask(args: LongTaskArgs, extra: RequestHandlerExtra): Promise<CallToolResult> {
  const token = extra._meta?.progressToken;
  if (token !== undefined) {
    for (let step = 1; step <= args.steps; step++) {
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step, total: args.steps } });
    }
  }
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, args.steps * args.delayMs);
    extra.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); });
  });
  return { content: [{ type: 'text', text: 'done' }] };
}
`;
    const result = await expectCaught(id, file(text), 'progress-increases', /工作之前/);
    expect(result.points).toBeLessThan(result.maxPoints);
    expect(result.checks.find((c) => c.name === 'progress-increases')?.message.en).toMatch(
      /sent ahead of the work/,
    );
  });

  /** Notifications sent at once at the call's start (params from `step`), then one wait. */
  const upfront = (params: string, after = '') =>
    `import type { CallToolResult, LongTaskArgs, RequestHandlerExtra } from './mcp-sim.js';
export async function longRunningTask(args: LongTaskArgs, extra: RequestHandlerExtra): Promise<CallToolResult> {
  const token = extra._meta?.progressToken;
  const n = args.steps;
  if (token !== undefined) {
    for (let step = 1; step <= n; step++) {
      void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ${params} } });
    }
  }
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, args.steps * args.delayMs);
    extra.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); });
  });
  ${after}
  return { content: [{ type: 'text', text: 'done' }] };
}
`;

  it('every step announced at once, as a share of a total so large that each is nothing', async () => {
    const text = upfront('progress: step, total: Number.MAX_SAFE_INTEGER');
    const result = await expectCaught(id, file(text), 'total-given', /工作量/);
    expect(failed(result)).toEqual(expect.arrayContaining(['progress-increases', 'total-given']));
  });

  it('tiny shares announced at once, then the last one when the wait is over', async () => {
    const text = upfront(
      'progress: step / 1000, total: n',
      "if (token !== undefined && !extra.signal.aborted) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: n, total: n } });",
    ).replace('step <= n;', 'step < n;');
    await expectCaught(id, file(text), 'progress-increases', /工作之前/);
  });

  it('honest ways to report stay full marks: a notification as a step starts, a first one at 0, a percentage, two per step, 0 to n-1 of n', async () => {
    const before = patch(
      patch(ref, '    await sleep(args.delayMs);\n', ''),
      /(\n {4}\}\n {2}\}\n {2}return)/,
      '\n    }\n    await sleep(args.delayMs);\n  }\n  return',
    );
    const percent = patch(
      patch(ref, 'progress: step,', 'progress: Math.round((step / args.steps) * 100),'),
      'total: args.steps,',
      'total: 100,',
    );
    const zeroFirst = patch(
      ref,
      '  for (let step = 1;',
      "  if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 0, total: args.steps } });\n  for (let step = 1;",
    );
    // The notification before a step's wait asks the signal too: after a cancellation nothing
    // more may go out, whichever of the two it followed.
    const twice = patch(
      ref,
      '    await sleep(args.delayMs);\n',
      "    if (token !== undefined && !extra.signal.aborted) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: step - 0.5, total: args.steps } });\n    await sleep(args.delayMs);\n",
    );
    const doneSoFar = patch(before, 'progress: step,', 'progress: step - 1,');
    const graded = await Promise.all(
      [before, percent, zeroFirst, twice, doneSoFar].map(async (text) => ({
        text,
        result: await grade(id, file(text)),
      })),
    );
    for (const { text, result } of graded) expect(failed(result), text).toEqual([]);
  });
});

describe('02-server-without-list-changed: wrong solutions', () => {
  const id = '02-server-without-list-changed';
  const ref = solution(id, 'server.ts');
  const file = (text: string) => ({ 'server.ts': text });

  it('a server that sends list_changed anyway', async () => {
    const text = patch(ref, 'if (ctx.capabilities.tools?.listChanged === true) {', 'if (true) {');
    await expectCaught(id, file(text), 'no-undeclared-notification');
  });

  it('silent, but a cached list hides the new tool', async () => {
    const text = patch(
      ref,
      'return { tools: [...ctx.tools] };',
      'cache ??= [...ctx.tools];\n  return { tools: cache };',
    ).replace(
      'export function listTools',
      'let cache: Tool[] | undefined;\nexport function listTools',
    );
    await expectCaught(id, file(text), 'new-tools-visible');
  });

  it('never announcing, even when listChanged is declared', async () => {
    const text = patch(ref, 'if (ctx.capabilities.tools?.listChanged === true) {', 'if (false) {');
    const result = await expectCaught(id, file(text), 'announces-when-declared');
    // A server that never notifies would pass the undeclared case alone: it counts only with it.
    expect(failed(result)).toContain('no-undeclared-notification');
    expect(result.checks.find((c) => c.name === 'no-undeclared-notification')?.message.en).toMatch(
      /your code does this correctly; it counts once "announces-when-declared" passes/,
    );
  });

  it('a server that counts its calls instead of reading ctx.capabilities (silent on the first, announcing on the second)', async () => {
    // The plays could come in a fixed order (without listChanged, then with): a counter kept
    // outside the module (here globalThis; across processes, a file or a local server) passed.
    const counted = patch(
      ref,
      'if (ctx.capabilities.tools?.listChanged === true) {',
      'const g = globalThis as { calls?: number };\n  g.calls = (g.calls ?? 0) + 1;\n  if (g.calls % 2 === 0) {',
    );
    // The order is drawn from the seed: a count can match it by chance (1 in 14), never often.
    const statuses: string[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      (globalThis as { calls?: number }).calls = 0;
      statuses.push((await grade(id, file(counted), seed)).status);
    }
    expect(statuses.filter((s) => s === 'failed').length).toBeGreaterThanOrEqual(7);
    (globalThis as { calls?: number }).calls = 0;
    expect((await grade(id, file(counted))).status).toBe('failed');
    // The reference, which reads ctx.capabilities, passes whatever the order.
    for (const seed of [1, 2, 3]) expect((await grade(id, file(ref), seed)).status).toBe('passed');
  });

  it('putting listChanged back into the capabilities', async () => {
    const text = patch(ref, '= { tools: {} };', '= { tools: { listChanged: true } };');
    await expectCaught(id, file(text), 'declares-tools-only');
  });
});

describe('03-client-without-sampling: wrong solutions', () => {
  const id = '03-client-without-sampling';
  const ref = solution(id, 'summarize.ts');
  const file = (text: string) => ({ 'summarize.ts': text });
  /** The reference's prompt: the text to summarise after an instruction. */
  const PROMPT =
    ref
      .split('\n')
      .find((l) => l.includes('Summarize in one sentence'))
      ?.trim() ?? '';

  it('asking the model for a summary of nothing: the text never reaches it (costs that check alone)', async () => {
    // It scored 7/7: the simulated model answers whatever it is asked.
    const text = patch(
      ref,
      PROMPT,
      "{ role: 'user', content: { type: 'text', text: 'Summarize in one sentence.' } },",
    );
    const result = await expectCaught(id, file(text), 'uses-sampling-when-declared', /args\.text/);
    expect(failed(result)).toEqual(['uses-sampling-when-declared']);
    expect(result.points).toBe(result.maxPoints - 2);
  });

  it('the text in the system prompt is given to the model too', async () => {
    const text = patch(
      ref,
      PROMPT,
      "{ role: 'user', content: { type: 'text', text: 'Summarize the text in the system prompt.' } },",
    ).replace('maxTokens: 100,', 'maxTokens: 100, systemPrompt: args.text,');
    expect(failed(await grade(id, file(text)))).toEqual([]);
  });

  it('asking a client without sampling anyway', async () => {
    const text = patch(ref, 'if (!ctx.clientCapabilities.sampling) {', 'if (false) {');
    await expectCaught(id, file(text), 'no-sampling-without-capability');
  });

  it('throwing instead of answering with a tool error', async () => {
    const text = patch(
      ref,
      /return \{\s*content: \[\s*\{\s*type: 'text',\s*text: 'No summary[\s\S]*?isError: true,\s*\};/,
      "throw new Error('no sampling');",
    );
    await expectCaught(id, file(text), 'degrades-gracefully');
  });

  it('never using sampling, even when the client has it', async () => {
    const text = patch(ref, 'if (!ctx.clientCapabilities.sampling) {', 'if (true) {');
    await expectCaught(id, file(text), 'uses-sampling-when-declared');
  });

  it('a constant refusal earns nothing: never sampling is not the same as asking only when allowed', async () => {
    const text = patch(ref, 'if (!ctx.clientCapabilities.sampling) {', 'if (true) {');
    const result = await grade(id, file(text));
    expect(result.points).toBe(0);
    expect(
      result.checks.find((c) => c.name === 'no-sampling-without-capability')?.message.en,
    ).toMatch(/your code does this correctly; it counts once "uses-sampling-when-declared" passes/);
  });

  it('guessing from the order of the calls (the first one without sampling)', async () => {
    const text = patch(
      ref,
      'if (!ctx.clientCapabilities.sampling) {',
      'if (calls++ === 0) {',
    ).replace(
      'export async function summarizeText(',
      'let calls = 0;\nexport async function summarizeText(',
    );
    for (const seed of [1, 2, 3, 4]) {
      const result = await grade(id, file(text), seed);
      expect(result.status, `seed ${seed}`).toBe('failed');
    }
  });

  it('guessing from another capability (roots) instead of sampling', async () => {
    const text = patch(
      ref,
      'if (!ctx.clientCapabilities.sampling) {',
      'if (ctx.clientCapabilities.roots) {',
    );
    for (const seed of [1, 2, 3, 4]) {
      const result = await grade(id, file(text), seed);
      expect(result.status, `seed ${seed}`).toBe('failed');
    }
  });
});

describe('04-version-negotiation: wrong solutions', () => {
  const id = '04-version-negotiation';
  const ref = solution(id, 'versions.ts');
  const file = (text: string) => ({ 'versions.ts': text });

  it('functions that ignore their input (the highest version always; never accept) earn nothing', async () => {
    const text = `import type { ProtocolVersion, SupportedVersions } from './mcp-sim.js';
export function chooseVersion(_requested: ProtocolVersion, supported: SupportedVersions): ProtocolVersion {
  return [...supported].sort().at(-1) ?? '';
}
export function acceptVersion(_answered: ProtocolVersion, _supported: SupportedVersions): boolean {
  return false;
}
`;
    const result = await grade(id, file(text));
    expect(result.points).toBe(0);
    expect(failed(result)).toEqual(
      expect.arrayContaining(['server-offers-latest', 'client-rejects-unsupported']),
    );
  });

  it('a version choice that ignores the client’s', async () => {
    const text = patch(ref, 'if (supported.includes(requested)) return requested;', '');
    await expectCaught(id, file(text), 'server-keeps-supported');
  });

  it('the last of the list taken for the latest', async () => {
    const text = patch(ref, '[...supported].sort().at(-1)', 'supported.at(-1)');
    await expectCaught(id, file(text), 'server-offers-latest');
  });

  it('echoing whatever the client asked for', async () => {
    const text = patch(ref, 'return latest ?? requested;', 'return requested;');
    await expectCaught(id, file(text), 'server-offers-latest');
  });

  it('a client that accepts anything shaped like a date', async () => {
    const text = patch(
      ref,
      'return supported.includes(answered);',
      'return /^\\d{4}-\\d{2}-\\d{2}$/.test(answered);',
    );
    await expectCaught(id, file(text), 'client-rejects-unsupported');
  });

  it('a client that accepts nothing', async () => {
    const text = patch(ref, 'return supported.includes(answered);', 'return false;');
    await expectCaught(id, file(text), 'client-accepts-supported');
  });
});

describe('05-session-stats: wrong solutions', () => {
  const id = '05-session-stats';
  const ref = solution(id, 'stats.ts');
  const file = (text: string) => ({ 'stats.ts': text });

  it('hard-coded statistics of the recordings', async () => {
    // The right answers for the four recordings, looked up by their length.
    const { loadRecordings, traceOf } = await import('../../src/grader/index.js');
    const table = Object.fromEntries(
      loadRecordings().map((r) => [r.messages.length, traceOf(r.messages).summary]),
    );
    const text = `export function sessionStats(messages: readonly unknown[]) {
  const table: Record<number, object> = ${JSON.stringify(table)};
  const { violations: _v, ...stats } = (table[messages.length] ?? Object.values(table)[0]) as Record<string, unknown>;
  return stats;
}
`;
    const result = await expectCaught(id, file(text), 'generated-variants');
    // Every count is judged on generated sessions as well: a table earns none of them.
    for (const check of ['counts-kinds', 'counts-phases', 'ratio']) {
      expect(failed(result), check).toContain(check);
    }
  });

  it('names every session it replays in Chinese too (check 5 and 6 --lang zh say which one)', async () => {
    const { loadRecordings, makeVariants } = await import('../../src/grader/recordings.js');
    const { random } = await import('../../src/grader/rubrics/common.js');
    const sessions = [...loadRecordings(), ...makeVariants(loadRecordings(), random(1))];
    for (const { name } of sessions) {
      expect(englishProse(name.zh), name.zh).toBeUndefined();
      expect(name.zh, name.en).toMatch(/^[\w.-]+\.jsonl$|[\u4e00-\u9fff]/);
    }
  });

  // The recordings happen to have no error response: the generated sessions catch this one.
  it('error responses counted as responses too', async () => {
    const text = patch(
      ref,
      '} else if (message.error !== undefined) stats.errors += 1;',
      '} else if (message.error !== undefined) { stats.errors += 1; stats.responses += 1; }',
    );
    await expectCaught(id, file(text), 'generated-variants');
  });

  it('notifications/initialized counted as operation', async () => {
    const text = patch(
      ref,
      "    if (message.method === 'notifications/initialized') initialized = true;\n",
      '',
    ).replace(
      'if (initialized) stats.operation',
      "if (message.method === 'notifications/initialized') initialized = true;\n    if (initialized) stats.operation",
    );
    await expectCaught(id, file(text), 'counts-phases');
  });

  it('a ratio of 0 instead of null', async () => {
    const text = patch(ref, 'stats.operation === 0 ? null :', 'stats.operation === 0 ? 0 :');
    await expectCaught(id, file(text), 'ratio');
  });
});

describe('06-handshake-tracer: wrong solutions', () => {
  const id = '06-handshake-tracer';
  const ref = solution(id, 'labels.ts');
  const file = (text: string) => ({ 'labels.ts': text });

  it('responses without their request’s method', async () => {
    const text = patch(
      ref,
      'method = requests.get(key(opposite(direction), message.id)) ?? null;',
      'method = null;',
    );
    await expectCaught(id, file(text), 'methods');
  });

  it('a response matched by id alone, in the wrong id space', async () => {
    const text = patch(
      ref,
      'requests.get(key(opposite(direction), message.id))',
      'requests.get(key(direction, message.id))',
    );
    await expectCaught(id, file(text), 'methods');
  });

  // The reference's key for a pending request: the sender's direction, the id's type, the id.
  const KEY_LINE =
    ref
      .split('\n')
      .find((l) => l.trim().startsWith('const key = ('))
      ?.trim() ?? '';

  it.each([11, 4242, 987654])(
    'pending requests keyed by the id alone, both sides in one space (seed %i)',
    async (seed) => {
      const text = patch(
        ref,
        KEY_LINE,
        'const key = (_direction: string, id: string | number) => String(id);',
      );
      const result = await grade(id, file(text), seed);
      expect(failed(result)).toContain('methods');
    },
  );

  it('pending requests keyed by the id’s text, so 7 and "7" are one', async () => {
    // Without the id's type in the key.
    const text = patch(ref, KEY_LINE, KEY_LINE.replace(/\$\{typeof id\}:/, ''));
    await expectCaught(id, file(text), 'methods');
  });

  it('operation starting at the initialize result', async () => {
    const text = patch(
      ref,
      "if (message.method === 'notifications/initialized') initialized = true;",
      'if (message.result !== undefined) initialized = true;',
    );
    await expectCaught(id, file(text), 'phases');
  });

  it('list_changed gated by the primitive instead of its flag', async () => {
    const text = patch(
      ref,
      "capability: 'server.tools.listChanged',",
      "capability: 'server.tools',",
    );
    await expectCaught(id, file(text), 'capabilities');
  });

  it('logging taken for a primitive of its own', async () => {
    const text = patch(
      ref,
      "'notifications/message': { primitive: 'utility',",
      "'notifications/message': { primitive: 'logging' as Primitive,",
    );
    await expectCaught(id, file(text), 'primitives');
  });
});

describe('07-capability-quiz', () => {
  const id = '07-capability-quiz';
  const ref = solution(id, 'answers.yaml');

  it('a wrong answer fails its question and explains the idea, not the right letter', async () => {
    const result = await grade(id, { 'answers.yaml': patch(ref, /^q1: b$/m, 'q1: d') });
    expect(failed(result)).toEqual(['q1']);
    const q1 = result.checks.find((c) => c.name === 'q1');
    expect(q1?.message.en).toMatch(/not right: "d"/);
    expect(q1?.message.en).toMatch(/negotiated at initialize/);
    for (const text of [q1?.message.en, q1?.message.zh]) {
      expect(text).not.toMatch(/\bb\b|expected|clients see a new tool|list_changed/i);
    }
  });

  it('the 2026-07-28 questions: a wrong try names the idea, not the answer', async () => {
    const text = patch(patch(ref, /^q9: b$/m, 'q9: a'), /^q10: c$/m, 'q10: d');
    const result = await grade(id, { 'answers.yaml': text });
    expect(failed(result)).toEqual(['q9', 'q10']);
    const q9 = result.checks.find((c) => c.name === 'q9');
    const q10 = result.checks.find((c) => c.name === 'q10');
    expect(q9?.message.en).toMatch(/not right: "a"[\s\S]*recognised modern error/);
    expect(q10?.message.en).toMatch(/not right: "d"[\s\S]*Sessions are gone/);
    for (const text of [q9?.message.en, q9?.message.zh]) {
      expect(text).not.toMatch(/\bb\b|supported|retry|重试|expected/i);
    }
    for (const text of [q10?.message.en, q10?.message.zh]) {
      expect(text).not.toMatch(/\bc\b|HMAC|AEAD|attacker|tamper|攻击者|篡改|expected/i);
    }
  });

  it('three wrong answers are marked, each sent to the spec section that answers it', async () => {
    let text = patch(ref, /^q1: b$/m, 'q1: a');
    text = patch(text, /^q7: b$/m, 'q7: a');
    text = patch(text, /^q11: a$/m, 'q11: d');
    const result = await grade(id, { 'answers.yaml': text });
    expect(failed(result)).toEqual(['q1', 'q7', 'q11']);
    const message = (name: string) => result.checks.find((c) => c.name === name)?.message;
    expect(message('q1')?.en).toMatch(
      /^not right: "a"\.[\s\S]*\nread: `2025-11-25\/server\/tools › List Changed Notification`$/,
    );
    expect(message('q7')?.zh).toMatch(
      /请阅读：`2026-07-28\/basic\/versioning › Protocol Version Negotiation`$/,
    );
    expect(message('q11')?.en).toMatch(
      /read: `2026-07-28\/basic\/patterns\/subscriptions › Acknowledgment`$/,
    );
    expect(message('q2')?.en).toMatch(/^right\./);
    expect(result.points).toBe(result.maxPoints - 2 - 2 - 1);
  });

  it('with four wrong, no answer is marked: right and wrong ones read the same, and the count is not said', async () => {
    let text = patch(ref, /^q1: b$/m, 'q1: a');
    text = patch(text, /^q7: b$/m, 'q7: a');
    text = patch(text, /^q11: a$/m, 'q11: d');
    text = patch(text, /^q12: d$/m, 'q12: a');
    const result = await grade(id, { 'answers.yaml': text });
    expect(result.points).toBe(0);
    expect(failed(result)).toHaveLength(12);
    for (const check of result.checks) {
      const section = /read `(.+)`$/.exec(check.message.en)?.[1] ?? '';
      expect(check.message.en).toBe(
        `not marked yet: the quiz marks the answers once at most 3 of the 12 are wrong or missing (it does not say how many are now); for this one, read \`${section}\``,
      );
      expect(section).toMatch(/^20(25-11-25|26-07-28)\//);
      expect(check.message.zh).toMatch(/^尚未评判：.*这一题请阅读 `20/);
      expect(englishProse(check.message.zh), check.message.zh).toBeUndefined();
    }
  });

  it('answering a few questions at a time shows nothing: a missing answer counts as not right', async () => {
    const few = ref
      .split('\n')
      .filter((l) => !/^q([4-9]|1\d):/.test(l))
      .join('\n');
    const result = await grade(id, { 'answers.yaml': few });
    expect(result.points).toBe(0);
    for (const name of ['q1', 'q2', 'q3']) {
      expect(result.checks.find((c) => c.name === name)?.message.en).toMatch(/^not marked yet/);
    }
    expect(result.checks.find((c) => c.name === 'q4')?.message.en).toBe('not answered yet');
  });

  it('the modern questions take one letter each, like the others', async () => {
    const result = await grade(id, { 'answers.yaml': patch(ref, /^q12: d$/m, 'q12: d) or b') });
    expect(failed(result)).toEqual(['q12']);
    expect(result.checks.find((c) => c.name === 'q12')?.message.en).toMatch(/^give one letter/);
  });

  it('an unanswered question is not given away', async () => {
    const result = await grade(id, 'starter');
    for (const check of result.checks) expect(check.message.en).toBe('not answered yet');
  });

  it('answers are read leniently: case, quotes, "b)" and the full capability path', async () => {
    const text = patch(
      patch(ref, /^q1: b$/m, 'q1: "B)"'),
      /^q2: .*$/m,
      'q2: Server.Resources.Subscribe',
    );
    const result = await grade(id, { 'answers.yaml': text });
    expect(failed(result)).toEqual([]);
  });

  it('q2 asks for the capability flag: the method resources/subscribe is not it, and is told why', async () => {
    const method = await grade(id, {
      'answers.yaml': patch(ref, /^q2: .*$/m, 'q2: resources/subscribe'),
    });
    expect(failed(method)).toEqual(['q2']);
    const q2 = method.checks.find((c) => c.name === 'q2');
    expect(q2?.message.en).toMatch(/the request a client sends/);
    expect(q2?.message.en).not.toMatch(/resources\.subscribe/);
    const path = await grade(id, {
      'answers.yaml': patch(ref, /^q2: .*$/m, 'q2: capabilities.resources.subscribe'),
    });
    expect(failed(path)).toEqual([]);
  });

  it('a file that is not YAML is an error, in one line at the bracket never closed', async () => {
    const lines = solution(id, 'answers.yaml').split('\n');
    const at = lines.findIndex((l) => /^q1: /.test(l));
    lines[at] = 'q1: [b'; // yaml notices only at the next key, lines later
    const result = await grade(id, { 'answers.yaml': lines.join('\n') });
    expect(result.status).toBe('error');
    expect(failed(result)).toHaveLength(12);
    for (const check of result.checks) {
      expect(check.message).toEqual({
        en: `answers.yaml:${at + 1}:5: this [ is never closed with ]`,
        zh: `answers.yaml:${at + 1}:5：这里的 [ 没有用 ] 闭合`,
      });
    }
    const classroom = classroomJson([result], metas, 'en').tests[0];
    expect(classroom).toMatchObject({ status: 'error', line_no: at + 1 });
  });

  it('other YAML errors keep the library’s words and place, on one line', async () => {
    const result = await grade(id, { 'answers.yaml': 'q1: b\nq2: x: y\n' });
    expect(result.status).toBe('error');
    expect(result.checks[0]?.message.en).toMatch(/^answers\.yaml:2:\d+: [^\n:]+$/);
    // A colon inside an answer is what learners trip on: they are told to quote it.
    expect(result.checks[0]?.message.en).toMatch(/\(put an answer that holds a colon in quotes\)$/);
    expect(result.checks[0]?.message.zh).toMatch(/答案里有冒号时，请给整个答案加上引号）$/);
  });

  it('an answers.yaml far larger than any quiz is refused in one line, before it is parsed', async () => {
    // 10 answers and 200 000 comment lines (2.2 MB): a learner's mistake or a grader bomb alike.
    const text = `q1: b\n${'# padding padding\n'.repeat(200_000)}`;
    const result = await grade(id, { 'answers.yaml': text });
    expect(result.status).toBe('error');
    expect(result.checks[0]?.message.en).toMatch(
      /^answers\.yaml: 3\.\d MB is far more than a quiz's answers \(at most 64 kB:/,
    );
    expect(result.checks[0]?.message.en).not.toContain('\n');
    expect(result.checks[0]?.message.zh).toMatch(/^answers\.yaml：3\.\d MB/);
  });

  it('a missing answers.yaml is an error, in one line', async () => {
    const dir = workspace(id, 'starter');
    rmSync(join(dir, 'answers.yaml'));
    const result = await gradeExercise(meta(id), { dir, isolation: 'inline' });
    expect(result.status).toBe('error');
    expect(result.checks[0]?.message).toEqual({
      en: 'answers.yaml: no such file (the quiz reads your answers from it)',
      zh: 'answers.yaml：文件不存在（小测验从这个文件读取你的答案）',
    });
  });
});
