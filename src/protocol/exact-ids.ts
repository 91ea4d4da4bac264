import { isObject } from './json.js';
import { SUBSCRIPTION_ID_META } from './meta-keys.js';

/**
 * JSON.parse reads every number as a double, so an id past 2^53 − 1 comes back rounded:
 * 12345678901234567890 reads as 12345678901234567000, and two different ids can read as one.
 * MCP's RequestId is "a string or integer" with no bound (basic/index › Requests), so such an id
 * is legal and is the id the file holds: this reads its digits from the text itself and keeps it
 * as a bigint, which every reader of the message then sees, matches and prints exactly.
 *
 * Only what peers match on is read so: a message's own `id` (a bare message, a wrapped line's
 * `message`, the messages of a batch), what requests and answers are matched on, and the
 * `requestId` a notifications/cancelled names, matched on the same; a progress token (a
 * ProgressToken is "a string or integer" too, basic/utilities/progress), in a request's
 * `params._meta.progressToken` and a notifications/progress's `params.progressToken`, which are
 * matched on each other; a listen stream's id in any message's
 * `params._meta["io.modelcontextprotocol/subscriptionId"]` (2026-07-28: the id of the
 * subscriptions/listen request, matched on it); and a transcript's `{"direction": "client->server", "abandon": <id>}`
 * line, the request whose stream closed.
 */
export function withExactIds(text: string, value: unknown): unknown {
  // Fast path: the parsed value is looked at first (a few property reads, no allocation); the
  // text is scanned only when an id there is an integer past the safe range.
  if (!holdsRoundedId(value)) return value;
  for (const { path, key, token } of idTokens(text)) {
    const holder =
      key === 'id'
        ? holderAt(value, path)
        : key === 'abandon'
          ? path.length === 0 && isObject(value)
            ? value
            : null
          : key === 'progressToken' || key === SUBSCRIPTION_ID_META
            ? tokenHolder(value, path, key)
            : cancelParams(holderAt(value, path.slice(0, -1)), path);
    if (!holder || !isRounded(holder[key])) continue;
    const exact = exactInteger(token);
    if (exact !== null) holder[key] = exact;
  }
  return value;
}

/** The members whose integer values are read exactly. */
type ExactKey = 'id' | 'requestId' | 'abandon' | 'progressToken' | typeof SUBSCRIPTION_ID_META;

/** A number JSON.parse may have rounded: an integer beyond the safe range. */
const isRounded = (id: unknown): id is number =>
  typeof id === 'number' && Number.isInteger(id) && !Number.isSafeInteger(id);

/** Does this message (if it is one) hold a rounded id, cancelled requestId or progress token? */
function roundedIn(m: unknown): boolean {
  if (!isObject(m)) return false;
  if (isRounded(m.id)) return true;
  const result = m.result;
  if (isObject(result) && isObject(result._meta) && isRounded(result._meta[SUBSCRIPTION_ID_META]))
    return true;
  const params = m.params;
  if (!isObject(params)) return false;
  const meta = params._meta;
  if (isObject(meta) && (isRounded(meta.progressToken) || isRounded(meta[SUBSCRIPTION_ID_META])))
    return true;
  if (m.method === 'notifications/progress') return isRounded(params.progressToken);
  return m.method === 'notifications/cancelled' && isRounded(params.requestId);
}

/**
 * What holds a progress token or a listen stream's id at `path`: a message's `params._meta` (any
 * message's: the token a request hands out, the stream a notification names), a listen result's
 * `result._meta` (the stream its graceful end closes), or, for a progress
 * token, the `params` of a notifications/progress.
 */
function tokenHolder(
  value: unknown,
  path: readonly (string | number)[],
  key: 'progressToken' | typeof SUBSCRIPTION_ID_META,
): Record<string, unknown> | null {
  // A listen's graceful end names its stream in its result's `_meta` (subscriptions › Graceful Closure).
  const part = path.at(-2);
  if (
    path.at(-1) === '_meta' &&
    (part === 'params' || (part === 'result' && key === SUBSCRIPTION_ID_META))
  ) {
    const message = holderAt(value, path.slice(0, -2));
    const holder = message?.[part];
    return isObject(holder) && isObject(holder._meta) ? holder._meta : null;
  }
  if (path.at(-1) !== 'params' || key !== 'progressToken') return null;
  const message = holderAt(value, path.slice(0, -1));
  if (message?.method !== 'notifications/progress' || !isObject(message.params)) return null;
  return message.params;
}

function roundedInAny(top: unknown): boolean {
  if (!Array.isArray(top)) return roundedIn(top);
  for (const m of top) if (roundedIn(m)) return true;
  return false;
}

function holdsRoundedId(value: unknown): boolean {
  if (!isObject(value)) return Array.isArray(value) && roundedInAny(value);
  return isRounded(value.abandon) || roundedIn(value) || roundedInAny(value.message);
}

