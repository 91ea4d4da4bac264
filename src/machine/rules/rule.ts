import type { Bilingual, Side } from '../../protocol/index.js';
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

/** What a check found wrong: the message in both languages, and a severity when it varies. */
export type Finding = Bilingual & { readonly severity?: Severity };

/**
 * A rule's check: does `msg`, arriving in the session `ctx` describes (before the message changed
 * anything), break the rule? Pure; returns null when the rule does not apply or holds.
 */
export type Check = (ctx: SessionContext, msg: ModelMessage) => Finding | readonly Finding[] | null;

/** One row of the rule table: a rule's id, its definition, and its check, side by side. */
export type RuleRow = RuleDefinition & { readonly id: string; readonly check: Check };

export const show = (value: unknown) => JSON.stringify(value);

/** A side's name in Simplified Chinese. */
export const sideZh = (side: Side) => (side === 'client' ? '客户端' : '服务器');
