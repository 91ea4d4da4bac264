import type { ModelMessage } from '../events.js';
import type { RuleRow } from './rule.js';

/**
 * The ids and tokens a peer matches on: a request's id and its `_meta.progressToken`, an answer's
 * id, the `requestId` a notifications/cancelled names, a notifications/progress's token.
 */
function matchedNumbers(msg: ModelMessage): [string, unknown, string][] {
  const fields: [string, unknown, string][] = [
    ['id', msg.id, '/id'],
    ['progress token', msg.progressToken, '/params/_meta/progressToken'],
  ];
  if (msg.method === 'notifications/cancelled') {
    fields.push(['requestId', msg.params?.requestId, '/params/requestId']);
  }
  if (msg.method === 'notifications/progress') {
    fields.push(['progressToken', msg.params?.progressToken, '/params/progressToken']);
  }
  return fields;
}

/** An integer no JavaScript number holds exactly: 2^53 and beyond, where JSON.parse rounds. */
export const beyondSafe = (value: unknown): value is number | bigint =>
  typeof value === 'bigint'
    ? !Number.isSafeInteger(Number(value))
    : typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);

/**
 * A number past 2^53 − 1 as JSON.parse rounded it: the referee cannot tell two such ids apart. An
 * id read from a transcript's text is exact (a bigint, see withExactIds) and is judged as any id.
 */
export const roundedBeyondSafe = (value: unknown): value is number =>
  typeof value === 'number' && beyondSafe(value);

/** A number as a double holds it, in digits (not an exponent past 1e21). */
const roundedText = (value: number | bigint): string => {
  const rounded = Number(value);
  return String(rounded).includes('e') ? BigInt(rounded).toString() : String(rounded);
};

/**
 * JSON-RPC bounds no id, and MCP's RequestId is a string or an integer, but JSON itself (RFC 8259
 * § 6) lets an implementation limit the range and precision of numbers, and calls only integers in
 * [-(2^53)+1, 2^53−1] interoperable. A JavaScript peer reads every JSON number as a double:
 * 9007199254740993 arrives as 9007199254740992, silently, and two such ids can become one. A
 * warning, not an error: the message is legal, its id is fragile.
 */
export const BIG_ID_RULES = [
  {
    id: 'id-beyond-safe-integer',
    severity: 'warning',
    spec: '2025-11-25/basic/index › Requests',
    // 2026-07-28's Requests section bounds ids no more ("a string or integer ID").
    modern: { spec: '2026-07-28/basic/index › Requests' },
    specNote: {
      en: 'ids are strings or integers, with no bound; JSON (RFC 8259 § 6) lets a reader limit numbers, and only integers within ±(2^53 − 1) are read alike everywhere',
      zh: 'id 为字符串或整数，没有上限；但 JSON（RFC 8259 第 6 节）允许读取方限制数字，只有 ±(2^53 − 1) 以内的整数在各处都被一致读取',
    },
    title: { en: 'Id beyond 2^53 − 1', zh: 'id 超出 2^53 − 1' },
    check: (_ctx, msg) => {
      const found = matchedNumbers(msg).filter(
        (field): field is [string, number | bigint, string] => beyondSafe(field[1]),
      );
      if (found.length === 0) return null;
      return found.map(([name, value, pointer]) => {
        const nameZh = name === 'progress token' ? '进度令牌' : name;
        if (typeof value === 'bigint') {
          // Read from the file's text: the digits it wrote, matched exactly here.
          return {
            pointer,
            en: `${name} ${value} is beyond 2^53 − 1 (9007199254740991): many peers (every JavaScript one) read a JSON number as a double and would round it to ${roundedText(value)}, so two such ids can become one and an answer reach the wrong request (mcp-sim reads the digits exactly); use a string or a smaller integer`,
            zh: `${nameZh} ${value} 超出 2^53 − 1（9007199254740991）：许多对端（所有 JavaScript 对端）把 JSON 数字读作双精度浮点数，会将其舍入为 ${roundedText(value)}，于是两个这样的 id 可能变成同一个，回应被对应到错误的请求（mcp-sim 精确读取其数字）；请改用字符串或更小的整数`,
          };
        }
        // A number handed over already rounded (not read from a transcript's text).
        const read = roundedText(value);
        return {
          pointer,
          en: `${name} ${read} (as JSON numbers in JavaScript read it) is beyond 2^53 − 1 (9007199254740991): it cannot be kept exactly, so many peers would round it and misroute the answer (mcp-sim reads it rounded too, so it does not judge whether such an id is reused or answered twice); use a string or a smaller integer`,
          zh: `${nameZh} ${read}（JavaScript 读取 JSON 数字后的值）超出 2^53 − 1（9007199254740991）：无法精确保存，许多对端会将其舍入，从而把回应对应到错误的请求（mcp-sim 读到的也是舍入后的值，因此不判断这类 id 是否被重复使用或被回应两次）；请改用字符串或更小的整数`,
        };
      });
    },
  },
] as const satisfies readonly RuleRow[];
