import { isObject } from '../../protocol/json.js';
import type { ModelMessage } from '../events.js';
import { type RuleRow, show } from './rule.js';

/**
 * The `_meta` of a message: a request's or notification's `params._meta`, a result's `_meta`.
 * Only the message's own `_meta`, not those of the objects inside it (content blocks, tools).
 */
function metaOf(msg: ModelMessage): Record<string, unknown> | null {
  const envelope = msg.envelope;
  if (envelope.kind === 'response') {
    const meta = envelope.result._meta;
    return isObject(meta) ? meta : null;
  }
  const meta = msg.params?._meta;
  return isObject(meta) ? meta : null;
}

/**
 * W3C Trace Context § 3.2 traceparent: version "-" trace-id "-" parent-id "-" trace-flags, in
 * lowercase hex (2, 32, 16, 2 digits); version ff is invalid, and version 00 has nothing after
 * the flags; neither id may be all zeros. Null when the value is valid, else why not.
 */
function traceparentProblem(value: string): { en: string; zh: string } | null {
  const parts = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/.exec(value);
  if (parts === null)
    return {
      en: 'it is not version-traceid-parentid-flags, that is 2, 32, 16 and 2 lowercase hex digits joined by "-"',
      zh: '它不是 version-traceid-parentid-flags 的形式，即用 "-" 连接的 2、32、16 和 2 位小写十六进制数',
    };
  const [, version, traceId, parentId, , rest] = parts;
  if (version === 'ff') return { en: 'version ff is invalid', zh: '版本 ff 是无效的' };
  if (version === '00' && rest !== undefined)
    return {
      en: 'version 00 ends with the flags',
      zh: '版本 00 在 flags 之后不能再有内容',
    };
  if (/^0+$/.test(traceId ?? ''))
    return { en: 'its trace-id is all zeros', zh: '它的 trace-id 全为零' };
  if (/^0+$/.test(parentId ?? ''))
    return { en: 'its parent-id is all zeros', zh: '它的 parent-id 全为零' };
  return null;
}

/** W3C Trace Context § 3.3 tracestate: up to 32 comma-separated key=value members. */
const TRACESTATE_KEY =
  /^(?:[a-z][_0-9a-z*/-]{0,255}|[a-z0-9][_0-9a-z*/-]{0,240}@[a-z][_0-9a-z*/-]{0,13})$/;
const TRACESTATE_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

function tracestateProblem(value: string): { en: string; zh: string } | null {
  const members = value.split(',').map((m) => m.replace(/^[ \t]+|[ \t]+$/g, ''));
  const listed = members.filter((m) => m !== '');
  if (listed.length > 32) return { en: 'it has more than 32 members', zh: '它的成员超过 32 个' };
  const bad = listed.find((member) => {
    const eq = member.indexOf('=');
    return (
      eq < 0 ||
      !TRACESTATE_KEY.test(member.slice(0, eq)) ||
      !TRACESTATE_VALUE.test(member.slice(eq + 1))
    );
  });
  if (bad === undefined) return null;
  return {
    en: `its member ${show(bad)} is not key=value (a lowercase key; a value of printable ASCII without "," and "=")`,
    zh: `它的成员 ${show(bad)} 不是 key=value 的形式（键为小写；值为不含 "," 和 "=" 的可打印 ASCII 字符）`,
  };
}

/** W3C Baggage § 3.3.1: comma-separated key=value members (a key is an RFC 7230 token). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const BAGGAGE_VALUE = '[\\x21\\x23-\\x2b\\x2d-\\x3a\\x3c-\\x5b\\x5d-\\x7e]*';
const OWS = '[ \\t]*';
const BAGGAGE_MEMBER = new RegExp(
  `^${TOKEN}${OWS}=${OWS}${BAGGAGE_VALUE}(?:${OWS};${OWS}${TOKEN}(?:${OWS}=${OWS}${BAGGAGE_VALUE})?)*$`,
);

function baggageProblem(value: string): { en: string; zh: string } | null {
  const bad = value
    .split(',')
    .map((m) => m.replace(/^[ \t]+|[ \t]+$/g, ''))
    .find((member) => !BAGGAGE_MEMBER.test(member));
  if (bad === undefined) return null;
  return {
    en: `its member ${show(bad)} is not key=value (a token key; a value without spaces, quotes, ",", ";" or "\\", percent-encoded)`,
    zh: `它的成员 ${show(bad)} 不是 key=value 的形式（键为 token；值中不能有空格、引号、","、";" 或 "\\"，需要时用百分号编码）`,
  };
}

const FORMATS = {
  traceparent: { check: traceparentProblem, format: 'W3C Trace Context', zh: 'W3C 追踪上下文格式' },
  tracestate: { check: tracestateProblem, format: 'W3C Trace Context', zh: 'W3C 追踪上下文格式' },
  baggage: { check: baggageProblem, format: 'W3C Baggage', zh: 'W3C Baggage 格式' },
} as const;

/**
 * The stateless era's OpenTelemetry keys (2026-07-28 basic/index › General fields, _meta:
 * "OpenTelemetry trace context"): the one exception to the `_meta` prefix rule, and their values
 * MUST follow the W3C formats. 2025-11-25 reserves no such keys, so only a modern session judges them.
 */
export const TRACE_CONTEXT_RULES = [
  {
    id: 'trace-context-invalid',
    severity: 'error',
    spec: '2026-07-28/basic/index › General fields',
    specNote: {
      en: '_meta, OpenTelemetry trace context: when present, traceparent and tracestate MUST follow the W3C Trace Context format, baggage the W3C Baggage format',
      zh: '_meta 的 OpenTelemetry 追踪上下文：traceparent 和 tracestate 一旦出现，就必须符合 W3C 追踪上下文格式，baggage 必须符合 W3C Baggage 格式',
    },
    title: { en: 'Trace context not in the W3C format', zh: '追踪上下文不符合 W3C 格式' },
    check: (ctx, msg) => {
      if (ctx.era !== 'modern') return null;
      const meta = metaOf(msg);
      if (meta === null) return null;
      const at = msg.envelope.kind === 'response' ? '/result/_meta' : '/params/_meta';
      const findings = [];
      for (const [key, { check, format, zh }] of Object.entries(FORMATS)) {
        if (!Object.hasOwn(meta, key)) continue;
        const value = meta[key];
        const why =
          typeof value === 'string'
            ? check(value)
            : { en: 'it is not a string', zh: '它不是字符串' };
        if (why === null) continue;
        findings.push({
          pointer: `${at}/${key}`,
          en: `_meta["${key}"] ${show(value)} does not follow ${format}: ${why.en}; a tracing system that reads it drops it, and the trace breaks here`,
          zh: `_meta["${key}"] ${show(value)} 不符合 ${zh}：${why.zh}；读取它的追踪系统会丢弃它，调用链就在这里断开`,
        });
      }
      return findings.length === 0 ? null : findings;
    },
  },
] as const satisfies readonly RuleRow[];
