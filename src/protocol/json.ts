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
