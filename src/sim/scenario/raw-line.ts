import type { Bilingual } from '../../protocol/index.js';
import type { PeerViews, SessionLog, WireEvent } from '../../session/index.js';

/**
 * What a lesson's `do: {raw: …}` puts on the wire, as the session log takes it from a real client
 * (the live server reads its lines the same way): a line that is not JSON, or JSON that is not an
 * object, is an unreadable line kept as written; an object goes to the referee, and so does a batch
 * the session reads (2025-03-26).
 * Without this the line reached only the simulated server, and `lesson --json` left it out.
 */
export function rawLineEvent(
  text: string,
  t: number,
  notes: { readonly note: Bilingual; readonly peers: PeerViews },
  log: SessionLog,
): WireEvent {
  const direction = 'client->server';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON.parse's wording: it differs between Node versions, and a lesson's run is fixed.
    const problem = 'not valid JSON';
    const problemZh = '不是有效的 JSON';
    return { type: 'unreadable', direction, problem, problemZh, raw: text, t, notes };
  }
  if (Array.isArray(value)) {
    // A batch: its messages in a session that reads batches (2025-03-26), as the log decides;
    // else one line kept as written, with the log's reason.
    const batch = log.batchProblem(value);
    if (batch === null) return { type: 'message', direction, message: value, t, notes };
    return {
      type: 'unreadable',
      direction,
      problem: batch.en,
      problemZh: batch.zh,
      raw: text,
      t,
      notes,
    };
  }
  if (typeof value !== 'object' || value === null) {
    const problem = 'not a JSON-RPC message (not an object)';
    const problemZh = '不是 JSON-RPC 消息（不是对象）';
    return { type: 'unreadable', direction, problem, problemZh, raw: text, t, notes };
  }
  return { type: 'message', direction, message: value, t, notes };
}
