import { isObject } from '../../protocol/index.js';
import { pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { resultOrigin } from '../facts.js';
import { retriedRound } from '../records-streams.js';
import { type Finding, type RuleRow, show } from './rule.js';

/** Each root of a ListRootsResult whose uri is not file://, with its JSON pointer. */
function rootsNotFile(result: unknown, at: string): { uri: string; at: string }[] {
  const roots = isObject(result) ? result.roots : undefined;
  if (!Array.isArray(roots)) return [];
  return roots.flatMap((root, i) => {
    const uri = isObject(root) ? root.uri : undefined;
    // A uri that is no string is invalid-result's; a scheme is case-insensitive (RFC 3986 § 3.1).
    if (typeof uri !== 'string' || /^file:\/\//i.test(uri)) return [];
    return [{ uri, at: `${at}/roots/${i}/uri` }];
  });
}

/**
 * The client's roots/list answers a message carries, each with what asked for it: in the
 * handshake era its result (also through tasks/result, for a roots/list run as a task); in
 * 2026-07-28 a retry's inputResponses answering a round's roots/list input requests (client/roots
 * › Listing Roots).
 */
function rootAnswers(
  ctx: SessionContext,
  msg: ModelMessage,
): { result: unknown; at: string; asked: string }[] {
  if (msg.sender !== 'client') return [];
  if (ctx.era === 'modern') {
    const { round } = retriedRound(ctx, msg);
    const given = msg.params?.inputResponses;
    if (!round || !isObject(given)) return [];
    return round.keys
      .filter((key) => round.methods[key] === 'roots/list' && Object.hasOwn(given, key))
      .map((key) => ({
        result: given[key],
        at: `/params/inputResponses/${pointerToken(key)}`,
        asked: `roots/list ${show(key)}`,
      }));
  }
  if (msg.envelope.kind !== 'response') return [];
  const origin = resultOrigin(ctx, msg);
  if (origin?.record.method !== 'roots/list' || origin.record.status === 'answered') return [];
  return [{ result: msg.envelope.result, at: '/result', asked: `roots/list #${show(msg.id)}` }];
}

/** client/roots › Data Types › Root (every revision: 2024-11-05 to 2026-07-28). */
export const ROOT_RULES = [
  {
    id: 'root-uri-not-file',
    severity: 'error',
    spec: '2025-11-25/client/roots › Root',
    specNote: {
      en: 'a root’s uri MUST be a file:// URI in the current specification',
      zh: '在当前规范中，根目录的 uri 必须是 file:// URI',
    },
    modern: { spec: '2026-07-28/client/roots › Root' },
    title: { en: 'Root URI not file://', zh: '根目录的 URI 不是 file://' },
    check: (ctx, msg) => {
      const findings: Finding[] = [];
      for (const { result, at, asked } of rootAnswers(ctx, msg)) {
        for (const root of rootsNotFile(result, at)) {
          findings.push({
            pointer: root.at,
            en: `the answer to ${asked} lists the root ${show(root.uri)} (at ${root.at}), which is not a file:// URI; a root MUST be one: list the folder on this machine (file:///…), and give the server a web address some other way (a tool argument, a resource)`,
            zh: `对 ${asked} 的回应列出了根目录 ${show(root.uri)}（位置 ${root.at}），它不是 file:// URI；根目录必须是 file:// URI：请列出本机上的目录（file:///…），网址则换一种方式交给服务器（工具参数、资源）`,
          });
        }
      }
      return findings.length > 0 ? findings : null;
    },
  },
] as const satisfies readonly RuleRow[];
