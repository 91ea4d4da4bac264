import { isObject, isStatelessVersion } from '../protocol/index.js';
import type { ModernAnswer, SessionContext } from './context.js';
import type { ModelMessage } from './events.js';
import { answeredRecord, isDiscoverResult } from './facts.js';
import { refusalDue } from './rules/modern-results.js';
import { show } from './rules/rule.js';

/**
 * What the wire shows of server/discover being implemented (2026-07-28 basic/versioning ›
 * Protocol Version Negotiation: "Servers MUST implement server/discover"). A -32601 to it is how a
 * legacy server answers a dual-era client's probe, and that is correct (basic/transports/stdio ›
 * Backward Compatibility); it is a fault only from a server the same transcript shows to be a
 * 2026-07-28 server, by an answer no legacy server sends.
 */

/** Codes 2026-07-28 defines that a server sends only to a request it read as 2026-07-28. */
const MODERN_ONLY_CODES = new Set([-32020, -32021]);

/**
 * The server's answer, when only a 2026-07-28 server sends it: a DiscoverResult, a result with
 * resultType (2026-07-28 basic/index › ResultType; no earlier revision has it), -32020 or -32021,
 * or -32022 whose data.supported names a modern revision (one naming only handshake revisions is
 * from a server that does not serve 2026-07-28). A second answer to one request shows nothing.
 */
export function modernAnswerOf(ctx: SessionContext, msg: ModelMessage): ModernAnswer | null {
  if (msg.receiver !== 'client' || msg.id === null) return null;
  const record = answeredRecord(ctx, msg);
  if (record?.status !== 'pending') return null;
  const { method } = record;
  const answer = (en: string, zh: string): ModernAnswer => ({
    method,
    id: msg.id ?? record.id,
    shows: { en, zh },
  });
  if (msg.envelope.kind === 'response') {
    if (method === 'server/discover' && isDiscoverResult(msg)) {
      return answer('a DiscoverResult', '一个 DiscoverResult');
    }
    const type = msg.envelope.result.resultType;
    if (record.declared === undefined || typeof type !== 'string') return null;
    return answer(`a result with resultType ${show(type)}`, `带 resultType ${show(type)} 的结果`);
  }
  if (msg.envelope.kind !== 'error') return null;
  const { code, data } = msg.envelope.error;
  if (MODERN_ONLY_CODES.has(code)) {
    return answer(
      `error ${code}, a code only 2026-07-28 defines`,
      `错误 ${code}，只有 2026-07-28 定义了这个错误码`,
    );
  }
  const supported = code === -32022 && isObject(data) ? data.supported : undefined;
  const modern = Array.isArray(supported) ? supported.filter(isStatelessVersion) : [];
  if (modern.length === 0) return null;
  return answer(
    `-32022 naming ${show(modern)} in data.supported`,
    `data.supported 中列出 ${show(modern)} 的 -32022`,
  );
}

/**
 * The server's -32601 (Method not found) to a server/discover: the server says it has no such
 * method. Not one to a discover the server had to refuse with another code anyway (a version it
 * does not serve, no envelope): version-not-refused and malformed-request-served judge that code.
 */
export function discoverUnfoundOf(ctx: SessionContext, msg: ModelMessage): boolean {
  if (msg.envelope.kind !== 'error' || msg.envelope.error.code !== -32601) return false;
  if (msg.receiver !== 'client') return false;
  const record = answeredRecord(ctx, msg);
  if (record?.status !== 'pending' || record.method !== 'server/discover') return false;
  return !refusalDue(ctx, record);
}

/** Keeps the server's first answer that shows it speaks 2026-07-28 (run before completeRequest). */
export function noteModernAnswer(ctx: SessionContext, msg: ModelMessage): Partial<SessionContext> {
  if (ctx.modernAnswer !== null) return {};
  const answer = modernAnswerOf(ctx, msg);
  return answer === null ? {} : { modernAnswer: answer };
}

/** Keeps the server's latest -32601 to a server/discover (run before completeRequest). */
export function noteDiscoverUnfound(
  ctx: SessionContext,
  msg: ModelMessage,
): Partial<SessionContext> {
  if (msg.id === null || !discoverUnfoundOf(ctx, msg)) return {};
  return { discoverUnfound: { id: msg.id } };
}
