import { useCallback, useState } from 'react';

export type TextScroll = {
  /** Lines the step's text is scrolled down. */
  readonly lines: number;
  /** Scrolls by `delta` lines, within 0…`max` (what the screen says the text needs). */
  readonly by: (delta: number, max: number) => void;
};

/**
 * How far the step's text is scrolled (the screen scrolls it only when it does not fit). The
 * offset belongs to the step it was scrolled on, named by `at`: another step starts at the top.
 */
export function useTextScroll(at: string): TextScroll {
  const [state, setState] = useState({ at, lines: 0 });
  const by = useCallback(
    (delta: number, max: number) =>
      setState((old) => {
        const from = old.at === at ? old.lines : 0;
        return { at, lines: Math.max(0, Math.min(from + delta, max)) };
      }),
    [at],
  );
  return { lines: state.at === at ? state.lines : 0, by };
}
