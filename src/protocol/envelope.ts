import { type Bilingual, CATALOGUE, isCatalogued } from './catalogue.js';
import { isObject, type JsonObject } from './json.js';

/**
 * A request's id: a string or an integer (basic/index › Requests). An integer past 2^53 − 1 read
 * from a transcript's text is a bigint holding the digits the file wrote (`withExactIds`): a
 * number would be JSON.parse's rounding of it.
 */
export type RequestId = string | number | bigint;
/**
 * basic/utilities/progress: a ProgressToken is a string or an integer, like a RequestId; past
 * 2^53 − 1 it is read exactly, a bigint (`withExactIds`).
 */
export type ProgressToken = RequestId;
export type { JsonObject } from './json.js';

export type ErrorObject = {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
};

export type Envelope =
  | {
      readonly kind: 'request';
      readonly id: RequestId;
      readonly method: string;
      readonly params: JsonObject | undefined;
    }
  | {
      readonly kind: 'notification';
      readonly method: string;
      readonly params: JsonObject | undefined;
    }
  | { readonly kind: 'response'; readonly id: RequestId; readonly result: JsonObject }
  | { readonly kind: 'error'; readonly id: RequestId | null; readonly error: ErrorObject }
  | {
      readonly kind: 'invalid';
      readonly reason: InvalidReason;
      /** JSON pointer to the offending part of the message. */
      readonly pointer: string;
      readonly text: Bilingual;
      /** What could still be read, so a reader can say which request it was. */
      readonly id?: RequestId;
      readonly method?: string;
      /**
       * Valid JSON-RPC 2.0 that MCP forbids (a null id, an id on a notification, positional
       * params…): "not a valid MCP message", where the rest is "not a JSON-RPC message".
       */
      readonly mcpOnly?: true;
    };

export type InvalidReason =
  | 'not-an-object'
  | 'batch'
  | 'jsonrpc-version'
  | 'method-not-string'
  | 'id-null'
  | 'id-type'
  | 'params-not-object'
  | 'notification-with-id'
  | 'request-without-id'
  | 'result-and-error'
  | 'method-and-response'
  | 'response-without-id'
  | 'result-not-object'
  | 'error-not-object'
  | 'error-code'
  | 'error-message'
  | 'empty';

const REASONS: Record<InvalidReason, Bilingual> = {
  'not-an-object': {
    en: 'a JSON-RPC message must be a JSON object',
    zh: 'JSON-RPC 消息必须是一个 JSON 对象',
  },
  batch: {
    en: 'a JSON array (a batch) where one message belongs; batches exist only in 2025-03-26, and a batch holds messages, never another batch',
    zh: '在应当是一条消息的位置出现了 JSON 数组（批量消息）；批量消息只在 2025-03-26 中存在，而且批量消息里只能放消息，不能再放批量消息',
  },
  'jsonrpc-version': {
    en: '"jsonrpc" must be exactly "2.0"',
    zh: '"jsonrpc" 必须正好是 "2.0"',
  },
  'method-not-string': { en: '"method" must be a string', zh: '"method" 必须是字符串' },
  'id-null': {
    en: 'a request id must not be null in MCP (unlike plain JSON-RPC)',
    zh: 'MCP 中请求 id 不能为 null（与普通 JSON-RPC 不同）',
  },
  'id-type': {
    en: 'an id must be a string or an integer',
    zh: 'id 必须是字符串或整数',
  },
  'params-not-object': {
    en: '"params" must be an object; MCP never uses positional (array) params',
    zh: '"params" 必须是对象；MCP 从不使用按位置（数组）传参',
  },
  'notification-with-id': {
    en: 'this method is a notification, and a notification must not carry an id',
    zh: '该方法是通知，通知不能带 id',
  },
  'request-without-id': {
    en: 'this method is a request and needs an id; without one it would be a notification',
    zh: '该方法是请求，必须带 id；没有 id 就成了通知',
  },
  'result-and-error': {
    en: 'a response sets either "result" or "error", never both',
    zh: '回应只能设置 "result" 或 "error" 之一，不能同时设置',
  },
  'method-and-response': {
    en: 'a message with "method" is a request or notification and cannot also carry "result" or "error"',
    zh: '带 "method" 的消息是请求或通知，不能同时带 "result" 或 "error"',
  },
  'response-without-id': {
    en: 'a result response must carry the id of the request it answers',
    zh: '结果回应必须带上它所回应请求的 id',
  },
  'result-not-object': {
    en: '"result" must be an object in MCP (an empty result is {})',
    zh: 'MCP 中 "result" 必须是对象（空结果写作 {}）',
  },
  'error-not-object': {
    en: '"error" must be an object with "code" and "message"',
    zh: '"error" 必须是包含 "code" 和 "message" 的对象',
  },
  'error-code': { en: 'the error "code" must be an integer', zh: '错误的 "code" 必须是整数' },
  'error-message': {
    en: 'the error "message" must be a string',
    zh: '错误的 "message" 必须是字符串',
  },
  empty: {
    en: 'the message has no "method", "result" or "error"',
    zh: '消息中既没有 "method"，也没有 "result" 或 "error"',
  },
};

/**
 * A value a progress token is matched as: a string, a number (the schema check says when it is
 * not an integer), or a bigint past 2^53 − 1 read exactly (`withExactIds`).
 */
export const isProgressToken = (value: unknown): value is ProgressToken =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint';

/** A string or an integer: a number, or a bigint past 2^53 − 1 read exactly (`withExactIds`). */
export function isRequestId(value: unknown): value is RequestId {
  return (
    typeof value === 'string' ||
    typeof value === 'bigint' ||
    (typeof value === 'number' && Number.isInteger(value))
  );
}

