/** Where the lesson screen switches to timeline and envelope side by side. */
export const WIDE_COLUMNS = 120;
/** Below this the screen shows a "too small" notice instead of the lesson. */
export const MIN_COLUMNS = 60;
export const MIN_ROWS = 16;

export type PeersMode = 'full' | 'compact' | 'none';

/** The panes that scroll, in the order `Tab` visits them. */
export const PANES = ['text', 'envelope', 'timeline'] as const;
export type PaneName = (typeof PANES)[number];

export type PanePlan = {
  /** Timeline and envelope side by side. */
  readonly wide: boolean;
  readonly peers: PeersMode;
  /** Lines of the peers block: a bordered panel each, or one line each. */
  readonly peersHeight: number;
  /** Lines of each pane, its title line included. */
  readonly heights: Readonly<Record<PaneName, number>>;
  /** Columns of each pane. */
  readonly widths: Readonly<Record<PaneName, number>>;
};

const PEERS_HEIGHT = { full: 6, compact: 2, none: 0 } as const satisfies Record<PeersMode, number>;
/** Lines of the screen that are not the body: header, phases, key bar, and one kept free. */
export const CHROME = 4;
/** From this many body lines on, each peer gets a bordered panel. */
const FULL_PEERS = { narrow: 34, wide: 30 } as const;
/** The share of the lines below the peers each pane gets (the envelope takes the rest). */
const SHARE = { timeline: 0.2, text: 0.35 } as const satisfies Partial<Record<PaneName, number>>;

/**
 * How the lesson screen shares its rows: a fixed share per pane, from the terminal's size alone,
 * so the panes keep their place and size from step to step. A pane whose content is longer
 * scrolls inside itself and says how much more there is; the screen never reflows.
 */
export function planPanes(columns: number, rows: number): PanePlan {
  const wide = columns >= WIDE_COLUMNS;
  const body = Math.max(0, rows - CHROME);
  const peers: PeersMode = body >= FULL_PEERS[wide ? 'wide' : 'narrow'] ? 'full' : 'compact';
  const rest = Math.max(0, body - PEERS_HEIGHT[peers]);
  const text = Math.max(3, Math.round(rest * SHARE.text));
  if (wide) {
    const timelineWidth = Math.min(48, Math.floor(columns * 0.4));
    const side = Math.max(2, rest - text);
    return {
      wide,
      peers,
      peersHeight: PEERS_HEIGHT[peers],
      heights: { text, envelope: side, timeline: side },
      widths: { text: columns, envelope: columns - timelineWidth - 1, timeline: timelineWidth },
    };
  }
  const timeline = Math.max(2, Math.round(rest * SHARE.timeline));
  return {
    wide,
    peers,
    peersHeight: PEERS_HEIGHT[peers],
    heights: { text, envelope: Math.max(2, rest - text - timeline), timeline },
    widths: { text: columns, envelope: columns, timeline: columns },
  };
}

/** Lines a pane of `height` lines shows below its title. */
export const paneRows = (height: number) => Math.max(1, height - 1);

/** How far a pane with `lines` of content can scroll in `height` lines. */
export const maxScroll = (lines: number, height: number) => Math.max(0, lines - paneRows(height));
