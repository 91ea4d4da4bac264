import type { Bilingual } from '../../i18n/lang.js';
import type { JsonObject, RequestId } from '../../protocol/index.js';
import { any, diffJson, lines } from '../diff.js';
import { fn, type Runner, SIGNAL } from '../runner.js';
import {
  envelopeDiff,
  nameOf,
  openSession,
  S2C,
  type Sent,
  type SessionOptions,
  violationLines,
} from '../session.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, random, sleep } from './common.js';

/** How long the grader keeps listening after the result, for progress sent too late. */
const GRACE_MS = 60;
/**
 * How long after the last response the checks keep listening before judging: progress a timer
 * sends 1.5 s after the result went unnoticed with GRACE_MS alone. The exact wait comes from the
 * seed, so code cannot time itself to slip just past it.
 */
const LATE_MS = [2500, 3200] as const;
/** After notifications/cancelled, the tool must settle within this. */
const STOP_MS = 150;
/** How many times a slow stop is measured before it counts as slow (see `cancellation-stops`). */
const STOP_TRIES = 3;
/**
 * The least work the cancelled call has left when its cancellation comes, with one step besides:
 * a tool that stops sending progress but ignores extra.signal otherwise runs on at least this long
 * after it, well past STOP_MS. (With 3 steps of 8 ms left, as the check once allowed, such a tool
 * returned within STOP_MS and scored 13/13 on seven seeds in eight.)
 */
const LEFT_AFTER_CANCEL_MS = 200;

type Run = {
  readonly session: ReturnType<typeof openSession>;
  readonly progress: ReadonlyArray<{
    sent: Sent;
    at: number;
    /** ms from the call to the notification's arrival. */
    ms: number;
    afterResult: boolean;
    afterCancel: boolean;
  }>;
  readonly outcome: { ok: true; value: unknown } | { ok: false; error: string };
  readonly cancelled: boolean;
  /** ms from the grader's cancellation to the tool's return, or null when none reached the call. */
  readonly stoppedAfterMs: number | null;
  /** ms from the call to the tool's return. */
  readonly tookMs: number;
};

/** One tools/call of the learner's tool, with progress watched; `open` may hand back a session in use. */
export async function runTool(
  runner: Runner,
  options: {
    token?: string | number;
    steps: number;
    delayMs: number;
    cancelAfterProgress?: number;
    cancelAfterMs?: number;
    open?: (options: SessionOptions) => ReturnType<typeof openSession>;
  },
): Promise<Run> {
  const session = (options.open ?? openSession)({ serverCapabilities: { tools: {} } });
  const id: RequestId = session.client.allocateId();
  const meta = options.token === undefined ? undefined : { progressToken: options.token };
  session.fromClient({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'long_running_task',
      arguments: { steps: options.steps, delayMs: options.delayMs },
      ...(meta ? { _meta: meta } : {}),
    },
  });
  const progress: Array<Run['progress'][number]> = [];
  let answered = false;
  let cancelledAt: number | null = null;
  // When the grader sent the cancellation: how long the tool runs on is timed from here. The
  // child's report that the cancellation reached the call ($aborted) orders the progress sent
  // before it, but it comes from the learner's process, whose code can hold it back until it
  // returns (it shares the harness's process.send): timed from that report, a tool that worked on
  // through every step "stopped" at once.
  let abortedAt: number | null = null;
  const controller = new AbortController();
  const cancel = () => {
    if (controller.signal.aborted) return;
    abortedAt = performance.now();
    controller.abort();
  };
  const timer =
    options.cancelAfterMs === undefined ? undefined : setTimeout(cancel, options.cancelAfterMs);
  const calledAt = performance.now();
  const handlers = {
    notify: (notification: unknown) => {
      const body = isObject(notification) ? notification : { value: notification };
      const sent = session.send(S2C, { jsonrpc: '2.0', ...body } as JsonObject);
      if (sent.verdict.method === 'notifications/progress') {
        progress.push({
          sent,
          at: session.log.length - 1,
          ms: performance.now() - calledAt,
          afterResult: answered,
          afterCancel: cancelledAt !== null,
        });
        if (progress.length === options.cancelAfterProgress) cancel();
      }
    },
    $aborted: () => {
      // Only a cancellation the grader sent, once: the learner's process can post this event too.
      if (abortedAt === null || cancelledAt !== null) return;
      cancelledAt = performance.now();
      session.fromClient(session.client.cancel(id, 'The user cancelled the task'));
    },
  };
  const extra = {
    ...(meta ? { _meta: meta } : {}),
    requestId: id,
    signal: SIGNAL,
    sendNotification: fn('notify'),
  };
  const outcome = await runner.call(
    'longRunningTask',
    [{ steps: options.steps, delayMs: options.delayMs }, extra],
    { handlers, abort: controller.signal, timeoutMs: 3000 },
  );
  const returnedAt = performance.now();
  clearTimeout(timer);
  // A cancelled request gets no response (Cancellation › Behavior); otherwise the result goes out.
  if (cancelledAt === null) session.answer(id, outcome);
  answered = true;
  await sleep(GRACE_MS);
  return {
    session,
    progress,
    outcome,
    cancelled: cancelledAt !== null,
    stoppedAfterMs: cancelledAt === null || abortedAt === null ? null : returnedAt - abortedAt,
    tookMs: returnedAt - calledAt,
  };
}

