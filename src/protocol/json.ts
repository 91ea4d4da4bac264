export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as one reference token of a JSON pointer (RFC 6901 § 3: `~` as `~0`, `/` as `~1`). */
export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The key a reference token of a JSON pointer names (`pointerToken` undone). */
export const tokenKey = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The value a JSON pointer names (objects by own key, arrays by index), or undefined when it
 * names none: parsed JSON holds no undefined, so that answers whether the field exists.
 */
export function valueAt(value: unknown, pointer: string): unknown {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = tokenKey(raw);
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (isObject(node) && Object.hasOwn(node, key)) {
      node = node[key];
    } else {
      return undefined;
    }
  }
  return node;
}

/** `pointer`, or the nearest field above it that `has` ('' for the whole value). */
export function nearestPresent(pointer: string, has: (pointer: string) => boolean): string {
  let at = pointer;
  while (at !== '' && !has(at)) at = at.slice(0, at.lastIndexOf('/'));
  return at;
}

/** Where a bigint stood, while JSON.stringify writes the rest (it cannot write a bigint). */
const BIG_MARK = '\u0000mcp-sim-bigint:';
const BIG_MARKED = /"\\u0000mcp-sim-bigint:(-?\d+)"/g;

/**
 * `JSON.stringify`, except that a bigint (an id past 2^53 − 1 as a transcript wrote it, see
 * `withExactIds`) is written as its digits, a JSON number, where JSON.stringify would throw.
 * Costs nothing more when the value holds none.
 */
export function jsonText(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    const marked = JSON.stringify(
      value,
      (_key, v: unknown) => (typeof v === 'bigint' ? `${BIG_MARK}${v}` : v),
      space,
    );
    return marked.replace(BIG_MARKED, '$1');
  }
}

/**
 * A JSON pointer as a learner reads it: each reference token as the key it names, in JSON quotes
 * when the key holds a `/` or a `~` (`/params/_meta/"io.modelcontextprotocol/protocolVersion"`,
 * not `…/io.modelcontextprotocol~1protocolVersion`), or is empty. For the screen only: files and
 * JSON outputs keep the real pointer.
 */
export function readablePointer(pointer: string): string {
  if (!pointer.includes('~') && !pointer.includes('//') && !pointer.endsWith('/')) return pointer;
  return pointer
    .split('/')
    .slice(1)
    .map((token) => {
      const key = tokenKey(token);
      return `/${key === '' || /[/~]/.test(key) ? JSON.stringify(key) : key}`;
    })
    .join('');
}

/**
 * A table looked up by names that come from outside (the wire, a file, the command line): own
 * entries only, so "constructor", "toString" or "__proto__" finds nothing, never a property of
 * Object.prototype (a client's method "constructor" once reached Object's constructor as a
 * capability and crashed `serve`). Frozen, with no prototype; `in` and indexing both see only
 * the entries given.
 */
export function ownTable<K extends string, T>(
  entries: Readonly<Record<K, T>>,
): Readonly<Record<K, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<K, T>, entries));
}
