import { LOG_LEVELS, severityOf } from '../../protocol/log-levels.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import { type RuleRow, show } from './rule.js';

/**
 * The least severe level any client request still waiting for its answer asked for in its _meta
 * (2026-07-28: each request sets its own), or null when none did.
 */
function mostVerboseAsked(ctx: SessionContext): string | null {
  if (ctx.ledger.logging === 0) return null;
  let found: string | null = null;
  for (const record of ctx.ledger.requests.client.values()) {
    const level = record.status === 'pending' ? record.declared?.logLevel : null;
    if (level == null || severityOf(level) < 0) continue;
    if (found === null || severityOf(level) < severityOf(found)) found = level;
  }
  return found;
}

/** The eight levels, quoted, as a finding lists them. */
const LEVEL_LIST = LOG_LEVELS.map((l) => `"${l}"`).join(', ');

/**
 * Logs at the level the client asked for and above, never below: a warning in both eras, since
 * neither says MUST. The handshake era's level is set by logging/setLevel ("the server should send
 * all logs at this level and higher", its schema; the flow shows "only sends error level and
 * above"); 2026-07-28's by each request's io.modelcontextprotocol/logLevel (the server MAY send
 * notifications "at or above the requested level").
 */
export const LOGGING_RULES = [
  {
    id: 'log-below-level',
    severity: 'warning',
    spec: '2025-11-25/server/utilities/logging › Setting Log Level',
    // A 2026-07-28 finding cites Per-request log level instead.
    specNote: {
      en: 'the server sends logs at the level the client set and above (more severe)',
      zh: '服务器发送客户端所设级别及以上（更严重）的日志',
    },
    title: { en: 'Log message below the level asked for', zh: '日志级别低于所要求的级别' },
    check: (ctx: SessionContext, msg: ModelMessage) => {
      if (msg.type !== 'server.notification' || msg.method !== 'notifications/message') {
        return null;
      }
      const level = msg.params?.level;
      if (severityOf(level) < 0) return null; // not a level: the schema rule says so
      if (ctx.era === 'modern') {
        const asked = mostVerboseAsked(ctx);
        if (asked === null || severityOf(level) >= severityOf(asked)) return null;
        return {
          pointer: '/params/level',
          cite: {
            spec: `${ctx.ruleVersion}/server/utilities/logging › Per-request log level`,
            specNote: {
              en: 'the server MAY send log messages at or above the requested level',
              zh: '服务器可以发送所要求级别及以上的日志消息',
            },
          },
          en: `notifications/message at level ${show(level)}, below "${asked}", the least severe level any request waiting for its answer asked for in _meta["io.modelcontextprotocol/logLevel"]; a request's log messages are at or above the level it requested`,
          zh: `notifications/message 的级别为 ${show(level)}，低于 "${asked}"——仍在等待回应的请求在 _meta["io.modelcontextprotocol/logLevel"] 中所要求的最低级别；一个请求的日志消息应当不低于它所要求的级别`,
        };
      }
      const set = ctx.ledger.logLevel;
      if (set === null || severityOf(level) >= severityOf(set)) return null;
      return {
        pointer: '/params/level',
        en: `notifications/message at level ${show(level)}, below "${set}", the level the client set with logging/setLevel; the server should send logs at that level and above (more severe) only`,
        zh: `notifications/message 的级别为 ${show(level)}，低于客户端用 logging/setLevel 设置的 "${set}"；服务器应当只发送该级别及以上（更严重）的日志`,
      };
    },
  },
  {
    id: 'log-level-not-refused',
    severity: 'warning',
    spec: '2025-11-25/server/utilities/logging › Error Handling',
    specNote: {
      en: 'the server SHOULD answer an invalid log level with error -32602 (Invalid params)',
      zh: '对于无效的日志级别，服务器应当以错误 -32602（参数无效）回应',
    },
    modern: {
      spec: '2026-07-28/server/utilities/logging › Error Handling',
      specNote: {
        en: 'a request whose _meta logLevel is not a recognized level SHOULD be rejected with -32602 (Invalid params)',
        zh: '_meta 中的 logLevel 不是可识别级别的请求，应当以 -32602（参数无效）拒绝',
      },
    },
    title: {
      en: 'Invalid log level accepted',
      zh: '接受了无效的日志级别',
    },
    check: (ctx: SessionContext, msg: ModelMessage) => {
      if (msg.type !== 'server.result') return null;
      const record = answeredRecord(ctx, msg);
      if (!record || record.invalid) return null;
      if (ctx.era === 'modern') {
        const asked = record.declared?.logLevel;
        if (asked == null || severityOf(asked) >= 0) return null;
        return {
          en: `${record.method} #${show(record.id)} asked for log level ${show(asked)} in _meta["io.modelcontextprotocol/logLevel"], which is not a level (${LEVEL_LIST}), and the server served it; it should have rejected the request with error -32602 (Invalid params), so that the client learns its level was wrong instead of getting no logs, or logs it did not ask for`,
          zh: `${record.method} #${show(record.id)} 在 _meta["io.modelcontextprotocol/logLevel"] 中要求的日志级别 ${show(asked)} 不是规范列出的八个日志级别之一，而服务器照常处理了它；服务器应当以错误 -32602（参数无效）拒绝这个请求，让客户端知道级别写错了，而不是收不到日志，或收到它没有要求的日志`,
        };
      }
      if (record.method !== 'logging/setLevel') return null;
      if (record.level !== undefined && severityOf(record.level) >= 0) return null;
      const asked = record.level === undefined ? 'no level' : `level ${show(record.level)}`;
      const askedZh =
        record.level === undefined ? '没有给出级别' : `要求的级别 ${show(record.level)}`;
      return {
        en: `logging/setLevel #${show(record.id)} asked for ${asked}, which is not a level (${LEVEL_LIST}), and the server accepted it with a result; it should answer error -32602 (Invalid params), so that the client knows its level was not set`,
        zh: `logging/setLevel #${show(record.id)} ${askedZh}，不是规范列出的八个日志级别之一，而服务器以结果接受了它；服务器应当回应错误 -32602，让客户端知道级别并没有设置成功`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