/** What the request carried: its token, and for 0 that it counts as any other. */
const carried = (token: string | number): Bilingual =>
  token === 0
    ? bi(
        'the request carried the progressToken 0, a token like any other: "a string or integer value", 2025-11-25 basic/utilities/progress; test it with !== undefined, not for truth',
        '请求带有 progressToken 0，它和其他令牌一样有效：令牌是“字符串或整数”，见 2025-11-25 basic/utilities/progress；请用 !== undefined 判断，而不是判断真假',
      )
    : bi(
        `the request carried the progressToken ${JSON.stringify(token)}`,
        `请求带有 progressToken ${JSON.stringify(token)}`,
      );

/**
 * No progress from `run`, whose request carried `token`; when the call threw, that it did and what
 * (the error names its place in the learner's file), since a tool that throws before its first
 * step sends none either.
 */
const noProgress = (run: Run, token: string | number): Bilingual => {
  const why = carried(token);
  return run.outcome.ok
    ? bi(
        `expected: a notifications/progress after each step (${why.en}); saw: none`,
        `期望：每一步之后发送一条 notifications/progress（${why.zh}）；实际：一条也没有`,
      )
    : bi(
        `expected: a notifications/progress after each step (${why.en}); saw none: the tool threw ${run.outcome.error}`,
        `期望：每一步之后发送一条 notifications/progress（${why.zh}）；实际：一条也没有，工具抛出了错误：${run.outcome.error}`,
      );
};

/** The fields notifications/progress has (Progress › params); the first two are required. */
const PROGRESS_FIELDS = ['progressToken', 'progress', 'total', 'message', '_meta'] as const;

/**
 * The fields of a notification's params that are missing or not progress fields at all, as one
 * line (`missing progressToken; unexpected token`), or null when every name is right: a schema
 * error says only that progressToken is invalid, not that the token went under another name.
 */
export function fieldNames(params: unknown): Bilingual | null {
  const given = isObject(params) ? Object.keys(params) : [];
  const missing = PROGRESS_FIELDS.slice(0, 2).filter((k) => !given.includes(k));
  const unexpected = given.filter((k) => !(PROGRESS_FIELDS as readonly string[]).includes(k));
  if (missing.length === 0 && unexpected.length === 0) return null;
  const en: string[] = [];
  const zh: string[] = [];
  if (missing.length > 0) {
    en.push(`missing ${missing.join(', ')}`);
    zh.push(`缺少 ${missing.join('、')}`);
  }
  if (unexpected.length > 0) {
    en.push(`unexpected ${unexpected.join(', ')}`);
    zh.push(`多出 ${unexpected.join('、')}`);
  }
  return bi(
    `  /params: ${en.join('; ')} (a notifications/progress has ${PROGRESS_FIELDS.join(', ')})`,
    `  /params：${zh.join('；')}（notifications/progress 的字段是 ${PROGRESS_FIELDS.join('、')}）`,
  );
}

/** The least time `steps` waits of `delayMs` take, with room for a timer's rounding. */
const minimumMs = (plan: { readonly steps: number; readonly delayMs: number }) =>
  Math.floor(plan.steps * plan.delayMs * 0.8);

