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
 * where the learner put it.
 */
export function usePaneScroll(at: string): PaneScroll {
  const [state, setState] = useState({ at, focus: 'text' as PaneName, offsets: TOP });
  const cycle = useCallback(
    (way: 1 | -1) =>
      setState((old) => {
        const next = (PANES.indexOf(old.focus) + way + PANES.length) % PANES.length;
        return { ...old, focus: PANES[next] ?? 'text' };
      }),
    [],
  );
  const by = useCallback(
    (move: (focus: PaneName) => readonly [delta: number, max: number]) =>
      setState((old) => {
        const offsets = old.at === at ? old.offsets : TOP;
        const [delta, max] = move(old.focus);
        const lines = Math.max(0, Math.min(offsets[old.focus] + delta, max));
        return { at, focus: old.focus, offsets: { ...offsets, [old.focus]: lines } };
      }),
    [at],
  );
  return { focus: state.focus, offsets: state.at === at ? state.offsets : TOP, cycle, by };
}
