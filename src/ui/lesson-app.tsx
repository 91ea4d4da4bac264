import { useApp } from 'ink';
import { useCallback } from 'react';
import type { Lang } from '../i18n/lang.js';
import { LessonPlayer } from './lesson-player.js';
import type { OpenedLesson } from './opened-lesson.js';
import { type ProgressData, resumeAt } from './progress-update.js';
import type { ScreenMode } from './screen-mode.js';
import { useProgress } from './use-progress.js';

export type LessonAppProps<P extends ProgressData> = {
  readonly lesson: OpenedLesson;
  readonly progress: P;
  readonly save: (progress: P) => void;
  readonly lang: Lang;
  readonly autoplay: number | null;
  /** A lesson unless told otherwise; only a lesson's progress is saved. */
  readonly mode?: ScreenMode;
};

/** `mcp-sim lesson <id>`: one lesson; `q` quits. */
export function LessonApp<P extends ProgressData>({
  lesson,
  progress: initial,
  save,
  lang,
  autoplay,
  mode,
}: LessonAppProps<P>) {
  const { exit } = useApp();
  const { record } = useProgress(initial, save);
  const onStep = useCallback(
    (index: number) => record(lesson.id, index, lesson.steps.length),
    [lesson, record],
  );
  return (
    <LessonPlayer
      lesson={lesson}
      lang={lang}
      // A lesson that plays by itself is a demonstration (a projector): it starts at the start.
      start={autoplay !== null ? 0 : resumeAt(initial, lesson.id, lesson.steps.length)}
      autoplay={autoplay}
      onStep={onStep}
      onQuit={exit}
      quitHint="keyQuit"
      mode={mode ?? 'lesson'}
    />
  );
}
