import { isObject, pointerToken } from '../../protocol/json.js';
import type { SessionContext } from '../context.js';
import type { ModelMessage } from '../events.js';
import { answeredRecord } from '../facts.js';
import {
  callOf,
  isRetry,
  MRTR_METHODS,
  missingInputs,
  type Round,
  retriedRound,
  roundKey,
} from '../records-streams.js';
import { refusalDue } from './modern-results.js';
import { keysAt, type RuleRow, show } from './rule.js';

/** An input_required result (mrtr › InputRequiredResult), when the message is one. */
function inputRequired(msg: ModelMessage) {
  if (msg.envelope.kind !== 'response') return null;
  const result = msg.envelope.result;
  return result.resultType === 'input_required' ? result : null;
}

/** The round a retry answers: the one outstanding on the same method, target and arguments. */
const roundOf = (ctx: SessionContext, msg: ModelMessage): Round | undefined =>
  retriedRound(ctx, msg).round;

const what = (round: Round) => `${round.method} "${round.target}"`;

/**
 * A requestState as a message names it: whole when short; else its start, its end and its length
 * (a sealed state is hundreds of characters of base64, and the learner needs where it differs,
 * not all of it twice).
 */
function brief(state: unknown, lang: 'en' | 'zh' = 'en'): string {
  if (typeof state !== 'string' || state.length <= 48) return show(state);
  const length = lang === 'zh' ? `（共 ${state.length} 个字符）` : ` (${state.length} characters)`;
  return `${show(state.slice(0, 20))}…${show(state.slice(-8))}${length}`;
}

/** The characters of a state around `at`, as `…"abc"…` (the dots where it goes on). */
function around(state: string, at: number): string {
  const from = Math.max(0, at - 8);
  const to = Math.min(state.length, at + 8);
  return `${from > 0 ? '…' : ''}${show(state.slice(from, to))}${to < state.length ? '…' : ''}`;
}

/**
 * Where two states first differ (1-based), in both languages, or nothing when either is not text.
 * For states `brief` cuts, the characters there in each as well: a state changed in its middle has
 * the same start and end, so the two briefs alone read as the same value.
 */
function differsAt(sent: unknown, given: unknown): { en: string; zh: string } {
  if (typeof sent !== 'string' || typeof given !== 'string') return { en: '', zh: '' };
  let i = 0;
  while (i < sent.length && i < given.length && sent[i] === given[i]) i += 1;
  if (sent.length <= 48 && given.length <= 48)
    return { en: ` (they differ from character ${i + 1})`, zh: `（从第 ${i + 1} 个字符起不同）` };
  const [here, there] = [around(sent, i), around(given, i)];
  return {
    en: ` (they differ from character ${i + 1}: the retry has ${here} where the round had ${there})`,
    zh: `（从第 ${i + 1} 个字符起不同：重试中是 ${here}，那一轮给出的是 ${there}）`,
  };
}

/**
 * Multi round-trip requests (2026-07-28 basic/patterns/mrtr): the server answers a call with an
 * input_required round; the client retries the original request with a new id, its answers and
 * the round's requestState, unchanged.
 */
