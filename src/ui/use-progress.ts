import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lang } from '../i18n/lang.js';
import { type ProgressData, recordStep } from './progress-update.js';

export type ProgressHandle<P extends ProgressData> = {
  readonly progress: P;
  /** The learner is on step `index` of lesson `id`, reached by stepping or not (saved at once). */
  readonly record: (id: string, index: number, count: number, stepped: boolean) => void;
};

/** The learner's progress: saved on every step change and once more when the app goes away. */
export function useProgress<P extends ProgressData>(
  initial: P,
  save: (progress: P) => void,
  lang: Lang,
): ProgressHandle<P> {
  const latest = useRef(initial);
  const [progress, setProgress] = useState(initial);
  const record = useCallback(
    (id: string, index: number, count: number, stepped: boolean) => {
      const next = recordStep(latest.current, id, index, count, lang, stepped);
      latest.current = next;
      save(next);
      setProgress(next);
    },
    [save, lang],
  );
  useEffect(
    () => () => {
      // Quitting (q or Ctrl+C) unmounts the app: keep the language even if no step was taken.
      save({ ...latest.current, lang });
    },
    [save, lang],
  );
  return { progress, record };
}
