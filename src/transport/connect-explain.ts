import { type Bilingual, counted } from '../i18n/lang.js';
import { idText } from '../protocol/envelope.js';
import {
  describeErrorCode,
  isObject,
  type JsonObject,
  type KnownVersion,
} from '../protocol/index.js';
import type { InputRound, RefusedInput } from '../sim/client/input-rounds.js';
import { MAX_INPUT_ROUNDS } from '../sim/client/input-rounds.js';
import type { ListenStream } from '../sim/client/listen-streams.js';

/**
 * What `mcp-sim connect` tells the learner about a modern session (2026-07-28), in English and
 * Simplified Chinese: errors with their meaning, input_required rounds, listen streams.
 */

export const clip = (text: string, n = 80) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > n ? `${one.slice(0, n)}…` : one);
};

/** `{elicitation: {form: {}}, roots: {}}` → `elicitation.form, roots` (the paths it names). */
function capabilityPaths(value: unknown, prefix = ''): string[] {
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = `${prefix}${key}`;
    const deeper = isObject(inner) ? capabilityPaths(inner, `${path}.`) : [];
    return deeper.length > 0 ? deeper : [path];
  });
}

/**
 * −32020, −32021, −32022 and the rest, in one line: the code, the server's text, what the code
 * means (2026-07-28/basic/index › Error Codes) and, for the modern ones, what its data says.
 */
export function explainError(what: string, error: JsonObject, revision: string): Bilingual {
  const code = typeof error.code === 'number' ? error.code : Number.NaN;
  const entry = Number.isFinite(code) ? describeErrorCode(code, revision as KnownVersion) : null;
  const text = clip(String(error.message ?? ''));
  const data = isObject(error.data) ? error.data : {};
  let more: Bilingual = { en: '', zh: '' };
  if (code === -32021) {
    const paths = capabilityPaths(data.requiredCapabilities);
    if (paths.length > 0) {
      const flags = paths.map((p) => `--capability ${p}`).join(' ');
      more = {
        en: `; it needs the client capabilities ${paths.join(', ')}, which connect declares with ${flags}`,
        zh: `；它需要客户端能力 ${paths.join('、')}，connect 可以用 ${flags} 声明`,
      };
    }
  } else if (code === -32022 && Array.isArray(data.supported)) {
    const supported = data.supported.map(String);
    more = {
      en: `; the server supports ${supported.join(', ') || 'no version'}`,
      zh: `；服务器支持的版本：${supported.join('、') || '无'}`,
    };
  }
  return {
    en: `the server answered ${what} with ${String(error.code)} ${text}${entry ? ` (${entry.name}: ${entry.meaning.en})` : ''}${more.en}`,
    zh: `服务器对 ${what} 的回应是 ${String(error.code)} ${text}${entry ? `（${entry.name}：${entry.meaning.zh}）` : ''}${more.zh}`,
  };
}

const MRTR = '2026-07-28/basic/patterns/mrtr';

function refusedList(refused: readonly RefusedInput[]): Bilingual {
  const one = (r: RefusedInput): Bilingual => {
    const key = JSON.stringify(r.key);
    if (r.why === 'undeclared') {
      const needs = (r.needs ?? '').replace(/^client\./, '');
      return {
        en: `${r.method} (key ${key}), which needs ${needs}, not declared by this client`,
        zh: `${r.method}（键 ${key}），它需要客户端未声明的 ${needs}`,
      };
    }
    if (r.why === 'unknown') {
      return {
        en: `${r.method} (key ${key}), which is no input request kind`,
        zh: `${r.method}（键 ${key}），它不是任何一种输入请求`,
      };
    }
    return { en: `key ${key}, which is not a request object`, zh: `键 ${key}，它不是请求对象` };
  };
  const all = refused.map(one);
  return { en: all.map((b) => b.en).join('; '), zh: all.map((b) => b.zh).join('；') };
}

/** A round the client could not fulfil: the server's fault, in one line. */
export function roundProblem(what: string, round: InputRound): Bilingual | null {
  switch (round.kind) {
    case 'retry':
      return null;
    case 'refused': {
      const list = refusedList(round.refused);
      return {
        en: `the server's input_required answer to ${what} asked for ${list.en}; a server must not ask for input the client did not declare (${MRTR} › Server Requirements (Basic Workflow)), so the client answers none of it and does not retry.`,
        zh: `服务器对 ${what} 的 input_required 回应请求了 ${list.zh}；服务器不得请求客户端未声明的输入（${MRTR} › Server Requirements (Basic Workflow)），因此客户端一个也不回答，也不重试。`,
      };
    }
    case 'malformed':
      return {
        en: `the server's input_required answer to ${what} has a ${round.field} that is not ${round.field === 'requestState' ? 'a string' : 'an object'} (${MRTR} › InputRequiredResult); the client cannot retry with it.`,
        zh: `服务器对 ${what} 的 input_required 回应中，${round.field} 不是${round.field === 'requestState' ? '字符串' : '对象'}（${MRTR} › InputRequiredResult）；客户端无法据此重试。`,
      };
    case 'not-retryable':
      return {
        en: `the server answered ${what} with input_required, which only tools/call, prompts/get and resources/read may get (${MRTR} › Supported Requests); the client does not retry.`,
        zh: `服务器对 ${what} 回应了 input_required，而只有 tools/call、prompts/get 和 resources/read 可以得到它（${MRTR} › Supported Requests）；客户端不重试。`,
      };
    case 'too-many-rounds':
      return {
        en: `the server answered ${what} with input_required ${round.round} times in a row; this client fulfils at most ${MAX_INPUT_ROUNDS} rounds of one request and stops there.`,
        zh: `服务器连续 ${round.round} 次对 ${what} 回应 input_required；这个客户端对同一个请求最多完成 ${MAX_INPUT_ROUNDS} 轮，到此为止。`,
      };
  }
}

