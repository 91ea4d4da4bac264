import { useApp } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Lang } from '../i18n/lang.js';
import { LessonMenu } from './lesson-menu.js';
import type { LessonPlayer } from './lesson-player.js';
import { menuData } from './menu-items.js';
import {
  type LessonOpener,
  type MenuListing,
  nextLesson,
  type OpenedLesson,
} from './opened-lesson.js';
import { inProgress, type ProgressData, resumeAt } from './progress-update.js';
import { RecapLessonContext } from './recap-lesson.js';
import { useKeyRouter } from './use-key-router.js';
import { useProgressRecorder } from './use-progress.js';

export type MenuAppProps<P extends ProgressData> = {
  readonly listing: MenuListing;
  /** Opens a lesson of the listing (plays it, or reads what the build played). */
  readonly open: LessonOpener;
  readonly progress: P;
  readonly save: (progress: P) => void;
  readonly lang: Lang;
  /** Loads the lesson player (XState, the lesson screen); a test can watch it being asked for. */
  readonly loadPlayer?: () => Promise<{ readonly LessonPlayer: typeof LessonPlayer }>;
};

const importPlayer = () => import('./lesson-player.js');

type Screen =
  | { readonly kind: 'menu'; readonly loading: boolean }
  | {
      readonly kind: 'lesson';
      readonly lesson: OpenedLesson;
      readonly start: number;
      // The player (XState, the lesson screen) loads with the first lesson, not with the menu.
      readonly Player: typeof LessonPlayer;
    };

/** `mcp-sim`: the menu; Enter plays a lesson, `q` in the lesson comes back, `q` here quits. */
export function MenuApp<P extends ProgressData>({
  listing,
  open,
  progress: initial,
  save,
  lang,
  loadPlayer = importPlayer,
}: MenuAppProps<P>) {
  const { exit } = useApp();
  // The player loads while the learner reads the menu, after its first frame, so that Enter does
  // not wait for it (the import is the same promise both times).
  useEffect(() => {
    const soon = setTimeout(() => void loadPlayer().catch(() => {}), 0);
    return () => clearTimeout(soon);
  }, [loadPlayer]);
  const route = useKeyRouter();
  // The progress as saved, step by step; the menu takes it when it is back on screen, so that a
  // step saved is not a second render of the lesson on screen.
  const { record, latest } = useProgressRecorder(initial, save);
  const [progress, setProgress] = useState(initial);
  const [screen, setScreen] = useState<Screen>({ kind: 'menu', loading: false });
  // The menu opens on the lesson in progress, if there is one.
  const [selected, setSelected] = useState(() => {
    const resume = inProgress(
      initial,
      listing.lessons.map((lesson) => lesson.id),
    );
    return Math.max(
      0,
      listing.lessons.findIndex((l) => l.id === resume),
    );
  });
  const [notice, setNotice] = useState<string | null>(null);
  const menu = useMemo(() => menuData(listing, progress, lang), [listing, progress, lang]);

  const openLesson = useCallback(
    (id: string) => {
      setNotice(null);
      setScreen({ kind: 'menu', loading: true });
      void Promise.all([open(id), loadPlayer()]).then(([opened, { LessonPlayer: Player }]) => {
        if (opened.ok) {
          const start = resumeAt(latest(), id, opened.value.steps.length);
          setScreen({ kind: 'lesson', lesson: opened.value, start, Player });
        } else {
          setNotice(opened.error.message);
          setScreen({ kind: 'menu', loading: false });
        }
      });
    },
    [open, loadPlayer, latest],
  );
  const lesson = screen.kind === 'lesson' ? screen.lesson : null;
  const onStep = useCallback(
    (index: number, stepped: boolean) => {
      if (lesson) record(lesson.id, index, lesson.steps.length, stepped);
    },
    [lesson, record],
  );
  // `n` on the last step opens the course's next lesson (and the menu keeps it chosen for coming back).
  const at = lesson ? listing.lessons.findIndex((l) => l.id === lesson.id) : -1;
  const following = at >= 0 ? listing.lessons[at + 1] : undefined;
  const next = lesson ? nextLesson(listing, lesson.id) : null;
  const onNext = useCallback(() => {
    if (!following) return;
    setSelected(at + 1);
    openLesson(following.id);
  }, [following, at, openLesson]);
  const back = useCallback(() => {
    setProgress(latest());
    setScreen({ kind: 'menu', loading: false });
  }, [latest]);

  if (screen.kind === 'lesson') {
    const { Player } = screen;
    return (
      <RecapLessonContext.Provider value={screen.lesson.id}>
        <Player
          key={screen.lesson.id}
          lesson={screen.lesson}
          lang={lang}
          start={screen.start}
          resumed
          autoplay={null}
          onStep={onStep}
          onQuit={back}
          quitHint="keyMenu"
          route={route}
          next={next}
          onNext={onNext}
        />
      </RecapLessonContext.Provider>
    );
  }
  return (
    <LessonMenu
      menu={menu}
      selected={selected}
      loading={screen.loading}
      notice={notice}
      lang={lang}
      onSelect={setSelected}
      onOpen={openLesson}
      onQuit={exit}
      route={route}
    />
  );
}