function bar(progress: number, total: number | undefined): string {
  const width = 20;
  if (total === undefined || total <= 0) return `[${'?'.repeat(width)}] ${progress}`;
  const filled = Math.max(0, Math.min(width, Math.round((progress / total) * width)));
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${progress}/${total}`;
}

export const progressRubric: Rubric = {
  id: '01-progress',
  checks: [
    {
      name: 'token-echoed',
      points: 2,
      about: bi(
        'every notifications/progress carries the progressToken of the request it reports on',
        '每条 notifications/progress 都带着它所报告的请求的 progressToken',
      ),
    },
    {
      name: 'progress-increases',
      points: 2,
      about: bi(
        'progress grows with every notification (one per step), none reported ahead of the work',
        '每条通知的 progress 都比上一条大（每一步一条），不会在工作完成之前就报告',
      ),
    },
    {
      name: 'total-given',
      points: 1,
      about: bi(
        'every notification gives `total` (the size of the work: the last one reports it done), and progress never goes past it',
        '每条通知都给出 `total`（即工作量：最后一条报告已完成），且 progress 不超过它',
      ),
    },
    {
      name: 'no-token-no-progress',
      requires: 'token-echoed',
      points: 2,
      about: bi(
        'a request without a progressToken gets no progress notifications',
        '没有 progressToken 的请求不会收到进度通知',
      ),
    },
    {
      name: 'progress-before-response',
      points: 2,
      about: bi(
        'all progress goes out before the result, none after it',
        '所有进度都在结果之前发出，结果之后一条也没有',
      ),
    },
    {
      name: 'cancellation-stops',
      points: 3,
      about: bi(
        `the tool works through its steps (delayMs each); after notifications/cancelled: no more progress, and it returns within ${STOP_MS} ms`,
        `工具逐步完成工作（每步 delayMs）；收到 notifications/cancelled 之后：不再发送进度，且工具在 ${STOP_MS} 毫秒内返回`,
      ),
    },
    {
      name: 'envelopes-valid',
      requires: 'token-echoed',
      points: 1,
      about: bi(
        'the referee finds no broken rule in the session',
        '裁判在整个会话中没有发现违反规则之处',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const rng = random(ctx.seed);
    const runner = await ctx.runner();
    // Every call looks alike (steps, delays, token shapes from the seed) and they come in an order
    // from the seed, so code cannot tell the cancelled run from the others and special-case it.
    const newToken = () => (rng.next() < 0.5 ? `task-${rng.word()}` : rng.int(1000, 99999));
    // Every shape leaves the cancelled call LEFT_AFTER_CANCEL_MS of steps after its cancellation:
    // with 20 ms a step it takes 11 steps past the first (ceil(200 / 20) + 1), so at least 12.
    const shape = () => ({ steps: rng.int(12, 16), delayMs: rng.int(20, 32) });
    const aShape = shape();
    const steps = aShape.steps;
    const cShape = shape();
    const left = Math.ceil(LEFT_AFTER_CANCEL_MS / cShape.delayMs) + 1;
    const cancelAt = rng.int(1, cShape.steps - left);
    const plans = {
      a: { token: newToken(), ...aShape },
      b: shape(),
      c: {
        token: newToken(),
        ...cShape,
        cancelAfterProgress: cancelAt,
        // Cancels anyway if no progress comes, a little after the step it was meant for.
        cancelAfterMs: cShape.delayMs * (cancelAt + 2) + 100,
      },
    };
    // One token a string, the other the number 0 (which one from the seed): a tool that turns the
    // token into text (`${token}`) or into a number echoes one of them wrong, and one that tests
    // the token for truth (`if (token)`) sends no progress for 0, a token like any other
    // ("a string or integer value", 2025-11-25 basic/utilities/progress), whatever the seed.
    const numberFirst = typeof plans.a.token === 'number';
    plans.a.token = numberFirst ? 0 : plans.a.token;
    const drawn = plans.c.token;
    plans.c.token = numberFirst ? (typeof drawn === 'string' ? drawn : `task-${drawn}`) : 0;
    const runs: Partial<Record<keyof typeof plans, Run>> = {};
    for (const key of rng.shuffle(['a', 'b', 'c'] as const)) {
      runs[key] = await runTool(runner, plans[key]);
    }
    await sleep(rng.int(...LATE_MS));
    const { a, b } = runs as Record<keyof typeof plans, Run>;
    let c = runs.c as Run;
    // How long the tool ran on after the cancellation is a time, and on a busy machine (a class's
    // grader, CI) the event loops of both processes can lag by hundreds of ms for a tool that
    // stops at once. A slow stop is measured again, up to twice more, and the quickest counts: a
    // tool that ignores extra.signal runs on every time, so the retries cannot pass it. The same
    // lag can let a tool that waits between its steps finish before the cancellation reaches it
    // (the cancellation only counts while the call runs): that run is tried again too, and a tool
    // that does not wait finishes first every time.
    let stoppedAfterMs = c.stoppedAfterMs;
    let tries = 1;
    while (tries < STOP_TRIES && (stoppedAfterMs === null || stoppedAfterMs > STOP_MS)) {
      const again = await runTool(runner, plans.c);
      tries += 1;
      if (!c.cancelled) {
        c = again;
        stoppedAfterMs = again.stoppedAfterMs;
      } else if (again.stoppedAfterMs !== null)
        stoppedAfterMs = Math.min(stoppedAfterMs ?? Number.POSITIVE_INFINITY, again.stoppedAfterMs);
    }
    const token = plans.a.token;
    const sentAny = a.progress.length > 0;
    // The runs that were not cancelled, one that returned sooner than its steps can take.
    const hurried = [
      { plan: plans.a, run: a },
      { plan: plans.b, run: b },
    ].find(({ plan, run }) => run.outcome.ok && run.tookMs < minimumMs(plan));

    // The learner's progress bar, as the lesson screen draws it.
    for (const p of a.progress) {
      const report = p.sent.verdict.progress;
      if (report) {
        ctx.show(`${bar(report.progress, report.total)}  ${report.message ?? ''}`.trimEnd());
      }
    }

    // token-echoed
    const expected = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress: any('number'),
        total: any('number', bi('the number of steps', '步数')),
        message: any('string', bi('(optional) a string', '（可选）一个字符串')),
      },
    };
    // Judged on both runs with a token: one is a string and the other a number.
    const badToken = [
      { run: a, token },
      { run: c, token: plans.c.token },
    ].flatMap(({ run, token }) => {
      const p = run.progress.find(
        (p) => (p.sent.message.params as JsonObject | undefined)?.progressToken !== token,
      );
      return p ? [{ ...p, token }] : [];
    })[0];
    if (!sentAny) ctx.record('token-echoed', false, noProgress(a, plans.a.token));
    else if (c.progress.length === 0) {
      const none = noProgress(c, plans.c.token);
      ctx.record(
        'token-echoed',
        false,
        bi(`${none.en} before its cancellation`, `${none.zh}（在取消之前）`),
      );
    } else if (badToken) {
      const seen = badToken.sent.message;
      const params = isObject(seen.params) ? seen.params : {};
      ctx.record(
        'token-echoed',
        false,
        lines(
          envelopeDiff(
            bi(
              `${nameOf(badToken.sent, badToken.at)} does not echo the request's token ${JSON.stringify(badToken.token)} (a ${typeof badToken.token}, as it came):`,
              `${nameOf(badToken.sent, badToken.at)} 没有原样带回请求的令牌 ${JSON.stringify(badToken.token)}（${typeof badToken.token === 'string' ? '字符串' : '数字'}，类型也要与请求中的一致）：`,
            ),
            diffJson(badToken.token, params.progressToken, '/params/progressToken'),
          ),
          fieldNames(params) ?? bi('', ''),
        ),
      );
    } else ctx.record('token-echoed', true, OK);

    // progress-increases
    const values = a.progress.map(
      (p) => (p.sent.message.params as JsonObject | undefined)?.progress,
    );
    const rule = a.session
      .violations()
      .filter((v) => v.violation.rule === 'progress-not-increasing');
    // The first notification that claims more of the work than the time since the call allows:
    // the steps before its own must each have waited delayMs. What it claims is its share of the
    // work (progress / total of the steps), and at least one step for every two notifications
    // before it and itself (a total inflated to make each share nothing does not hide them).
    const early = a.progress
      .map((p, i) => {
        const report = p.sent.verdict.progress;
        const total = report?.total;
        const share =
          report && typeof total === 'number' && total > 0 ? (report.progress / total) * steps : 0;
        return { p, claimed: Math.max(share, Math.floor((i + 1) / 2)) };
      })
      .find(
        ({ p, claimed }) =>
          p.ms <
          minimumMs({ steps: Math.max(0, Math.ceil(claimed) - 1), delayMs: plans.a.delayMs }),
      );
    if (!sentAny) ctx.record('progress-increases', false, noProgress(a, plans.a.token));
    else if (rule.length > 0 || values.some((v) => typeof v !== 'number')) {
      ctx.record(
        'progress-increases',
        false,
        lines(
          bi(
            `expected: a number larger than the one before, every time; saw: ${JSON.stringify(values)}`,
            `期望：每次都是比上一次更大的数字；实际：${JSON.stringify(values)}`,
          ),
          violationLines(rule),
        ),
      );
    } else if (a.progress.length < steps) {
      ctx.record(
        'progress-increases',
        false,
        bi(
          `expected: one notification per step (${steps} steps); saw: ${a.progress.length}`,
          `期望：每一步一条通知（共 ${steps} 步）；实际：${a.progress.length} 条`,
        ),
      );
    } else if (early) {
      // Timers never fire early (see minimumMs): a notification that claims a share of the work
      // before the steps in it could have been waited out was sent ahead of the work (a tool that
      // announces every step at once, then sleeps, passed every check).
      const { p, claimed } = early;
      const done = Math.max(0, Math.ceil(claimed) - 1);
      const least = minimumMs({ steps: done, delayMs: plans.a.delayMs });
      ctx.record(
        'progress-increases',
        false,
        bi(
          `expected: each notification when its step is done (${steps} steps of ${plans.a.delayMs} ms); saw ${nameOf(p.sent, p.at)} report ${JSON.stringify(p.sent.verdict.progress?.progress)} of ${JSON.stringify(p.sent.verdict.progress?.total)} after ${Math.round(p.ms)} ms, before ${done} steps could be done (at least ${least} ms): was the progress sent ahead of the work?`,
          `期望：每一步完成时发送一条通知（共 ${steps} 步，每步 ${plans.a.delayMs} 毫秒）；实际：${nameOf(p.sent, p.at)} 在 ${Math.round(p.ms)} 毫秒后就报告了 ${JSON.stringify(p.sent.verdict.progress?.total)} 中的 ${JSON.stringify(p.sent.verdict.progress?.progress)}，那时还不可能完成 ${done} 步（至少需要 ${least} 毫秒）：进度是不是在工作之前就发出了？`,
        ),
      );
    } else ctx.record('progress-increases', true, OK);

    // total-given
    const badTotal = a.progress.find((p) => {
      const params = (p.sent.message.params ?? {}) as JsonObject;
      return (
        typeof params.total !== 'number' ||
        typeof params.progress !== 'number' ||
        params.progress > params.total
      );
    });
    const last = a.progress.at(-1);
    const lastReport = last?.sent.verdict.progress;
    const lastShare =
      lastReport && typeof lastReport.total === 'number' && lastReport.total > 0
        ? lastReport.progress / lastReport.total
        : null;
    if (!sentAny) ctx.record('total-given', false, noProgress(a, plans.a.token));
    else if (badTotal) {
      ctx.record(
        'total-given',
        false,
        envelopeDiff(
          bi(
            `${nameOf(badTotal.sent, badTotal.at)}: \`total\` must be a number, at least \`progress\`:`,
            `${nameOf(badTotal.sent, badTotal.at)}：\`total\` 必须是数字，且不小于 \`progress\`：`,
          ),
          diffJson(expected, badTotal.sent.message),
        ),
      );
    } else if (lastShare !== null && lastShare < (steps - 1) / steps - 1e-9 && last) {
      // A total far above the work (Number.MAX_SAFE_INTEGER) makes every report a share of
      // nothing: the last one, as the work ends, must report it (nearly) done.
      const report = last.sent.verdict.progress;
      ctx.record(
        'total-given',
        false,
        bi(
          `expected: \`total\` the size of the work (the ${steps} steps, or the scale progress counts them in), so that the last notification, as the work ends, reports it done; saw ${nameOf(last.sent, last.at)} report ${JSON.stringify(report?.progress)} of ${JSON.stringify(report?.total)}`,
          `期望：\`total\` 就是工作量（${steps} 步，或 progress 计数所用的刻度），这样工作结束时的最后一条通知会报告已完成；实际：${nameOf(last.sent, last.at)} 报告的是 ${JSON.stringify(report?.total)} 中的 ${JSON.stringify(report?.progress)}`,
        ),
      );
    } else ctx.record('total-given', true, OK);

    // no-token-no-progress
    if (b.progress.length > 0) {
      ctx.record(
        'no-token-no-progress',
        false,
        lines(
          bi(
            `the request had no _meta.progressToken, so expected: no progress; saw: ${b.progress.length} notifications/progress`,
            `请求没有 _meta.progressToken，所以期望：没有进度；实际：${b.progress.length} 条 notifications/progress`,
          ),
          violationLines(b.session.violations()),
        ),
      );
    } else if (!b.outcome.ok) {
      ctx.record(
        'no-token-no-progress',
        false,
        bi(
          `expected: the tool still works without a token; saw it throw: ${b.outcome.error}`,
          `期望：没有令牌时工具照常工作；实际：它抛出了错误：${b.outcome.error}`,
        ),
      );
    } else ctx.record('no-token-no-progress', true, OK);

    // progress-before-response
    const late = a.progress.filter((p) => p.afterResult);
    if (!sentAny) ctx.record('progress-before-response', false, noProgress(a, plans.a.token));
    else if (!a.outcome.ok) {
      ctx.record(
        'progress-before-response',
        false,
        bi(
          `expected: a result after the last step; saw the tool throw: ${a.outcome.error}`,
          `期望：最后一步之后返回结果；实际：工具抛出了错误：${a.outcome.error}`,
        ),
      );
    } else if (late.length > 0) {
      ctx.record(
        'progress-before-response',
        false,
        lines(
          bi(
            `expected: no progress after the result; saw ${late.length} after it (sent without awaiting, or from a timer?)`,
            `期望：结果之后不再有进度；实际：结果之后还有 ${late.length} 条（没有 await 就发送，或来自定时器？）`,
          ),
          violationLines(a.session.violations()),
        ),
      );
    } else ctx.record('progress-before-response', true, OK);

    // cancellation-stops
    const afterCancel = c.progress.filter((p) => p.afterCancel);
    const before = c.progress.length - afterCancel.length;
    if (before === 0 && !c.outcome.ok && !c.cancelled) {
      ctx.record(
        'cancellation-stops',
        false,
        bi(
          `expected: progress, then silence after the client cancels; saw no progress: the tool threw ${c.outcome.error}`,
          `期望：先有进度，客户端取消后不再发送；实际：没有任何进度，工具抛出了错误：${c.outcome.error}`,
        ),
      );
    } else if (before === 0) {
      ctx.record(
        'cancellation-stops',
        false,
        bi(
          'expected: progress, then silence after the client cancels; saw no progress before the cancellation',
          '期望：先有进度，客户端取消后不再发送；实际：取消之前没有任何进度',
        ),
      );
    } else if (afterCancel.length > 0) {
      // "More" is the notifications after the cancellation, listed as such: the session's other
      // verdicts (a schema error on every notification, say) belong to envelopes-valid.
      const cancelledAt = c.session.log.findIndex(
        (step) => step.verdict.method === 'notifications/cancelled',
      );
      const cancelStep = c.session.log[cancelledAt];
      const cancelName = cancelStep ? nameOf(cancelStep, cancelledAt) : '';
      const shownMore = afterCancel.slice(0, 4);
      const more = afterCancel.length - shownMore.length;
      const listed = shownMore.map(
        (p) => `  ${nameOf(p.sent, p.at)} ${JSON.stringify(p.sent.message.params ?? {})}`,
      );
      if (more > 0) listed.push(`  …`);
      ctx.record(
        'cancellation-stops',
        false,
        lines(
          bi(
            `expected: no progress after notifications/cancelled${cancelName ? ` (${cancelName})` : ''}; saw ${afterCancel.length} more:`,
            `期望：notifications/cancelled${cancelName ? `（${cancelName}）` : ''} 之后不再有进度；实际：又发送了 ${afterCancel.length} 条：`,
          ),
          bi(listed.join('\n'), listed.join('\n')),
        ),
      );
    } else if (hurried) {
      // Timers never fire early by more than a millisecond: a tool that waits delayMs per step
      // takes at least most of steps × delayMs however loaded the machine, one that skips the
      // waits gives a client nothing to cancel (the cancellation only lands between its awaits).
      const { plan, run } = hurried;
      ctx.record(
        'cancellation-stops',
        false,
        bi(
          `expected: the tool works through its ${plan.steps} steps of ${plan.delayMs} ms (at least ${minimumMs(plan)} ms), so that a client can cancel it while it runs; saw it return after ${Math.round(run.tookMs)} ms (does it wait delayMs between steps?)`,
          `期望：工具完成 ${plan.steps} 步、每步 ${plan.delayMs} 毫秒的工作（至少 ${minimumMs(plan)} 毫秒），客户端才能在它运行时取消它；实际：它在 ${Math.round(run.tookMs)} 毫秒后就返回了（每一步之间是否等待了 delayMs？）`,
        ),
      );
    } else if (!c.cancelled) {
      ctx.record(
        'cancellation-stops',
        false,
        bi(
          `expected: the tool still running (${plans.c.steps} steps of ${plans.c.delayMs} ms) when the client's cancellation after progress ${cancelAt} reaches it; saw it return before that${tries > 1 ? `, in each of ${tries} tries` : ''} (does it wait delayMs between steps?)`,
          `期望：客户端在第 ${cancelAt} 条进度之后发出的取消到达时工具仍在运行（${plans.c.steps} 步，每步 ${plans.c.delayMs} 毫秒）；实际：它在那之前就返回了${tries > 1 ? `，${tries} 次尝试都是如此` : ''}（每一步之间是否等待了 delayMs？）`,
        ),
      );
    } else if (stoppedAfterMs === null || stoppedAfterMs > STOP_MS) {
      ctx.record(
        'cancellation-stops',
        false,
        bi(
          `expected: the tool returns within ${STOP_MS} ms of the cancellation (extra.signal is aborted); saw it run on for ${Math.round(stoppedAfterMs ?? 0)} ms${tries > 1 ? ` (the quickest of ${tries} tries)` : ''}`,
          `期望：取消后 ${STOP_MS} 毫秒内工具返回（extra.signal 已中止）；实际：它又运行了 ${Math.round(stoppedAfterMs ?? 0)} 毫秒${tries > 1 ? `（${tries} 次中最快的一次）` : ''}`,
        ),
      );
    } else ctx.record('cancellation-stops', true, OK);

    // envelopes-valid
    const all = [...a.session.violations(), ...b.session.violations(), ...c.session.violations()];
    if (all.length > 0) {
      const misnamed = [...a.progress, ...c.progress]
        .map((p) => fieldNames(p.sent.message.params))
        .find((line) => line !== null);
      ctx.record(
        'envelopes-valid',
        false,
        lines(
          bi(
            `expected: no broken rule; the referee found ${all.length}:`,
            `期望：不违反任何规则；裁判发现 ${all.length} 处：`,
          ),
          violationLines(all),
          misnamed ?? bi('', ''),
        ),
      );
    } else if (!a.outcome.ok) {
      ctx.record(
        'envelopes-valid',
        false,
        bi(
          `expected: the tool returns a CallToolResult ({content: [...]}); saw the tool throw: ${a.outcome.error}`,
          `期望：工具返回 CallToolResult（{content: [...]}）；实际：工具抛出了错误：${a.outcome.error}`,
        ),
      );
    } else if (!isObject(a.outcome.value)) {
      ctx.record(
        'envelopes-valid',
        false,
        bi(
          'expected: the tool returns a CallToolResult ({content: [...]}); saw no result',
          '期望：工具返回 CallToolResult（{content: [...]}）；实际：没有结果',
        ),
      );
    } else ctx.record('envelopes-valid', true, OK);
  },
};
