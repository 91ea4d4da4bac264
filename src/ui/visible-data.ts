import { visible } from '../protocol/visible.js';

/**
 * Every string a screen draws came from a transcript, a lesson file or a real peer at some point
 * (a method, an id, a tool's name, a capability key, a note, a violation quoting a value), and Ink
 * writes text as it is: an ESC in it would reach the terminal. Rather than trust each component to
 * remember, the data is made visible once, as it enters the screens (`screenStep`, the opened
 * lesson, the menu). Line breaks stay: notes and recaps are prose laid out in lines.
 *
 * Snapshots are shared between steps (the same capabilities object for a whole session), so a
 * cleaned object is remembered by identity, and an object with nothing to clean is kept as is.
 */
const cleaned = new WeakMap<object, object>();

/**
 * `value` with every string in it made visible; the same object when nothing needed it. Recursion
 * is bounded: the session log refuses messages nested past MAX_DEPTH (src/session/depth.ts).
 */
export function visibleData<T>(value: T): T {
  if (typeof value === 'string') return visible(value, { newlines: true }) as T;
  if (value === null || typeof value !== 'object') return value;
  const known = cleaned.get(value);
  if (known !== undefined) return known as T;
  let result: object = value;
  if (Array.isArray(value)) {
    const items = value.map((item) => visibleData(item));
    if (items.some((item, i) => item !== value[i])) result = items;
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const k = visible(key);
      const v = visibleData(item);
      if (k !== key || v !== item) changed = true;
      copy[k] = v;
    }
    if (changed) result = copy;
  }
  cleaned.set(value, result);
  return result as T;
}
