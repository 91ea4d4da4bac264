import { useMachine } from '@xstate/react';
import type { Key } from 'ink';
import { useEffect, useMemo } from 'react';
import { type Lang, tr } from '../i18n/lang.js';
import type { StringKey } from '../i18n/strings.js';
import { visible } from '../protocol/visible.js';
import { LessonScreen } from './components/lesson-screen.js';
import {
  actionsFor,
  isScroll,
  keyHints,
  keyNames,
  LESSON_KEYS,
  type LessonAction,
  LIST_KEYS,
  type ListAction,
  SCROLL_BY,
} from './keymap.js';
import type { OpenedLesson } from './opened-lesson.js';
import { type PlayerEvent, playerMachine } from './player-machine.js';
import { fitScreen } from './screen-fit.js';
import type { ScreenMode } from './screen-mode.js';
import { useKeyRoute } from './use-key-route.js';
import { type KeyRoute, useKeyRouter } from './use-key-router.js';
import { useTerminalSize } from './use-terminal-size.js';
import { useTextScroll } from './use-text-scroll.js';
import { violationRows } from './violation-list.js';

export type LessonPlayerProps = {
  readonly lesson: OpenedLesson;
  readonly lang: Lang;
  /** The step to open at (where the learner left off). */
  readonly start: number;
  /** Seconds between automatic steps (--autoplay), or null. */
  readonly autoplay: number | null;
  readonly onStep: (index: number) => void;
  readonly onQuit: () => void;
  /** What `q` is called in the key bar: quit, or back to the menu. */
  readonly quitHint: StringKey;
  /** The app's key route; without one the player listens to the keyboard itself. */
  readonly route?: KeyRoute;
  /** A lesson unless told otherwise; a recording or an exercise run saves nothing and is no lesson. */
  readonly mode?: ScreenMode;
};

const EVENTS = {
  next: { type: 'NEXT' },
  prev: { type: 'PREV' },
  first: { type: 'FIRST' },
  last: { type: 'LAST' },
  help: { type: 'TOGGLE_HELP' },
  closeHelp: { type: 'CLOSE_HELP' },
  violations: { type: 'TOGGLE_LIST' },
  nextBroken: { type: 'NEXT_BROKEN' },
  prevBroken: { type: 'PREV_BROKEN' },
} as const satisfies Record<Exclude<LessonAction, 'quit' | keyof typeof SCROLL_BY>, PlayerEvent>;

/** What each key does while the violation list is open. */
const LIST_EVENTS = {
  up: { type: 'LIST_UP' },
  down: { type: 'LIST_DOWN' },
  choose: { type: 'LIST_CHOOSE' },
  close: { type: 'CLOSE_LIST' },
} as const satisfies Record<ListAction, PlayerEvent>;

/** Plays one lesson: the player machine decides the step, the keys drive it, the screen shows it. */
export function LessonPlayer({
  lesson,
  lang,
  start,
  autoplay,
  onStep,
  onQuit,
  quitHint,
  route,
  mode,
}: LessonPlayerProps) {
  // The violations as the session log's steps recorded them: the list, `]` and `[` read these rows.
  const rows = violationRows(lesson.steps);
  const [snapshot, send] = useMachine(playerMachine, {
    input: {
      count: lesson.steps.length,
      start,
      autoplayMs: autoplay === null ? null : autoplay * 1000,
      rowSteps: rows.map((r) => r.step),
    },
  });
  const { index, help, list, cursor, notice } = snapshot.context;
  const size = useTerminalSize();
  const scroll = useTextScroll(String(index));
  const last = index === lesson.steps.length - 1;
  // A lesson's or a transcript's own words (its file's name is in the title): shown, not obeyed.
  const recap = last ? visible(tr(lesson.recap, lang), { newlines: true }) : null;
  const own = useKeyRouter(route === undefined);
  useKeyRoute(route ?? own, (input: string, key: Key) => {
    if (list) {
      // One action per event: a burst ("jj") moves the cursor, but Enter or q ends the list.
      for (const action of actionsFor(LIST_KEYS, keyNames(input, key))) {
        send(LIST_EVENTS[action]);
        if (action === 'choose' || action === 'close') return;
      }
      return;
    }
    for (const action of actionsFor(LESSON_KEYS, keyNames(input, key))) {
      if (action === 'quit') {
        onQuit();
        return;
      }
      if (isScroll(action)) {
        const step = lesson.steps[index];
        const fit =
          step && fitScreen({ step, index, recap, lang, ...size, mode: mode ?? 'lesson' });
        if (fit) scroll.by(SCROLL_BY[action], fit.maxScroll);
        continue;
      }
      send(EVENTS[action]);
    }
  });

  useEffect(() => {
    onStep(index);
  }, [index, onStep]);

  const idle = (Object.keys(EVENTS) as (keyof typeof EVENTS)[]).filter(
    (a) => !snapshot.can(EVENTS[a]),
  );
  const hints = useMemo(() => keyHints(LESSON_KEYS, lang, { quit: quitHint }), [lang, quitHint]);
  return (
    <LessonScreen
      title={visible(tr(lesson.title, lang))}
      steps={lesson.steps}
      index={index}
      help={help}
      recap={recap}
      hints={hints}
      idle={idle}
      lang={lang}
      columns={size.columns}
      rows={size.rows}
      mode={mode ?? 'lesson'}
      scroll={scroll.lines}
      violations={list ? { rows, cursor } : null}
      notice={notice}
    />
  );
}
