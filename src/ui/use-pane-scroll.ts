import { useCallback, useState } from 'react';
import { PANES, type PaneName } from './layout.js';

export type PaneScroll = {
  /** The pane the scrolling keys move. */
  readonly focus: PaneName;
  /** Lines each pane is scrolled (the timeline: rows back from the step on screen). */
  readonly offsets: Readonly<Record<PaneName, number>>;
  /** `Tab`: the next pane (`-1`: the previous one). */
  readonly cycle: (way: 1 | -1) => void;
  /**
   * Scrolls the focused pane: `move` says by how many lines, and how far it can go at most (what
   * the screen says it needs), given the pane that has the focus when the key is applied.
   */
  readonly by: (move: (focus: PaneName) => readonly [delta: number, max: number]) => void;
};

const TOP: Record<PaneName, number> = { text: 0, envelope: 0, timeline: 0 };

/**
 * Which pane has the focus, and how far each pane is scrolled. The offsets belong to the step they
 * were scrolled on, named by `at`: another step opens at the top of each pane. The focus stays
 * where the learner put it, but for a step that names the pane it opens on (`arrive`: a lesson's
 * last step opens on the narration, which holds the recap and what to try next, so that `j`
 * reads on at once). The panes keep their place and size: only the focus moves.
 */
export function usePaneScroll(at: string, arrive: PaneName | null = null): PaneScroll {
  const [state, setState] = useState({ at, focus: 'text' as PaneName, offsets: TOP });
  // The state as it is at `at`: another step's offsets are gone, and its focus is `arrive`'s.
  const here = useCallback(
    (old: typeof state) => (old.at === at ? old : { at, focus: arrive ?? old.focus, offsets: TOP }),
    [at, arrive],
  );
  const cycle = useCallback(
    (way: 1 | -1) =>
      setState((before) => {
        const old = here(before);
        const next = (PANES.indexOf(old.focus) + way + PANES.length) % PANES.length;
        return { ...old, focus: PANES[next] ?? 'text' };
      }),
    [here],
  );
  const by = useCallback(
    (move: (focus: PaneName) => readonly [delta: number, max: number]) =>
      setState((before) => {
        const old = here(before);
        const [delta, max] = move(old.focus);
        // From where the pane stands on screen: a resize can leave the stored offset past `max`,
        // and a key must move what the learner sees at once.
        const lines = Math.max(0, Math.min(Math.min(old.offsets[old.focus], max) + delta, max));
        return { ...old, offsets: { ...old.offsets, [old.focus]: lines } };
      }),
    [here],
  );
  const now = here(state);
  // Kept once shown: back from the last step, the focus stays on the narration it moved to.
  if (now !== state) setState(now);
  return { focus: now.focus, offsets: now.offsets, cycle, by };
}