export const MRTR_RULES = [
  {
    id: 'input-required-not-allowed',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Supported Requests',
    specNote: {
      en: 'only tools/call, prompts/get and resources/read may get input_required',
      zh: '只有 tools/call、prompts/get 和 resources/read 可以得到 input_required',
    },
    title: {
      en: 'input_required on a request that does not support it',
      zh: '对不支持的请求回应了 input_required',
    },
    check: (ctx, msg) => {
      if (!inputRequired(msg)) return null;
      const record = answeredRecord(ctx, msg);
      if (!record || MRTR_METHODS.has(record.method)) return null;
      return {
        pointer: '/result/resultType',
        en: `${record.method} #${show(msg.id)} was answered with resultType "input_required"; only tools/call, prompts/get and resources/read may ask for input, so the client has no request to retry and takes the answer as a broken result`,
        zh: `${record.method} #${show(msg.id)} 得到的回应是 resultType "input_required"；只有 tools/call、prompts/get 和 resources/read 可以请求输入，客户端无从重试，只能把它当作错误的结果`,
      };
    },
  },
  {
    id: 'input-required-empty',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Server Requirements (Basic Workflow)',
    specNote: {
      en: 'at least one of inputRequests or requestState',
      zh: 'inputRequests 与 requestState 至少要有一个',
    },
    title: { en: 'input_required asks for nothing', zh: 'input_required 什么也没有请求' },
    check: (_ctx, msg) => {
      const result = inputRequired(msg);
      if (!result || 'inputRequests' in result || 'requestState' in result) return null;
      return {
        // Either field would do: the result that should hold one of them.
        pointer: '/result',
        en: `the input_required answer to #${show(msg.id)} has neither inputRequests nor requestState; the server must include at least one, otherwise the client has nothing to gather and nothing to echo when it retries`,
        zh: `对 #${show(msg.id)} 的 input_required 回应既没有 inputRequests 也没有 requestState；服务器必须至少带上其中一个，否则客户端重试时既无输入可收集，也无状态可回传`,
      };
    },
  },
  {
    id: 'retry-same-id',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Client Requirements (Basic Workflow)',
    specNote: {
      en: 'the retry MUST have a new JSON-RPC id',
      zh: '重试必须使用新的 JSON-RPC id',
    },
    title: { en: 'Retry reuses the original id', zh: '重试沿用了原请求的 id' },
    check: (ctx, msg) => {
      const round = roundOf(ctx, msg);
      if (!round || round.id !== msg.id) return null;
      return {
        pointer: '/id',
        en: `this retry of ${what(round)} uses id ${show(msg.id)}, the id of the request that got the input_required round; the initial request and the retry are independent requests, so the retry needs a new id`,
        zh: `这次对 ${what(round)} 的重试使用了 id ${show(msg.id)}，也就是得到 input_required 的那个请求的 id；原请求和重试是相互独立的请求，重试必须换一个新的 id`,
      };
    },
  },
  {
    id: 'request-state-altered',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Client Requirements (Basic Workflow)',
    specNote: {
      en: 'echo requestState exactly, and none when the round had none',
      zh: '原样回传 requestState；上一轮没有时就不得携带',
    },
    title: { en: 'requestState not echoed exactly', zh: 'requestState 没有原样回传' },
    check: (ctx, msg) => {
      const round = roundOf(ctx, msg);
      if (!round) return null;
      const sent = msg.params?.requestState;
      if (sent === round.state) return null;
      // A state no open round gave may be that of a round forgotten long ago (Ledger.openRound).
      if (!ctx.ledger.knowsEveryRound(roundKey(round))) return null;
      // The field itself, or, when it is missing, where it belongs.
      const pointer = '/params/requestState';
      if (round.state === undefined) {
        return {
          pointer,
          en: `this retry of ${what(round)} carries requestState ${brief(sent)}, but the input_required round (#${show(round.id)}) had none; the client must not include one, and the server would treat it as tampered state`,
          zh: `这次对 ${what(round)} 的重试带有 requestState ${brief(sent, 'zh')}，但那一轮 input_required（#${show(round.id)}）并没有；客户端不得携带它，服务器会把它当作被篡改的状态`,
        };
      }
      if (sent === undefined) {
        return {
          pointer,
          en: `this retry of ${what(round)} leaves out requestState; the input_required round (#${show(round.id)}) gave ${brief(round.state)}, which the client must echo byte for byte, or the server cannot resume the request`,
          zh: `这次对 ${what(round)} 的重试没有带 requestState；那一轮 input_required（#${show(round.id)}）给出了 ${brief(round.state, 'zh')}，客户端必须逐字节原样回传，否则服务器无法继续这个请求`,
        };
      }
      const at = differsAt(sent, round.state);
      return {
        pointer,
        en: `this retry of ${what(round)} sends requestState ${brief(sent)}, but the input_required round (#${show(round.id)}) gave ${brief(round.state)}${at.en}; the state is opaque, the client must echo it unchanged, and the server rejects state that fails its check`,
        zh: `这次对 ${what(round)} 的重试发送的 requestState 是 ${brief(sent, 'zh')}，但那一轮 input_required（#${show(round.id)}）给出的是 ${brief(round.state, 'zh')}${at.zh}；该状态是不透明的，客户端必须原样回传，服务器会拒绝校验不通过的状态`,
      };
    },
  },
  {
    id: 'input-responses-missing',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Client Requirements (Basic Workflow)',
    specNote: {
      en: 'construct every requested input before retrying',
      zh: '重试之前必须准备好所有被请求的输入',
    },
    title: { en: 'Retry misses requested input', zh: '重试缺少被请求的输入' },
    check: (ctx, msg) => {
      const round = roundOf(ctx, msg);
      if (!round || round.keys.length === 0) return null;
      const missing = missingInputs(round, msg);
      if (missing.length === 0) return null;
      const keys = missing.map((key) => show(key)).join(', ');
      // One key missing from inputResponses: where it belongs; else inputResponses itself.
      const given = msg.params?.inputResponses;
      const one =
        missing.length === 1 && isObject(given) ? `/${pointerToken(missing[0] as string)}` : '';
      return {
        pointer: `/params/inputResponses${one}`,
        en: `this retry of ${what(round)} has no inputResponses for ${keys}, which the input_required round (#${show(round.id)}) asked for; the client must construct every requested input first; where the missing input is necessary, the server should ask for it again in a new input_required result rather than fail`,
        zh: `这次对 ${what(round)} 的重试在 inputResponses 中缺少 ${keys}，而那一轮 input_required（#${show(round.id)}）请求了它们；客户端必须先准备好所有被请求的输入；缺少的输入若是必需的，服务器应当在新的 input_required 结果中再次请求，而不是报错`,
      };
    },
  },
  {
    id: 'retry-without-round',
    severity: 'error',
    spec: '2026-07-28/basic/patterns/mrtr › Client Requirements (Basic Workflow)',
    specNote: {
      en: 'inputResponses and requestState belong only to the retry of the original request',
      zh: 'inputResponses 和 requestState 只能用于对原请求的重试',
    },
    title: { en: 'Retry of no input_required round', zh: '没有对应 input_required 轮次的重试' },
    check: (ctx, msg) => {
      if (msg.sender !== 'client' || !isRetry(msg)) return null;
      const call = callOf(msg);
      const { round, other } = retriedRound(ctx, msg, call);
      if (round) return null;
      const target = call ? ` "${call.target}"` : '';
      // The round's fields it carries, where they are (isRetry: at least one is there).
      const carried = ['inputResponses', 'requestState'].filter((key) =>
        Object.hasOwn(msg.params ?? {}, key),
      );
      const pointer = keysAt('/params', carried);
      if (other) {
        return {
          pointer,
          en: `${msg.method}${target} #${show(msg.id)} carries inputResponses or requestState, but its arguments are not those of the request that got the input_required round (#${show(other.id)}); a retry repeats the original request unchanged, and the round's fields must not be used for any other request`,
          zh: `${msg.method}${target} #${show(msg.id)} 带有 inputResponses 或 requestState，但它的 arguments 与得到 input_required 轮次的请求（#${show(other.id)}）不同；重试要原样重复原请求，该轮次的字段不得用于任何其他请求`,
        };
      }
      return {
        pointer,
        en: `${msg.method}${target} #${show(msg.id)} carries inputResponses or requestState, but no input_required round is waiting for a retry of it; these fields belong only to the retry of the request that got the round, never to another request`,
        zh: `${msg.method}${target} #${show(msg.id)} 带有 inputResponses 或 requestState，但没有等待它重试的 input_required 轮次；这些字段只属于对得到该轮次的原请求的重试，不得用于其他请求`,
      };
    },
  },
  {
    id: 'input-responses-not-reasked',
    // Judged: the server's JSON-RPC error to a retry that echoed its round's requestState, broke no
    // schema, and has no inputResponses for some keys of the round (the client's fault,
    // input-responses-missing). "If the client fails to send all the information requested …, and
    // the missing information is necessary for the server to process the request, the server
    // SHOULD respond with a new InputRequiredResult requesting the missing information again,
    // rather than returning an error." Whether the input was necessary is the server's knowledge;
    // an error says it could not go on without it, so every error answer is judged, a SHOULD: a
    // warning. Not judged: a complete result (the server did without), a result with isError: true
    // (a tool execution error, not a JSON-RPC error), a retry whose state differs (the server MUST
    // reject state that fails verification, › Server Requirements), one that broke the schema
    // (protocol errors SHOULD be JSON-RPC errors, › Error Handling), one the server must refuse
    // (a version it does not serve, mismatched headers: refusalDue).
    severity: 'warning',
    spec: '2026-07-28/basic/patterns/mrtr › Error Handling',
    specNote: {
      en: 'when a retry lacks requested input the server needs, the server SHOULD ask for it again in a new InputRequiredResult rather than return an error',
      zh: '重试缺少服务器需要的、先前请求过的输入时，服务器应当在新的 InputRequiredResult 中再次请求，而不是返回错误',
    },
    title: { en: 'Missing input answered with an error', zh: '缺少输入却以错误回应' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'error' || msg.sender !== 'server') return null;
      const record = answeredRecord(ctx, msg);
      const missing = record?.missingInputs;
      if (!record || !missing || record.status === 'answered' || refusalDue(ctx, record))
        return null;
      const call = ctx.ledger.calls.get(record.id);
      const target = call ? ` "${call.target}"` : '';
      const keys = missing.map((key) => show(key)).join(', ');
      const code = show(msg.envelope.error.code);
      return {
        en: `${record.method}${target} #${show(record.id)} retried without inputResponses for ${keys} and is answered with a JSON-RPC error (${code} at /error/code); a server that needs the missing input should answer with a new input_required result whose inputRequests ask for it again, so the client can supply it and retry, rather than end the request with an error`,
        zh: `${record.method}${target} #${show(record.id)} 重试时缺少 ${keys} 的 inputResponses，得到的回应是 JSON-RPC 错误（/error/code 为 ${code}）；服务器若需要缺少的输入，应当返回新的 input_required 结果，在 inputRequests 中再次请求它，让客户端补上后重试，而不是以错误结束这个请求`,
      };
    },
  },
  {
    id: 'input-responses-not-validated',
    // Judged: a complete result (resultType "complete" or none, not isError: true) to a retry of an
    // open round whose inputResponses broke the schema (the referee's invalid-params on
    // /params/inputResponses, kept on the retry's record). "Servers SHOULD validate that the data
    // provided by the client is a valid InputResponses object …. Protocol errors (malformed JSON,
    // invalid schema, internal server errors) SHOULD return a JSON-RPC error response": a SHOULD,
    // a warning. A tool execution error (isError: true) shows the input was checked, and is not
    // judged; nor a new input_required round (the server asks again), nor an answer to a request
    // that retries no round (retry-without-round judges the client). Modelled on
    // tool-input-not-validated.
    severity: 'warning',
    spec: '2026-07-28/basic/patterns/mrtr › Error Handling',
    specNote: {
      en: 'servers SHOULD validate that the client’s data is a valid InputResponses object; protocol errors (an invalid schema among them) SHOULD get a JSON-RPC error response',
      zh: '服务器应当校验客户端提供的数据是合法的 InputResponses 对象；协议错误（包括不符合模式）应当以 JSON-RPC 错误作答',
    },
    title: { en: 'Invalid inputResponses served', zh: '不合法的 inputResponses 被照常处理' },
    check: (ctx, msg) => {
      if (msg.envelope.kind !== 'response' || msg.sender !== 'server') return null;
      const result = msg.envelope.result;
      if (result.resultType === 'input_required' || result.isError === true) return null;
      const record = answeredRecord(ctx, msg);
      const invalid = record?.invalidInputs;
      if (!record || !invalid || record.status === 'answered') return null;
      const call = ctx.ledger.calls.get(record.id);
      const target = call ? ` "${call.target}"` : '';
      const what = `${record.method}${target} #${show(record.id)}`;
      return {
        en: `${what} is answered with a complete result, but its inputResponses break the schema (${invalid.en}); a server should validate the InputResponses it is given and answer an invalid one with a JSON-RPC error (-32602, invalid params), not act on what it could not read`,
        zh: `${what} 得到的是完整结果，但它的 inputResponses 不符合模式（${invalid.zh}）；服务器应当校验收到的 InputResponses，对不合法的以 JSON-RPC 错误（-32602，参数无效）作答，而不是照着读不懂的内容办事`,
      };
    },
  },
] as const satisfies readonly RuleRow[];
