import { useCallback, useRef, useState } from 'react';
import { type ProgressData, recordStep } from './progress-update.js';

export type ProgressHandle<P extends ProgressData> = {
  readonly progress: P;
  /** The learner is on step `index` of lesson `id`, reached by stepping or not (saved at once). */
  readonly record: (id: string, index: number, count: number, stepped: boolean) => void;
};

/**
 * The learner's progress: saved on every step change. The language is not the screen's to save:
 * only a `--lang` given on the command line is remembered (src/cli/main.ts).
 */
export function useProgress<P extends ProgressData>(
  initial: P,
  save: (progress: P) => void,
): ProgressHandle<P> {
  const latest = useRef(initial);
  const [progress, setProgress] = useState(initial);
  const record = useCallback(
    (id: string, index: number, count: number, stepped: boolean) => {
      const next = recordStep(latest.current, id, index, count, stepped);
      latest.current = next;
      save(next);
      setProgress(next);
    },
    [save],
  );
  return { progress, record };
}
