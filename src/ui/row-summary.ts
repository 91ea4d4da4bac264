import { idText } from '../protocol/envelope.js';
import { isObject, type JsonObject } from '../protocol/json.js';
import { visible } from '../protocol/visible.js';
import type { ScreenStep } from './screen-step.js';

const objectOf = (value: unknown): JsonObject | null => (isObject(value) ? value : null);

/** Longer than this, a word is cut: a row is one line, and a name can be a whole file. */
const MAX_WORD = 60;

/**
 * A string or number field as text; anything else is nothing to show. The envelope is kept as
 * sent (screenStep makes only the rest visible), so a control character is written out here.
 */
function word(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value !== 'string') return '';
  return visible(value.length > MAX_WORD ? `${value.slice(0, MAX_WORD - 1)}…` : value);
}

/** What a request names, per method: the one field a reader looks for first. */
const NAMED_BY = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'resources/subscribe': 'uri',
  'resources/unsubscribe': 'uri',
} as const satisfies Record<string, string>;

function nameIn(method: string | null, params: unknown): string {
  if (method === null || !Object.hasOwn(NAMED_BY, method)) return '';
  return word(objectOf(params)?.[NAMED_BY[method as keyof typeof NAMED_BY]]);
}

/**
 * The request a response answers: the latest request of the other side with its id, before it.
 * A backward walk from the response, made once per row (rows are memoised).
 */
function answeredRequest(step: ScreenStep, steps: readonly ScreenStep[]): ScreenStep | null {
  const id = step.report?.id;
  if (id === null || id === undefined) return null;
  for (let at = Math.min(step.index, steps.length) - 1; at >= 0; at -= 1) {
    const s = steps[at];
    if (s?.report?.kind === 'request' && s.report.id === id && s.direction !== step.direction)
      return s;
  }
  return null;
}

/**
 * One word that says what a message is about, beside its `method #id`: the tool called (on the
 * call and on its result), the progress reported, an error's code, the prompt or resource asked
 * for, `input_required` for a modern round that asks the client for more, `task` for a
 * CreateTaskResult, a pushed task's status. Empty when nothing fits. `steps` is the list the step belongs to, for a result to name what was asked.
 */
export function rowSummary(step: ScreenStep, steps: readonly ScreenStep[]): string {
  const report = step.report;
  const message = step.message;
  if (report === null || message === null) return '';
  switch (report.kind) {
    case 'error':
      return word(objectOf(message.error)?.code);
    case 'response': {
      const result = objectOf(message.result);
      // A modern round that asks the client for more, or a task handed out instead of the result
      // (tasks extension › Polymorphic Results): the result's type is what the row says.
      if (result?.resultType === 'input_required' || result?.resultType === 'task')
        return result.resultType;
      return nameIn(report.method, answeredRequest(step, steps)?.message?.params);
    }
    case 'request':
      return nameIn(report.method, message.params);
    case 'notification':
      return notificationSummary(report.method, message.params, report.progress);
    default:
      return '';
  }
}

function notificationSummary(
  method: string | null,
  params: unknown,
  progress: NonNullable<ScreenStep['report']>['progress'],
): string {
  const p = objectOf(params);
  switch (method) {
    case 'notifications/progress': {
      const done = progress?.progress ?? p?.progress;
      const total = progress?.total ?? p?.total;
      const shown = word(done);
      return shown === '' ? '' : word(total) === '' ? shown : `${shown}/${word(total)}`;
    }
    case 'notifications/cancelled':
      return typeof p?.requestId === 'string' ||
        typeof p?.requestId === 'number' ||
        typeof p?.requestId === 'bigint'
        ? `#${word(idText(p.requestId))}`
        : '';
    case 'notifications/resources/updated':
      return word(p?.uri);
    case 'notifications/message':
      return word(p?.level);
    // The task it pushes, by its status (tasks extension › Task Status Notifications).
    case 'notifications/tasks':
      return word(p?.status);
    default:
      return '';
  }
}

/**
 * `+456ms`, `+1.25s`, `+12.3s`, `+125s`, `+21m`, `+30h`, `+12d`: at most six columns, for the
 * time column (a recording's `t_ms` can be anything: past 9999 days it says so).
 */
export function formatTime(ms: number): string {
  const t = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (t < 999.5) return `+${Math.round(t)}ms`;
  const s = t / 1000;
  if (s < 9.995) return `+${s.toFixed(2)}s`;
  if (s < 99.95) return `+${s.toFixed(1)}s`;
  if (s < 999.5) return `+${Math.round(s)}s`;
  const m = s / 60;
  if (m < 99.5) return `+${Math.round(m)}m`;
  const h = m / 60;
  if (h < 99.5) return `+${Math.round(h)}h`;
  const d = h / 24;
  return d < 9999.5 ? `+${Math.round(d)}d` : '>9999d';
}
