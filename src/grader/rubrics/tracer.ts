import type { TraceLabel } from '../../trace/index.js';
import { diffJson, formatDiff, lines } from '../diff.js';
import { loadRecordings, makeVariants, type Transcript, traceOf } from '../recordings.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, random } from './common.js';

const FIELDS = ['kind', 'method', 'primitive', 'phase', 'capability'] as const;
type Field = (typeof FIELDS)[number];

type Outcome = { transcript: Transcript; expected: TraceLabel[]; seen: unknown };

/** Where the labels first go wrong; `count` when they are a list of the wrong length. */
type Mismatch = { index: number; seen: unknown; count?: number };

function mismatch(o: Outcome, field: Field): Mismatch | null {
  if (!Array.isArray(o.seen)) return { index: -1, seen: o.seen };
  const seen = o.seen;
  if (seen.length !== o.expected.length) return { index: -1, seen, count: seen.length };
  const index = o.expected.findIndex((label, i) => {
    const got = seen[i];
    return !isObject(got) || (got[field] ?? null) !== label[field];
  });
  return index === -1 ? null : { index, seen: seen[index] };
}

function explain(o: Outcome, field: Field, wrong: Mismatch) {
  if (wrong.index === -1) {
    const value = typeof wrong.seen === 'string' ? wrong.seen : JSON.stringify(wrong.seen);
    const saw =
      wrong.count === undefined
        ? bi(value, value)
        : bi(`${wrong.count} labels`, `${wrong.count} 个标签`);
    return bi(
      `${o.transcript.name.en}: expected one label per message (${o.expected.length}); saw ${saw.en}`,
      `${o.transcript.name.zh}：期望每条消息一个标签（${o.expected.length} 个）；实际 ${saw.zh}`,
    );
  }
  const label = o.expected[wrong.index] as TraceLabel;
  const message = JSON.stringify(o.transcript.messages[wrong.index]?.message ?? null);
  const shown = message.length > 160 ? `${message.slice(0, 157)}...` : message;
  const pick = (v: unknown) =>
    Object.fromEntries(FIELDS.map((f) => [f, isObject(v) ? (v[f] ?? null) : undefined]));
  return lines(
    bi(
      `${o.transcript.name.en}, message ${wrong.index + 1} (${label.direction}): ${shown}`,
      `${o.transcript.name.zh}，第 ${wrong.index + 1} 条消息（${label.direction}）：${shown}`,
    ),
    formatDiff(diffJson(pick(label), pick(wrong.seen)).filter((d) => d.pointer === `/${field}`)),
  );
}

export const tracerRubric: Rubric = {
  id: '06-handshake-tracer',
  checks: [
    {
      name: 'kinds',
      requires: 'phases',
      points: 1,
      about: bi(
        'request, response, error or notification, for every message',
        '每条消息的类型：request、response、error 或 notification',
      ),
    },
    {
      name: 'methods',
      points: 2,
      about: bi(
        'the method, also on a response (the method of the request it answers)',
        '方法名；回应也要标出（它所回应的请求的方法）',
      ),
    },
    {
      name: 'primitives',
      points: 2,
      about: bi(
        'the primitive (tools, resources, …, lifecycle, utility)',
        '所属原语（tools、resources……lifecycle、utility）',
      ),
    },
    {
      name: 'phases',
      points: 2,
      about: bi(
        'initialization up to and including notifications/initialized, operation after it',
        '直到并包括 notifications/initialized 为 initialization，之后为 operation',
      ),
    },
    {
      name: 'capabilities',
      points: 2,
      about: bi(
        'the capability that gates the message, such as server.tools or client.roots, or null',
        '约束该消息的能力，例如 server.tools 或 client.roots，没有则为 null',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const runner = await ctx.runner();
    const recordings = loadRecordings();
    const transcripts = [...recordings, ...makeVariants(recordings, random(ctx.seed), 1)];
    const outcomes: Outcome[] = [];
    for (const transcript of transcripts) {
      const outcome = await runner.call('labelMessages', [transcript.messages]);
      outcomes.push({
        transcript,
        expected: traceOf(transcript.messages).labels,
        seen: outcome.ok ? outcome.value : `(threw) ${outcome.error}`,
      });
    }
    const names: Record<Field, string> = {
      kind: 'kinds',
      method: 'methods',
      primitive: 'primitives',
      phase: 'phases',
      capability: 'capabilities',
    };
    for (const field of FIELDS) {
      let message = OK;
      let passed = true;
      for (const o of outcomes) {
        const wrong = mismatch(o, field);
        if (wrong) {
          passed = false;
          message = explain(o, field, wrong);
          break;
        }
      }
      ctx.record(names[field], passed, message);
    }
  },
};
