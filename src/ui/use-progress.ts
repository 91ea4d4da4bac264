import { useCallback, useRef, useState } from 'react';
import { type ProgressData, recordStep } from './progress-update.js';

/** The learner is on step `index` of lesson `id`, reached by stepping or not (saved at once). */
export type RecordStep = (id: string, index: number, count: number, stepped: boolean) => void;

export type ProgressHandle<P extends ProgressData> = {
  readonly progress: P;
  readonly record: RecordStep;
};

/**
 * Saves the learner's progress on every step change, for a screen that does not show it (a
 * lesson): no state, so a step saved is not a second render of the whole screen after its frame.
 * `onRecorded` gets the progress as saved.
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

/**
 * The learner's progress, for a screen that shows it (the menu): saved on every step change. The
 * language is not the screen's to save: only a `--lang` given on the command line is remembered
 * (src/cli/main.ts).
 */
export function useProgress<P extends ProgressData>(
  initial: P,
  save: (progress: P) => void,
): ProgressHandle<P> {
  const [progress, setProgress] = useState(initial);
  const record = useProgressRecorder(initial, save, setProgress);
  return { progress, record };
}