/**
 * What JSON-RPC 2.0 itself allows and MCP does not (basic/index › Requests: the id MUST NOT be
 * null; › Notifications: MUST NOT include an id; params and result are objects): a request with
 * a null id is a JSON-RPC request, a notification's method with an id a JSON-RPC request, a
 * request's method without one a JSON-RPC notification, a batch a JSON-RPC batch.
 */
const MCP_ONLY: ReadonlySet<InvalidReason> = new Set([
  'batch',
  'id-null',
  'notification-with-id',
  'request-without-id',
  'result-not-object',
]);

function invalid(
  reason: InvalidReason,
  pointer: string,
  extra: { id?: RequestId; method?: string; mcpOnly?: true } = {},
): Envelope {
  const mcpOnly = MCP_ONLY.has(reason) ? { mcpOnly: true as const } : {};
  return { kind: 'invalid', reason, pointer, text: REASONS[reason], ...mcpOnly, ...extra };
}

/**
 * The id of a broken envelope, when it can be read: its error answer may name it. Built only for a
 * broken one (a valid request would pay two objects for nothing).
 */
const readableId = (value: JsonObject): { id?: RequestId } =>
  isRequestId(value.id) ? { id: value.id } : {};

/** Classifies any JSON value as one of the four JSON-RPC message kinds, or says precisely why not. */
export function classify(value: unknown): Envelope {
  if (Array.isArray(value)) return invalid('batch', '');
  if (!isObject(value)) return invalid('not-an-object', '');
  if (value.jsonrpc !== '2.0') {
    const method = typeof value.method === 'string' ? { method: value.method } : {};
    return invalid('jsonrpc-version', '/jsonrpc', { ...readableId(value), ...method });
  }
  if ('method' in value) {
    if (typeof value.method !== 'string')
      return invalid('method-not-string', '/method', readableId(value));
    const method = value.method;
    const at = () => ({ ...readableId(value), method });
    if ('result' in value || 'error' in value) return invalid('method-and-response', '', at());
    if ('params' in value && !isObject(value.params)) {
      // An array is JSON-RPC's positional params, which MCP never uses; a string or number is
      // neither.
      const positional = Array.isArray(value.params) ? { mcpOnly: true as const } : {};
      return invalid('params-not-object', '/params', { ...at(), ...positional });
    }
    const params = value.params as JsonObject | undefined;
    const catalogued = isCatalogued(method) ? CATALOGUE[method] : undefined;
    if ('id' in value) {
      if (catalogued?.kind === 'notification') return invalid('notification-with-id', '/id', at());
      if (value.id === null) return invalid('id-null', '/id', { method });
      if (!isRequestId(value.id)) {
        // JSON-RPC allows a number with a fraction (it SHOULD NOT); MCP's ids are integers.
        const fraction = typeof value.id === 'number' ? { mcpOnly: true as const } : {};
        return invalid('id-type', '/id', { method, ...fraction });
      }
      return { kind: 'request', id: value.id, method, params };
    }
    if (catalogued?.kind === 'request') return invalid('request-without-id', '', { method });
    return { kind: 'notification', method, params };
  }
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult && hasError) return invalid('result-and-error', '', readableId(value));
  if (hasResult) {
    if (!('id' in value)) return invalid('response-without-id', '');
    if (value.id === null) return invalid('id-null', '/id');
    if (!isRequestId(value.id)) return invalid('id-type', '/id');
    if (!isObject(value.result)) return invalid('result-not-object', '/result', readableId(value));
    return { kind: 'response', id: value.id, result: value.result };
  }
  if (hasError) {
    // 2025-11-25 makes the id optional for errors whose request id could not be read; plain
    // JSON-RPC writes null there, which we accept as the same "unknown request".
    if ('id' in value && value.id !== null && !isRequestId(value.id))
      return invalid('id-type', '/id');
    const error = value.error;
    if (!isObject(error)) return invalid('error-not-object', '/error', readableId(value));
    if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
      return invalid('error-code', '/error/code', readableId(value));
    }
    if (typeof error.message !== 'string')
      return invalid('error-message', '/error/message', readableId(value));
    const errorObject: ErrorObject =
      'data' in error
        ? { code: error.code, message: error.message, data: error.data }
        : { code: error.code, message: error.message };
    return { kind: 'error', id: isRequestId(value.id) ? value.id : null, error: errorObject };
  }
  return invalid('empty', '', readableId(value));
}

/** A stable map key for an id: 1 and "1" are different ids. */
export function idKey(id: RequestId): string {
  // A bigint's digits are exact; a number's are its own (a rounded one stays rounded).
  return typeof id === 'string' ? `s:${id}` : `n:${id}`;
}

/** What makes a string id unfit to stand bare after `#`: a space, a comma, a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNPLAIN_ID = /[\s,\u0000-\u001f\u007f]/;

/**
 * An id as a learner reads it after `#`: a number as written, a string as written unless it could
 * be taken for a number (or is empty, starts with a quote, or holds a space, a comma or a control
 * character, which would run into the words and lists around it: `tools/call #a b`), which is
 * quoted: JSON-RPC 2.0 tells 1 and "1" apart, and a screen that showed both as `#1` would hide why
 * an answer matched nothing. Two different ids never read the same.
 */
export function idText(id: RequestId): string {
  if (typeof id !== 'string') return String(id);
  const plain =
    id !== '' && !UNPLAIN_ID.test(id) && !id.startsWith('"') && Number.isNaN(Number(id));
  return plain ? id : JSON.stringify(id);
}
