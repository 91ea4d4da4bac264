import { hasControl, visible } from '../protocol/visible.js';

/**
 * Every string a screen draws came from a transcript, a lesson file or a real peer at some point
 * (a method, an id, a tool's name, a capability key, a note, a violation quoting a value), and Ink
 * writes text as it is: an ESC in it would reach the terminal. Rather than trust each component to
 * remember, the data is made visible once, as it enters the screens (`screenStep`, the opened
 * lesson, the menu). Line breaks stay: notes and recaps are prose laid out in lines.
 *
 * Both walks keep their own stack: a declared capability can nest as deep as the message does.
 */

type Plain = Record<string, unknown> | unknown[];

const isPlain = (value: unknown): value is Plain =>
  Array.isArray(value) ||
  (value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype);

/**
 * A report's classified envelope holds the message as sent: JSON views escape it themselves, and
 * walking it would copy the whole message for nothing.
 */
const KEPT = 'envelope';

/** Whether anything in `value` (a string, a key) holds a control character. */
function needsCleaning(value: unknown): boolean {
  const stack = [value];
  for (let top = stack.pop(); stack.length > 0 || top !== undefined; top = stack.pop()) {
    if (typeof top === 'string') {
      if (hasControl(top)) return true;
    } else if (isPlain(top)) {
      for (const [key, item] of Object.entries(top)) {
        if (key === KEPT && !Array.isArray(top)) continue;
        if (hasControl(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** `value` with every string and key in it made visible; the same value when nothing needed it. */
export function visibleData<T>(value: T): T {
  if (!needsCleaning(value)) return value;
  if (typeof value === 'string') return visible(value, { newlines: true }) as T;
  const copy = (from: Plain): Plain => (Array.isArray(from) ? [] : {});
  const root = copy(value as Plain);
  const stack: Array<[Plain, Record<string, unknown>]> = [[value as Plain, root as never]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [from, to] = top;
    for (const [key, item] of Object.entries(from)) {
      const name = Array.isArray(from) ? key : visible(key);
      if (key === KEPT && !Array.isArray(from)) to[name] = item;
      else if (typeof item === 'string') to[name] = visible(item, { newlines: true });
      else if (isPlain(item)) {
        const inner = copy(item);
        to[name] = inner;
        stack.push([item, inner as never]);
      } else to[name] = item;
    }
  }
  return root as T;
}
