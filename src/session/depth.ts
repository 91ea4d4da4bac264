import type { WireEvent } from './step.js';

/**
 * How deep a message may nest. JSON.parse reads any depth, but much of what shows a message walks
 * it recursively (JSON.stringify in handouts and logs, React's tree, schema validation), and a
 * deep enough message overflows the call stack there — after the referee has judged it, so one
 * line took the whole view down. The limit is checked once, here at the seam, so every observer
 * can rely on it; real MCP traffic nests a few dozen levels at most (a tool's input schema).
 * docs/transcripts.md gives the measurements behind the number.
 */
export const MAX_DEPTH = 1000;

/**
 * How deep a value nests (a scalar 0, `[]` 1, `[[]]` 2), counted no further than `limit + 1`:
 * the walk keeps its own stack, so a value nested 100,000 levels cannot overflow the call stack,
 * and it stops at the first branch past the limit.
 */
export function depthOf(value: unknown, limit = MAX_DEPTH): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  // Two stacks side by side (a value, its depth): no object per node of the message.
  const values: object[] = [value];
  const depths: number[] = [1];
  for (let top = values.pop(); top !== undefined; top = values.pop()) {
    const depth = depths.pop() ?? 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    if (Array.isArray(top)) {
      for (const child of top) {
        if (child !== null && typeof child === 'object') {
          values.push(child);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    const record = top as Record<string, unknown>;
    for (const key in record) {
      const child = record[key];
      if (child !== null && typeof child === 'object' && Object.hasOwn(record, key)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/** The one-line problem for a message nested past the limit, or null when it is within it. */
export function tooDeep(
  message: unknown,
  limit = MAX_DEPTH,
): { readonly en: string; readonly zh: string } | null {
  return depthOf(message, limit) > limit
    ? {
        en: `nested deeper than ${limit} levels (a message may nest at most ${limit}); not read`,
        zh: `嵌套超过 ${limit} 层（一条消息最多嵌套 ${limit} 层）；未读取`,
      }
    : null;
}

/**
 * The event as the session log takes it: a message nested past the limit becomes an unreadable
 * event at the same place (its line, its time), so the rest of the session goes on without it.
 * Its raw value is not kept (no `raw`): writing it out (a serve log) would walk it recursively again.
 */
export function withinDepth(event: WireEvent): WireEvent {
  if (event.type !== 'message') return event;
  const problem = tooDeep(event.message);
  if (problem === null) return event;
  const { direction, message: _dropped, type: _type, ...origin } = event;
  return {
    ...origin,
    type: 'unreadable',
    problem: problem.en,
    problemZh: problem.zh,
    ...(direction ? { direction } : {}),
  };
}
