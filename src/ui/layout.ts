/** Where the lesson screen switches to timeline and envelope side by side. */
export const WIDE_COLUMNS = 120;
/** Below this the screen shows a "too small" notice instead of the lesson. */
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;
/** Lines the envelope keeps (title included) even when the narration would need them. */
export const ENVELOPE_FLOOR = 6;
/** From this height on, field meanings wrap instead of being cut at the line's end. */
export type PeersMode = 'full' | 'compact' | 'none';

export type MiddlePlan = {
  readonly peers: PeersMode;
  /** Lines of the peers block: a bordered panel each, one line each, or nothing. */
  readonly peersHeight: number;
  /** Diagram rows (below the C/S header line); 0 hides the timeline. */
  readonly timelineRows: number;
  /** Timeline and envelope side by side. */
  readonly side: boolean;
  /** Lines for the envelope block (title, JSON, meanings). */
  readonly envelopeHeight: number;
};

export type MiddleNeeds = {
  /** The height Ink gave the middle of the screen (measured). */
  readonly height: number;
  readonly wide: boolean;
  /** Lines the envelope block would like: title + JSON + meanings. */
  readonly envelopeLines: number;
  /** Messages so far, i.e. diagram rows the timeline could show. */
  readonly messages: number;
};

const PEERS_HEIGHT = { full: 6, compact: 2, none: 0 } as const satisfies Record<PeersMode, number>;
/** The envelope always keeps this much (or all it needs) before anything else gets room. */
const ENVELOPE_MIN = 8;
const TIMELINE_MAX = 12;

/**
 * Shares the middle of the lesson screen by priority: the envelope first, then a one-line summary
 * of each peer, then a few timeline rows; whatever is left grows the envelope, then the timeline,
 * then turns the peer summaries into full panels.
 */
export function planMiddle(needs: MiddleNeeds): MiddlePlan {
  const height = Math.max(0, needs.height);
  if (needs.wide) return planSide(needs, height);
  let left = height;
  let envelope = Math.min(needs.envelopeLines, ENVELOPE_MIN, left);
  left -= envelope;
  let peers: PeersMode = 'none';
  if (left >= PEERS_HEIGHT.compact) {
    peers = 'compact';
    left -= PEERS_HEIGHT.compact;
  }
  const timelineWanted = Math.min(needs.messages, TIMELINE_MAX);
  let timeline = 0;
  if (timelineWanted > 0 && left >= 3) {
    timeline = Math.min(2, timelineWanted);
    left -= timeline + 1;
  }
  const grow = Math.min(left, Math.max(0, needs.envelopeLines - envelope));
  envelope += grow;
  left -= grow;
  if (timeline > 0) {
    const more = Math.min(left, timelineWanted - timeline);
    timeline += more;
    left -= more;
  }
  if (peers === 'compact' && left >= PEERS_HEIGHT.full - PEERS_HEIGHT.compact) {
    peers = 'full';
    left -= PEERS_HEIGHT.full - PEERS_HEIGHT.compact;
  }
  // What nobody wanted stays with the envelope block, which is the one that can use blank lines.
  envelope += left;
  return {
    peers,
    peersHeight: PEERS_HEIGHT[peers],
    timelineRows: timeline,
    side: false,
    envelopeHeight: envelope,
  };
}

function planSide(needs: MiddleNeeds, height: number): MiddlePlan {
  const keep = Math.min(needs.envelopeLines, 14);
  let peers: PeersMode = 'none';
  if (height - PEERS_HEIGHT.full >= keep) peers = 'full';
  else if (height - PEERS_HEIGHT.compact >= Math.min(keep, ENVELOPE_MIN)) peers = 'compact';
  const rest = height - PEERS_HEIGHT[peers];
  return {
    peers,
    peersHeight: PEERS_HEIGHT[peers],
    timelineRows: needs.messages > 0 ? Math.max(0, rest - 1) : 0,
    side: true,
    envelopeHeight: rest,
  };
}
