import type { Bilingual, Side } from '../../protocol/index.js';
import { isObject, type JsonObject, jsonText, pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';

export type Severity = 'error' | 'warning';

export type RuleDefinition = {
  /** `error` breaks a MUST; `warning` breaks a SHOULD. */
  readonly severity: Severity;
  /**
   * Spec page (path under docs/specification/<version>/) and section: an identifier, the same in
   * every language.
   */
  readonly spec: string;
  /** What the section asks for here, when its name alone does not say it. */
  readonly specNote?: Bilingual;
  /**
   * For a rule both eras judge, where 2026-07-28 states it when that is another page or other
   * words (utilities/ became patterns/; an id is taken only while its request waits): a
   * modern session cites this instead.
   */
  readonly modern?: { readonly spec: string; readonly specNote?: Bilingual };
  readonly title: Bilingual;
};

/**
 * What a check found wrong: the message in both languages, and a severity, or the spec section
 * that states it, when they vary with the case (one rule, several sentences of the spec).
 */
export type Finding = Bilingual & {
  readonly severity?: Severity;
  readonly cite?: { readonly spec: string; readonly specNote?: Bilingual };
  /** Where in the message the finding is, as a JSON pointer, when the check knows it. */
  readonly pointer?: string;
};

/**
 * A rule's check: does `msg`, arriving in the session `ctx` describes (before the message changed
 * anything), break the rule? Pure; returns null when the rule does not apply or holds.
 */
export type Check = (ctx: SessionContext, msg: ModelMessage) => Finding | readonly Finding[] | null;

/** One row of the rule table: a rule's id, its definition, and its check, side by side. */
export type RuleRow = RuleDefinition & { readonly id: string; readonly check: Check };

/**
 * Where a finding about some keys of the object at `parent` points: at the key when it is one,
 * else at the object that holds them (one pointer per finding, and its words name every key).
 */
export const keysAt = (parent: string, keys: readonly string[]): string =>
  keys.length === 1 ? `${parent}/${pointerToken(keys[0] as string)}` : parent;

/**
 * Where a finding about `keys` of a request's or notification's `_meta` points: `keysAt` there,
 * or, when the message has no `_meta` object (or no params), the first of the two it lacks.
 */
export function metaKeysAt(params: JsonObject | undefined, keys: readonly string[]): string {
  if (params === undefined) return '/params';
  return isObject(params._meta) ? keysAt('/params/_meta', keys) : '/params/_meta';
}

/** A value as JSON, as a finding quotes it (an exact id past 2^53 − 1 as its digits). */
export const show = (value: unknown) => jsonText(value);

/**
 * What a 2026-07-28 finding after `notifications/cancelled` adds, for an answer or for progress:
 * stdio's MUST NOT, and why it stays a warning (cancellation › Timing Considerations).
 */
export function stdioCancellationRace(what: 'answer' | 'progress' | 'notification'): Bilingual {
  const en = { answer: 'An answer', progress: 'Progress', notification: 'A notification' }[what];
  const zh = { answer: '回应', progress: '进度', notification: '通知' }[what];
  return {
    en: `, and over stdio it must send nothing more for it once the cancellation has arrived. ${en} already on its way when it arrived is a race the spec names (cancellation › Timing Considerations), and a transcript cannot tell the two apart: a warning`,
    zh: `，通过 stdio 时，收到取消之后不得再为它发送任何消息。取消到达时已经在路上的${zh}是规范提到的竞态（cancellation › Timing Considerations），记录无法区分这两种情况，所以这是一条警告`,
  };
}

/** A side's name in Simplified Chinese. */
export const sideZh = (side: Side) => (side === 'client' ? '客户端' : '服务器');
