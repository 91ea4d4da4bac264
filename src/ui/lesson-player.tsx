import { useMachine } from '@xstate/react';
import type { Key } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Bilingual, type Lang, tr } from '../i18n/lang.js';
import { STRINGS, type StringKey, sentences } from '../i18n/strings.js';
import { suggestCommand } from '../invocation.js';
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
  type SCROLL_BY,
  scrollLines,
} from './keymap.js';
import { CHROME } from './layout.js';
import type { OpenedLesson } from './opened-lesson.js';
import { type PlayerEvent, playerMachine } from './player-machine.js';
import { jumpLine, statusLine } from './player-status.js';
import { fitScreen, paneMove } from './screen-fit.js';
import type { ScreenMode } from './screen-mode.js';
import { useFieldTree } from './use-field-tree.js';
import { useKeyRoute } from './use-key-route.js';
import { type KeyRoute, useKeyRouter } from './use-key-router.js';
import { usePaneScroll } from './use-pane-scroll.js';
import { useTerminalSize } from './use-terminal-size.js';
import { violationRows } from './violation-list.js';

export type LessonPlayerProps = {
  readonly lesson: OpenedLesson;
  readonly lang: Lang;
  /** The step to open at (where the learner left off). */
  readonly start: number;
  /** `start` is where the learner left off: the screen says so until the next key. */
  readonly resumed?: boolean;
  /** Seconds between automatic steps (--autoplay), or null. */
  readonly autoplay: number | null;
  /** The step on screen, and whether it was reached by stepping forward (not by `G` or a jump). */
  readonly onStep: (index: number, stepped: boolean) => void;
  readonly onQuit: () => void;
  /** What `q` is called in the key bar: quit, or back to the menu. */
  readonly quitHint: StringKey;
  /** The app's key route; without one the player listens to the keyboard itself. */
  readonly route?: KeyRoute;
  /** A lesson unless told otherwise; a recording or an exercise run saves nothing and is no lesson. */
  readonly mode?: ScreenMode;
  /** What `n` on the last step opens: the course's next lesson, or `'end'` after its last one. */
  readonly next?: { readonly title: Bilingual } | 'end' | null;
  /** Opens the next lesson (`n` on the last step, when `next` names one). */
  readonly onNext?: () => void;
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
} as const satisfies Record<
  Exclude<
    LessonAction,
    'quit' | 'jump' | 'focus' | 'focusBack' | 'inspect' | keyof typeof SCROLL_BY
  >,
  PlayerEvent
