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

/**
 * A bordered peer panel's rows: its borders, and the version, the capabilities (two lines: a long
 * list wraps), the tools and the work in flight.
 */
export const PANEL_HEIGHT = 7;
const PEERS_HEIGHT = { full: PANEL_HEIGHT, compact: 2, none: 0 } as const satisfies Record<
  PeersMode,
  number
>;
/** Lines of the screen that are not the body: header, phases, key bar, and one kept free. */
export const CHROME = 4;
/** From this many body lines on, each peer gets a bordered panel. */
const FULL_PEERS = { narrow: 34, wide: 30 } as const;
/** The share of the lines below the peers each pane gets (the envelope takes the rest). */
const SHARE = { timeline: 0.2, text: 0.35 } as const satisfies Partial<Record<PaneName, number>>;

/**
 * The most lines of content each pane holds at any step of a lesson (its title line excluded): what
 * `planPanes` shares the spare rows by. The recap of the last step is left out of `text`: past its
 * first lines (RECAP_ROWS) it scrolls in its pane, which that step opens focused on.
 */
export type PaneNeeds = Readonly<Record<PaneName, number>>;

/**
 * Rows of its text the last step shows before its recap scrolls: the split gives none of them away,
 * so the narration pane keeps at least these (all it has at 80×24, which the split leaves as is).
 */
export const RECAP_ROWS = 5;
/** The fewest lines a pane keeps when the split moves rows, its title included. */
const MIN_HEIGHT = {
  text: RECAP_ROWS + 1,
  envelope: 2,
  timeline: 2,
} as const satisfies Record<PaneName, number>;
/** Which pane's spare rows are taken first, and which pane that lacks rows is given them first. */
const GIVES = ['text', 'timeline', 'envelope'] as const satisfies readonly PaneName[];
const TAKES = ['envelope', 'text', 'timeline'] as const satisfies readonly PaneName[];

/**
 * How the lesson screen shares its rows: a share per pane from the terminal's size; then, given the
 * lesson's `needs` (its steps as a whole), rows a pane leaves empty at every step go to the panes
 * whose content is cut. The split is the same for every step of a lesson, so the panes keep their
 * place and size from step to step. A pane whose content is longer scrolls inside itself and says
 * how much more there is; the screen never reflows.
 */
export function planPanes(columns: number, rows: number, needs?: PaneNeeds): PanePlan {
  const wide = columns >= WIDE_COLUMNS;
  const body = Math.max(0, rows - CHROME);
  const peers: PeersMode = body >= FULL_PEERS[wide ? 'wide' : 'narrow'] ? 'full' : 'compact';
  const rest = Math.max(0, body - PEERS_HEIGHT[peers]);
  const text = Math.max(3, Math.round(rest * SHARE.text));
  if (wide) {
    const timelineWidth = Math.min(48, Math.floor(columns * 0.4));
    const side = Math.max(2, rest - text);
    // Timeline and envelope side by side share one height: one slot, as tall as the taller needs.
    const shared = needs
      ? share(
          { text, envelope: side, timeline: side },
          {
            ...needs,
            envelope: Math.max(needs.envelope, needs.timeline),
            timeline: 0,
          },
          ['text', 'envelope'],
        )
      : null;
    const heights = shared
      ? { ...shared, timeline: shared.envelope }
      : { text, envelope: side, timeline: side };
    return {
      wide,
      peers,
      peersHeight: PEERS_HEIGHT[peers],
      heights,
      widths: { text: columns, envelope: columns - timelineWidth - 1, timeline: timelineWidth },
    };
  }
  const timeline = Math.max(2, Math.round(rest * SHARE.timeline));
  const heights = { text, envelope: Math.max(2, rest - text - timeline), timeline };
  return {
    wide,
    peers,
    peersHeight: PEERS_HEIGHT[peers],
    heights: needs ? share(heights, needs, PANES) : heights,
    widths: { text: columns, envelope: columns, timeline: columns },
  };
}

/**
 * Moves rows from the panes among `panes` that leave some empty at every step to those whose
 * content is cut at some step, as many as are both spare and wanted; the total stays the same.
 */
function share(
  heights: Readonly<Record<PaneName, number>>,
  needs: PaneNeeds,
  panes: readonly PaneName[],
): Record<PaneName, number> {
  const out = { ...heights };
  const wanted = (p: PaneName) => needs[p] + 1;
  const spare = (p: PaneName) => Math.max(0, out[p] - Math.max(wanted(p), MIN_HEIGHT[p]));
  const lacking = (p: PaneName) => Math.max(0, wanted(p) - out[p]);
  for (const taker of TAKES.filter((p) => panes.includes(p))) {
    for (const giver of GIVES.filter((p) => panes.includes(p) && p !== taker)) {
      const moved = Math.min(spare(giver), lacking(taker));
      out[giver] -= moved;
      out[taker] += moved;
    }
  }
  return out;
}

/** Lines a pane of `height` lines shows below its title. */
export const paneRows = (height: number) => Math.max(1, height - 1);

/** How far a pane with `lines` of content can scroll in `height` lines. */
export const maxScroll = (lines: number, height: number) => Math.max(0, lines - paneRows(height));