/** A request that went through input_required rounds and was then answered. */
export function roundsNote(what: string, rounds: readonly InputRound[], last: string): Bilingual {
  const asked = [...new Set(rounds.flatMap((r) => (r.kind === 'retry' ? r.keys : [])))].map((k) =>
    JSON.stringify(k),
  );
  const keys = asked.length > 0 ? { en: asked.join(', '), zh: asked.join('、') } : null;
  return {
    en: `${what} needed ${counted(rounds.length, 'input_required round')}${keys ? ` (inputs ${keys.en})` : ''}; the client answered each and retried with a new id, echoing requestState, and ${last} completed it.`,
    zh: `${what} 经过了 ${rounds.length} 轮 input_required${keys ? `（输入 ${keys.zh}）` : ''}；客户端每轮都作答，并用新的 id 重试、原样回传 requestState，最终由 ${last} 完成。`,
  };
}

/**
 * What a listen stream did, in one line; `http`: the client ended it by closing its response
 * stream, which over Streamable HTTP is the cancellation (2026-07-28 streamable-http › Cancellation).
 */
export function listenNote(stream: ListenStream, http = false): Bilingual {
  const id = idText(stream.id);
  const honoured = Object.keys(stream.acknowledged ?? {});
  const got = stream.received.length;
  const what = honoured.length > 0 ? honoured.join(', ') : null;
  const end =
    stream.state === 'closed'
      ? {
          en: 'the server ended it with a result to the listen request (a graceful end)',
          zh: '服务器以 listen 请求的结果结束了它（正常结束）',
        }
      : stream.state === 'torn-down'
        ? {
            en: 'the server tore it down with notifications/cancelled naming the listen request',
            zh: '服务器用指向该 listen 请求的 notifications/cancelled 拆除了它',
          }
        : http
          ? {
              en: 'the client ended it by closing its response stream, the cancellation over Streamable HTTP (2026-07-28/basic/transports/streamable-http › Cancellation)',
              zh: '客户端关闭了它的响应流来结束它，这就是 Streamable HTTP 上的取消（2026-07-28/basic/transports/streamable-http › Cancellation）',
            }
          : {
              en: 'the client ended it with notifications/cancelled',
              zh: '客户端用 notifications/cancelled 结束了它',
            };
  return {
    en: `listen stream #${id}: the server acknowledged ${what ?? 'none of the filter'}; ${got === 0 ? 'no notification' : got === 1 ? 'one notification' : `${got} notifications`} arrived on it; ${end.en}.`,
    zh: `订阅流 #${id}：服务器确认了 ${what ?? '过滤器中的任何一项都没有'}；流上收到 ${got} 条通知；${end.zh}。`,
  };
}

/** Where a request's timeout is ruled: the handshake era's lifecycle, or 2026-07-28's cancellation. */
const timeoutSpec = (modern: boolean) =>
  modern
    ? '2026-07-28/basic/patterns/cancellation › Timeouts: on stdio the client MUST send it'
    : '2025-11-25/basic/lifecycle › Timeouts';

/**
 * A request that got no answer in time: the client cancelled it and stopped waiting (the spec's
 * SHOULD in both eras); `lateMs` is how long after the cancellation its answer came anyway, if it
 * did. The record then holds that answer, so the line says what it is rather than "never".
 */
export function timedOut(
  what: string,
  waitMs: number,
  modern: boolean,
  lateMs: number | null,
  http = false,
): Bilingual {
  const spec = timeoutSpec(modern);
  // 2026-07-28 over HTTP: closing the request's response stream is the cancellation.
  const cancelled =
    http && modern
      ? {
          en: 'the client cancelled it by closing its response stream (2026-07-28/basic/transports/streamable-http › Cancellation) and stopped waiting',
          zh: '客户端关闭了它的响应流来取消它（2026-07-28/basic/transports/streamable-http › Cancellation），不再等待',
        }
      : {
          en: `the client cancelled it (notifications/cancelled, ${spec}) and stopped waiting`,
          zh: `客户端取消了它（notifications/cancelled，${spec}），不再等待`,
        };
  if (lateMs === null) {
    return {
      en: `the server never answered ${what} within ${waitMs} ms; ${cancelled.en}.`,
      zh: `服务器在 ${waitMs} 毫秒内没有回应 ${what}；${cancelled.zh}。`,
    };
  }
  return {
    en: `the server did not answer ${what} within ${waitMs} ms; ${cancelled.en}. Its answer came ${lateMs} ms after the cancellation: a late answer, which the client ignores (the referee's warning response-after-cancellation).`,
    zh: `服务器在 ${waitMs} 毫秒内没有回应 ${what}；${cancelled.zh}。它的回应在取消之后 ${lateMs} 毫秒才到：这是迟到的回应，客户端不予理会（裁判给出警告 response-after-cancellation）。`,
  };
}

/** The --call tools the session never got to, because it stopped at a timeout or an exit. */
export function callsNotSent(names: readonly string[]): Bilingual {
  return {
    en: `the session stopped there, so these --call tools were not called: ${names.join(', ')}.`,
    zh: `会话在此停止，所以这些 --call 工具没有被调用：${names.join('、')}。`,
  };
}