>;

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
  next = null,
  onNext,
  resumed: resuming = false,
}: LessonPlayerProps) {
  // The violations as the session log's steps recorded them: the list, `]` and `[` read these rows.
  const rows = violationRows(lesson.steps);
  const [snapshot, send, player] = useMachine(playerMachine, {
    input: {
      count: lesson.steps.length,
      start,
      autoplayMs: autoplay === null ? null : autoplay * 1000,
      rowSteps: rows.map((r) => r.step),
    },
  });
  const { index, help, list, cursor, notice, stepped, jump, left } = snapshot.context;
  // Reopened mid-way: say so (until the first key), rather than resume silently.
  const [resumed, setResumed] = useState(resuming && start > 0);
  const autoplaying = snapshot.matches('autoplay') || snapshot.matches('autoplayPaused');
  const size = useTerminalSize();
  // The last step opens on the narration: its recap and "Try it yourself" read with j at once.
  const panes = usePaneScroll(String(index), index === lesson.steps.length - 1 ? 'text' : null);
  const fields = useFieldTree();
  // The help scrolls on a short screen: how far it is, and how far it can go (measured by Ink).
  const [helpLines, setHelpLines] = useState(0);
  const helpMax = useRef(0);
  const helpScroll = useMemo(
    () => ({
      lines: helpLines,
      measured: (max: number) => {
        helpMax.current = max;
      },
    }),
    [helpLines],
  );
  const last = index === lesson.steps.length - 1;
  // A lesson's or a transcript's own words (its file's name is in the title): shown, not obeyed.
  const exercise = lesson.exercise
    ? tr(STRINGS.recapExercise, lang, {
        title: tr(lesson.exercise.title, lang),
        id: lesson.exercise.id,
        mcp: suggestCommand(''),
      })
    : '';
  const recap = last
    ? visible(sentences(lang, tr(lesson.recap, lang), exercise), { newlines: true })
    : null;
  const own = useKeyRouter(route === undefined);
  useKeyRoute(route ?? own, (input: string, key: Key) => {
    if (resumed) setResumed(false);
    let names = keyNames(input, key);
    const page = Math.max(1, size.rows - CHROME - 6);
    // Typing a step number after `:` (digits, Backspace; Enter goes, Esc or q cancels); a burst
    // such as ":12\r" is typed key by key.
    let typing = jump !== null;
    if (typing && (key.backspace || key.delete)) return void send({ type: 'JUMP_ERASE' });
    if (list) {
      // One action per key: a burst ("jj") moves the cursor; Enter or q ends the list, and the
      // keys after it in the same burst ("qnn", "\rn") act on the screen it closed to.
      const ended = names.findIndex((name) => {
        const [action] = actionsFor(LIST_KEYS, [name]);
        if (action === undefined) return false;
        send(LIST_EVENTS[action]);
        return action === 'choose' || action === 'close';
      });
      if (ended < 0) return;
      names = names.slice(ended + 1);
    }
    for (const name of names) {
      // The field tree takes every key while it is open (`q` and Esc close it, they do not quit).
      if (fields.isOpen()) {
        fields.key(name, page);
        // Closed (q, Esc): an autoplaying lesson plays on.
        if (!fields.isOpen()) send({ type: 'CLOSE_TREE' });
        continue;
      }
      if (typing) {
        if (name === 'enter' || name === 'escape' || name === 'q') typing = false;
        if (name === 'enter') send({ type: 'JUMP_GO' });
        else if (name === 'escape' || name === 'q') send({ type: 'JUMP_CANCEL' });
        else if (name === 'backspace') send({ type: 'JUMP_ERASE' });
        else send({ type: 'JUMP_TYPE', digit: name });
        continue;
      }
      const [action] = actionsFor(LESSON_KEYS, [name]);
      if (action === undefined) continue;
      if (action === 'quit') {
        // q closes the help, as Esc and ? do; a second q quits.
        if (player.getSnapshot().context.help) {
          setHelpLines(0);
          send(EVENTS.closeHelp);
          continue;
        }
        onQuit();
        return;
      }
      if (action === 'jump') {
        typing = true;
        send({ type: 'JUMP_START' });
        continue;
      }
      if (action === 'next' && autoplaying && name === 'space') {
        send({ type: 'TOGGLE_PAUSE' });
        return;
      }
      if (action === 'next' && last && !help) {
        // Moving on from the last step finishes the lesson, however the learner came to it (`G`,
        // a jump, a resume there): it is a step taken, not a look.
        onStep(index, true);
        if (next !== null && next !== 'end' && onNext) {
          onNext();
          return;
        }
      }
      if (action === 'focus' || action === 'focusBack') {
        panes.cycle(action === 'focus' ? 1 : -1);
        continue;
      }
      if (action === 'inspect') {
        // The step now, not the drawn one: a burst such as "ne" opens the step `n` went to.
        const at = player.getSnapshot().context;
        if (at.help) continue;
        const step = lesson.steps[at.index];
        const message = step?.message;
        // A close or an unreadable line has no fields to show: say so rather than do nothing.
        if (message === null || message === undefined) send({ type: 'NO_ENVELOPE' });
        else {
          fields.open(at.index, message, step?.findings[0]);
          // Autoplay holds while the learner reads the fields, as it does under help.
          send({ type: 'OPEN_TREE' });
        }
        continue;
      }
      if (isScroll(action) && player.getSnapshot().context.help) {
        const lines = scrollLines(action, Math.max(1, size.rows - CHROME - 4));
        setHelpLines((old) => Math.max(0, Math.min(old + lines, helpMax.current)));
        continue;
      }
      if (action === 'help' || action === 'closeHelp') setHelpLines(0);
      if (isScroll(action)) {
        const step = lesson.steps[index];
        const fit =
          step &&
          fitScreen({
            step,
            index,
            recap,
            lang,
            ...size,
            mode: mode ?? 'lesson',
            steps: lesson.steps,
          });
        if (fit) panes.by((focus) => paneMove(fit, focus, action));
        continue;
      }
      send(EVENTS[action]);
    }
  });

  useEffect(() => {
    onStep(index, stepped);
  }, [index, stepped, onStep]);

  // A step past either end only says where the learner is (a notice): its key is drawn idle.
  const atEnd: Partial<Record<keyof typeof EVENTS, boolean>> = {
    next: index >= lesson.steps.length - 1,
    prev: index === 0,
  };
  const idle = (Object.keys(EVENTS) as (keyof typeof EVENTS)[]).filter(
    (a) => atEnd[a] === true || !snapshot.can(EVENTS[a]),
  );
  const hints = useMemo(() => keyHints(LESSON_KEYS, lang, { quit: quitHint }), [lang, quitHint]);
  // The violation list has keys of its own: the bar shows those, not the lesson's (n does nothing there).
  const listHints = useMemo(() => keyHints(LIST_KEYS, lang), [lang]);
  const status = statusLine({
    lang,
    count: lesson.steps.length,
    notice,
    resumed: resumed ? index : null,
    autoplay: snapshot.matches('autoplayPaused')
      ? 'paused'
      : snapshot.matches('autoplay')
        ? left
        : null,
    next: last && !list && !help ? next : null,
  });
  return (
    <LessonScreen
      title={visible(
        lesson.revision === undefined
          ? tr(lesson.title, lang)
          : `${tr(lesson.title, lang)} · ${lesson.revision}`,
      )}
      steps={lesson.steps}
      index={index}
      help={help}
      helpScroll={helpScroll}
      recap={recap}
      hints={list ? listHints : hints}
      idle={list ? [] : idle}
      lang={lang}
      columns={size.columns}
      rows={size.rows}
      mode={mode ?? 'lesson'}
      panes={panes}
      tree={fields.tree}
      violations={list ? { rows, cursor } : null}
      notice={fields.tree ? null : status}
      keyLine={fields.tree ? fields.status(lang) : jumpLine(lang, jump, lesson.steps.length)}
    />
  );
}
