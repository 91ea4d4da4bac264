import { useCallback, useRef } from 'react';
import { type ProgressData, recordStep } from './progress-update.js';

/** The learner is on step `index` of lesson `id`, reached by stepping or not (saved at once). */
export type RecordStep = (id: string, index: number, count: number, stepped: boolean) => void;

/**
 * Saves the learner's progress on every step change (the language is not the screen's to save:
 * only a `--lang` given on the command line is remembered, src/cli/main.ts). No React state: a
 * lesson never shows its progress, and a step saved would render the whole screen a second time
 * after its frame. `onRecorded` (stable) gets the progress as saved: the menu keeps it for when it
 * is back on screen.
 */
export function useProgressRecorder<P extends ProgressData>(
  initial: P,
  save: (progress: P) => void,
  onRecorded?: (progress: P) => void,
): RecordStep {
  const latest = useRef(initial);
  return useCallback(
    (id: string, index: number, count: number, stepped: boolean) => {
      const next = recordStep(latest.current, id, index, count, stepped);
      latest.current = next;
      save(next);
      onRecorded?.(next);
    },
    [save, onRecorded],
  );
}