/** The params of a notifications/cancelled message, when `path` ends at them. */
function cancelParams(
  message: Record<string, unknown> | null,
  path: readonly (string | number)[],
): Record<string, unknown> | null {
  if (path[path.length - 1] !== 'params' || !message) return null;
  if (message.method !== 'notifications/cancelled' || !isObject(message.params)) return null;
  return message.params;
}

/** The message object at `path` (`[]`, `['message']`, `[i]`, `['message', i]`), if one is there. */
function holderAt(
  value: unknown,
  path: readonly (string | number)[],
): Record<string, unknown> | null {
  const [first, second] = path;
  let node: unknown = value;
  if (path.length > 2) return null;
  if (first === 'message' && isObject(node)) node = node.message;
  else if (typeof first === 'number' && Array.isArray(node)) node = node[first];
  else if (first !== undefined) return null;
  if (second !== undefined) {
    if (typeof second !== 'number' || first !== 'message' || !Array.isArray(node)) return null;
    node = node[second];
  }
  return isObject(node) ? node : null;
}

/**
 * The number tokens of `text` that are the value of an `id`, `requestId`, `progressToken` or
 * subscriptionId member (or a line's `abandon`), with the path of the object
 * holding it, in text order (so a repeated key ends on the one JSON.parse kept). A scanner of
 * valid JSON only: JSON.parse has already accepted the text.
 */
function* idTokens(text: string): Generator<{
  path: (string | number)[];
  key: ExactKey;
  token: string;
}> {
  /** Each open container: its key or index so far, and whether it is an array. */
  const stack: { array: boolean; at: string | number }[] = [];
  const number = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const raw = text.slice(i, end + 1);
      i = end + 1;
      const top = stack[stack.length - 1];
      // A string followed by a colon is a key.
      let j = i;
      while (/\s/.test(text[j] ?? '')) j += 1;
      if (top && !top.array && text[j] === ':') {
        top.at = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      }
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({ array: c === '[', at: c === '[' ? 0 : '' });
      i += 1;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      i += 1;
      continue;
    }
    if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.at = (top.at as number) + 1;
      i += 1;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      number.lastIndex = i;
      const token = (number.exec(text) as RegExpExecArray)[0];
      i += token.length;
      const top = stack[stack.length - 1];
      if (
        top &&
        !top.array &&
        (top.at === 'id' ||
          top.at === 'requestId' ||
          top.at === 'progressToken' ||
          top.at === SUBSCRIPTION_ID_META ||
          (top.at === 'abandon' && stack.length === 1))
      ) {
        yield {
          path: stack.slice(0, -1).map((s) => s.at),
          key: top.at as ExactKey,
          token,
        };
      }
      continue;
    }
    i += 1;
  }
}

/** The integer a JSON number token writes, exactly; null when it is not an integer. */
export function exactInteger(token: string): bigint | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!m) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = m;
  const digits = whole + fraction;
  const shift = Number(exponent) - fraction.length;
  let magnitude: bigint;
  if (shift >= 0) {
    if (shift > 1000) return null; // no id is that long; JSON.parse made it Infinity anyway
    magnitude = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    const cut = digits.length + shift;
    if (!/^0*$/.test(digits.slice(Math.max(0, cut)))) return null;
    magnitude = cut <= 0 ? 0n : BigInt(digits.slice(0, cut));
  }
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * A value for a schema validator, which knows numbers only: an exact id (bigint) as an integer
 * of the same sign. Its type, an integer, is what the schema checks; the exact digits are not.
 * Not the number it rounds to: no revision's schema bounds an id or a progress token ("string or
 * integer"), but the SDK's zod schemas, which judge 2025-11-25, take an integer to be a safe one,
 * and would call a legal value past 2^53 − 1 invalid (id-beyond-safe-integer names that risk).
 */
export const schemaId = (id: unknown): unknown =>
  typeof id === 'bigint' ? (id < 0n ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER) : id;

/**
 * Params (or a result) as a JSON Schema validator reads them: a cancellation's exact requestId,
 * an exact progress token (in `_meta`, or a notifications/progress's own) and a listen stream's
 * exact id (in `_meta`, a result's too) as numbers.
 */
export function schemaParams<T extends Record<string, unknown> | undefined>(params: T): T {
  if (params === undefined) return params;
  const meta = params._meta;
  const metaToken =
    isObject(meta) &&
    (typeof meta.progressToken === 'bigint' || typeof meta[SUBSCRIPTION_ID_META] === 'bigint');
  if (
    typeof params.requestId !== 'bigint' &&
    typeof params.progressToken !== 'bigint' &&
    !metaToken
  ) {
    return params;
  }
  const out: Record<string, unknown> = { ...params };
  for (const key of ['requestId', 'progressToken'] as const) {
    if (typeof out[key] === 'bigint') out[key] = schemaId(out[key]);
  }
  if (metaToken) {
    const exact: Record<string, unknown> = { ...meta };
    for (const key of ['progressToken', SUBSCRIPTION_ID_META]) {
      if (typeof exact[key] === 'bigint') exact[key] = schemaId(exact[key]);
    }
    out._meta = exact;
  }
  return out as T;
}
