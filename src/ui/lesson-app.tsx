import { useApp } from 'ink';
import { useCallback, useState } from 'react';
import type { Lang } from '../i18n/lang.js';
import { LessonPlayer } from './lesson-player.js';
import {
  type LessonOpener,
  type MenuListing,
  nextLesson,
  type OpenedLesson,
} from './opened-lesson.js';
import { type ProgressData, resumeAt } from './progress-update.js';
import { RecapLessonContext } from './recap-lesson.js';
import type { ScreenMode } from './screen-mode.js';
import { useKeyRouter } from './use-key-router.js';
import { useProgressRecorder } from './use-progress.js';

export type LessonAppProps<P extends ProgressData> = {
  readonly lesson: OpenedLesson;
  readonly progress: P;
  readonly save: (progress: P) => void;
  readonly lang: Lang;
  readonly autoplay: number | null;
  /** A lesson unless told otherwise; only a lesson's progress is saved. */
  readonly mode?: ScreenMode;
  /** The course the lesson belongs to: `n` on its last step opens the next one. */
  readonly course?: { readonly listing: MenuListing; readonly open: LessonOpener };
  /** The step it opens at (a recording's, where its recap is: a connect run that failed). */
  readonly startAt?: number;
};

/** `mcp-sim lesson <id>`: one lesson (then the course's next ones, with `n`); `q` quits. */
export function LessonApp<P extends ProgressData>({
  lesson: first,
  progress: initial,
  save,
  lang,
  autoplay,
  mode,
  course,
  startAt,
}: LessonAppProps<P>) {
  const { exit } = useApp();
  // The lesson screen never shows the progress it saves: saving a step renders nothing again.
  const { record } = useProgressRecorder(initial, save);
  // One listener for every lesson this app shows: the next lesson gets the very next key.
  const route = useKeyRouter();
  // The lesson on screen: the one asked for, until `n` on a last step opens the next.
  const [lesson, setLesson] = useState<{ opened: OpenedLesson; next: boolean }>({
    opened: first,
    next: false,
  });
  const { opened } = lesson;
  const onStep = useCallback(
    (index: number, stepped: boolean) => record(opened.id, index, opened.steps.length, stepped),
    [opened, record],
  );
  const at = course ? course.listing.lessons.findIndex((l) => l.id === opened.id) : -1;
  const following = course && at >= 0 ? course.listing.lessons[at + 1] : undefined;
  const next = course ? nextLesson(course.listing, opened.id) : null;
  const onNext = useCallback(() => {
    if (!course || !following) return;
    void course.open(following.id).then((result) => {
      if (result.ok) setLesson({ opened: result.value, next: true });
    });
  }, [course, following]);
  // A lesson that plays by itself is a demonstration (a projector): it starts at the start; so
  // does the next lesson, opened from the last step of this one.
  const resumes = autoplay === null && !lesson.next && (mode ?? 'lesson') === 'lesson';
  // The recap offers the sandbox at this lesson's last state (a recording's has none).
  const tryIt = (mode ?? 'lesson') === 'lesson' ? opened.id : null;
  return (
    <RecapLessonContext.Provider value={tryIt}>
      <LessonPlayer
        key={opened.id}
        lesson={opened}
        lang={lang}
        start={
          !lesson.next && startAt !== undefined
            ? startAt
            : resumes
              ? resumeAt(initial, opened.id, opened.steps.length)
              : 0
        }
        autoplay={autoplay}
        resumed={resumes}
        onStep={onStep}
        onQuit={exit}
        quitHint="keyQuit"
        route={route}
        mode={mode ?? 'lesson'}
        next={next}
        onNext={onNext}
      />
    </RecapLessonContext.Provider>
  );
}
