import { useCallback, useRef } from 'react';
import { type ProgressData, recordStep } from './progress-update.js';

/** The learner is on step `index` of lesson `id`, reached by stepping or not (saved at once). */
export type RecordStep = (id: string, index: number, count: number, stepped: boolean) => void;

export type ProgressRecorder<P extends ProgressData> = {
  readonly record: RecordStep;
  /** The progress as last saved (stable): the menu reads it when it is back on screen. */
  readonly latest: () => P;
};

/**
 * Saves the learner's progress on every step change (the language is not the screen's to save:
 * only a `--lang` given on the command line is remembered, src/cli/main.ts). No React state: a
 * lesson never shows its progress, and a step saved would render the whole screen a second time
 * after its frame.
 */
export function useProgressRecorder<P extends ProgressData>(
  initial: P,
  save: (progress: P) => void,
): ProgressRecorder<P> {
  const saved = useRef(initial);
  const record = useCallback(
    (id: string, index: number, count: number, stepped: boolean) => {
      const next = recordStep(saved.current, id, index, count, stepped);
      saved.current = next;
      save(next);
    },
    [save],
  );
  const latest = useCallback(() => saved.current, []);
  return { record, latest };
}
