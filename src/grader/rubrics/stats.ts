import { suggestCommand } from '../../invocation.js';
import type { TraceSummary } from '../../trace/index.js';
import { diffJson, formatDiff, lines } from '../diff.js';
import { loadRecordings, makeVariants, type Transcript, traceOf } from '../recordings.js';
import type { Runner } from '../runner.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, random } from './common.js';

const FIELDS = [
  'requests',
  'responses',
  'errors',
  'notifications',
  'lifecycle',
  'operation',
  'lifecycleToOperationRatio',
] as const;
type Field = (typeof FIELDS)[number];

type Outcome = { transcript: Transcript; expected: TraceSummary; seen: unknown };

async function statsFor(runner: Runner, transcripts: readonly Transcript[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const transcript of transcripts) {
    const outcome = await runner.call('sessionStats', [transcript.messages]);
    out.push({
      transcript,
      expected: traceOf(transcript.messages).summary,
      seen: outcome.ok ? outcome.value : `(threw) ${outcome.error}`,
    });
  }
  return out;
}

const close = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9);

function wrongIn(o: Outcome, fields: readonly Field[]): boolean {
  if (!isObject(o.seen)) return true;
  const seen = o.seen;
  return fields.some((f) => !close(o.expected[f], seen[f]));
}

function explain(o: Outcome, fields: readonly Field[]) {
  const pick = (v: unknown) =>
    Object.fromEntries(fields.map((f) => [f, isObject(v) ? v[f] : undefined]));
  const head = bi(
    `${o.transcript.name.en} (${o.transcript.messages.length} messages):`,
    `${o.transcript.name.zh}（${o.transcript.messages.length} 条消息）：`,
  );
  if (!isObject(o.seen)) {
    return lines(
      head,
      bi(
        `  expected an object, saw ${JSON.stringify(o.seen)}`,
        `  期望一个对象，实际 ${JSON.stringify(o.seen)}`,
      ),
    );
  }
  const ratio = o.expected.lifecycleToOperationRatio;
  const seenRatio = o.seen.lifecycleToOperationRatio;
  // 0.176 for 0.17647058823529413: the text report of `mcp-sim trace` rounds it, the summary does not.
  const rounded =
    fields.includes('lifecycleToOperationRatio') &&
    typeof ratio === 'number' &&
    typeof seenRatio === 'number' &&
    !close(ratio, seenRatio) &&
    Math.abs(ratio - seenRatio) < 0.0051;
  return lines(
    head,
    formatDiff(diffJson(pick(o.expected), pick(o.seen))),
    rounded
      ? bi(
          `  (rounded? return lifecycle / operation unrounded; \`${suggestCommand('trace --json')}\` shows the exact summary)`,
          `  （取整了吗？请返回不取整的 lifecycle / operation；\`${suggestCommand('trace --json')}\` 会显示精确的摘要）`,
        )
      : bi('', ''),
  );
}

export const statsRubric: Rubric = {
  id: '05-session-stats',
  checks: [
    {
      name: 'counts-kinds',
      points: 3,
      about: bi(
        'requests, responses, error responses and notifications, of the real recordings and of sessions generated at check time',
        '真实录制会话以及检查时生成的会话中的请求、回应、错误回应和通知数量',
      ),
    },
    {
      name: 'counts-phases',
      points: 2,
      about: bi(
        'messages of the initialization phase (up to and including notifications/initialized) and of the operation phase',
        '初始化阶段（直到并包括 notifications/initialized）和操作阶段的消息数量',
      ),
    },
    {
      name: 'ratio',
      points: 1,
      about: bi(
        'lifecycle / operation, or null when nothing reached the operation phase',
        'lifecycle / operation 的比值；没有消息进入操作阶段时为 null',
      ),
    },
    {
      name: 'generated-variants',
      points: 3,
      about: bi(
        'every field on sessions generated at check time from the recordings',
        '在检查时由录制会话生成的新会话上，每个字段都正确',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const runner = await ctx.runner();
    const recordings = loadRecordings();
    const variants = makeVariants(recordings, random(ctx.seed));
    const real = await statsFor(runner, recordings);
    const generated = await statsFor(runner, variants);
    const judge = (name: string, outcomes: Outcome[], fields: readonly Field[]) => {
      const wrong = outcomes.filter((o) => wrongIn(o, fields));
      const first = wrong[0];
      ctx.record(
        name,
        !first,
        first
          ? lines(
              explain(first, fields),
              wrong.length > 1
                ? bi(
                    `(${wrong.length} of ${outcomes.length} transcripts wrong)`,
                    `（${outcomes.length} 份记录中有 ${wrong.length} 份不对）`,
                  )
                : bi('', ''),
            )
          : OK,
      );
    };
    // Every field is judged on the generated sessions too: on the four recordings alone, answers
    // written down in advance (a table keyed on the number of messages) would pass.
    const all = [...real, ...generated];
    judge('counts-kinds', all, ['requests', 'responses', 'errors', 'notifications']);
    judge('counts-phases', all, ['lifecycle', 'operation']);
    judge('ratio', all, ['lifecycleToOperationRatio']);
    judge('generated-variants', generated, FIELDS);
  },
};
