import { Box, Text } from 'ink';
import { type ReactNode, useMemo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { FieldNode, FoldState } from '../field-tree.js';
import { brokenHint, flowHints, paneHints, scrollHint } from '../help-hints.js';
import type { KeyHint } from '../keymap.js';
import { CHROME, MIN_COLUMNS, MIN_ROWS, type PaneName } from '../layout.js';
import { fitScreen } from '../screen-fit.js';
import { SCREEN_MODES, type ScreenMode } from '../screen-mode.js';
import { type ScreenStep, unjudged } from '../screen-step.js';
import type { ViolationRow } from '../violation-list.js';
import { envelopeTitle } from './envelope-view.js';
import { FieldTreeView } from './field-tree-view.js';
import { HeaderBar } from './header-bar.js';
import { HelpOverlay } from './help-overlay.js';
import { KeyBar } from './key-bar.js';
import { LessonPanes } from './lesson-panes.js';
import { PhaseStrip } from './phase-strip.js';
import { ViolationListView } from './violation-list-view.js';

export type LessonScreenProps = {
  readonly title: string;
  readonly steps: readonly ScreenStep[];
  readonly index: number;
  readonly help: boolean;
  /** Lines the help is scrolled, and where to say how far it can go (see HelpOverlay). */
  readonly helpScroll?: { readonly lines: number; readonly measured: (max: number) => void };
  /** The recap, once the last step is on screen. */
  readonly recap: string | null;
  /** The key bar; any action names (the live view adds its own to the lesson's). */
  readonly hints: readonly KeyHint<string>[];
  readonly idle: readonly string[];
  readonly lang: Lang;
  readonly columns: number;
  readonly rows: number;
  /** What the screen shows (a lesson unless told otherwise): what its help and recap may claim. */
  readonly mode?: ScreenMode;
  /** The focused pane and how far each pane is scrolled (clamped to what it needs). */
  readonly panes?: {
    readonly focus: PaneName;
    readonly offsets: Readonly<Record<PaneName, number>>;
  };
  /** The field tree (`e`), when open: on the envelope of step `step` (autoplay may move on). */
  readonly tree?: {
    readonly step: number;
    readonly nodes: readonly FieldNode[];
    readonly state: FoldState;
  } | null;
  /** The violation list (`v`), when open: its rows and the chosen one. */
  readonly violations?: { readonly rows: readonly ViolationRow[]; readonly cursor: number } | null;
  /** News for the learner (why `]` did not move, where a lesson resumes, the countdown, the next lesson): shown in the header after the title (which stays, cut with … if need be); the key bar stays. */
  readonly notice?: string | null;
  /**
   * The keys of a mode that has its own (the field tree, a step number or a search being typed):
   * shown in the key bar's place, since the lesson's keys do not apply meanwhile.
   */
  readonly keyLine?: string | null;
};

/** Header, phases, key bar, the line kept free, the list's border and title: what its rows cannot use. */
const CHROME_ROWS = 7;
const TOP = { text: 0, envelope: 0, timeline: 0 } as const;

/** The keys the help lists: the key bar's, with the panes' and the tree's in full words. */
function helpHints(hints: readonly KeyHint<string>[], lang: Lang, mode: ScreenMode) {
  const bar = hints.filter((h) => !h.actions.some((a) => a === 'focus' || a === 'inspect'));
  return [
    ...bar,
    brokenHint(lang),
    scrollHint(lang),
    ...paneHints(lang),
    ...(mode === 'live' ? [] : flowHints(lang)),
  ];
}

/**
 * The lesson screen: header, phases and key bar always show; in between, the panes (peers,
 * timeline, envelope, the step's text), each with a fixed share of the rows (`planPanes`), or the
 * help, the violation list, or the current envelope's field tree in their place.
 */
export function LessonScreen(props: LessonScreenProps) {
  const { title, steps, index, help, recap, hints, idle, lang, columns, rows } = props;
  const mode = props.mode ?? 'lesson';
  const step = steps[index];
  // A live session's steps keep coming: its split stays the terminal's (the panes must not move).
  const whole = mode === 'live' ? null : steps;
  const fit = useMemo(
    () =>
      step
        ? fitScreen({
            step,
            index,
            recap,
            lang,
            columns,
            rows,
            mode,
            ...(whole ? { steps: whole } : {}),
          })
        : null,
    [step, index, recap, lang, columns, rows, mode, whole],
  );
  if (!step || !fit) return null;
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box flexDirection="column">
        <Text>{tr(STRINGS.tooSmall, lang)}</Text>
        <KeyBar hints={hints} idle={idle} width={columns} />
      </Box>
    );
  }
  const panes = props.panes ?? { focus: 'text', offsets: TOP };
  const offsets = {
    text: Math.min(panes.offsets.text, fit.max.text),
    envelope: Math.min(panes.offsets.envelope, fit.max.envelope),
    timeline: Math.min(panes.offsets.timeline, fit.max.timeline),
  };
  let body: ReactNode;
  if (props.violations) {
    body = (
      <ViolationListView
        rows={props.violations.rows}
        cursor={props.violations.cursor}
        lang={lang}
        height={rows - CHROME_ROWS}
        unreadable={steps.filter(unjudged).length}
        // Inside the list's border and padding.
        width={columns - 4}
      />
    );
  } else if (help) {
    body = (
      <HelpOverlay
        hints={helpHints(hints, lang, mode)}
        lang={lang}
        saves={SCREEN_MODES[mode].saves}
        modern={steps[index]?.era === 'modern'}
        width={columns}
        scroll={props.helpScroll?.lines ?? 0}
        {...(props.helpScroll ? { onMeasure: props.helpScroll.measured } : {})}
      />
    );
  } else if (props.tree) {
    body = (
      <TreeBody
        steps={steps}
        tree={props.tree}
        recap={recap}
        lang={lang}
        columns={columns}
        rows={rows}
        mode={mode}
      />
    );
  } else {
    body = (
      <LessonPanes
        steps={steps}
        index={index}
        fit={fit}
        recap={recap}
        lang={lang}
        mode={mode}
        focus={panes.focus}
        offsets={offsets}
      />
    );
  }

  return (
    // One line short of the terminal: a frame as tall as the screen makes Ink clear it on every key.
    // No clip of its own: every line fits the width by itself (text wraps; a truncated line that
    // may hold a wide character is clipped where it is, clipUnlessNarrow), and Ink would slice
    // every line under a horizontal clip on every frame.
    <Box flexDirection="column" height={rows - 1}>
      <HeaderBar
        title={title}
        index={index}
        count={steps.length}
        lang={lang}
        columns={columns}
        notice={props.notice ?? null}
      />
      <PhaseStrip
        phases={step.phases}
        lang={lang}
        full={columns >= 100}
        modern={step.era === 'modern' ? { revision: step.revision } : null}
      />
      {body}
      {props.keyLine ? (
        <Box flexShrink={0} overflowX="hidden">
          <Text wrap="truncate-end">{props.keyLine}</Text>
        </Box>
      ) : (
        <KeyBar hints={hints} idle={idle} width={columns} />
      )}
    </Box>
  );
}

type TreeBodyProps = Pick<LessonScreenProps, 'steps' | 'recap' | 'lang' | 'columns' | 'rows'> & {
  readonly tree: NonNullable<LessonScreenProps['tree']>;
  readonly mode: ScreenMode;
};

/** The field tree of the step it was opened on, with that step's meanings and title. */
function TreeBody({ steps, tree, recap, lang, columns, rows, mode }: TreeBodyProps) {
  const step = steps[tree.step];
  if (!step) return null;
  const fit = fitScreen({ step, index: tree.step, recap, lang, columns, rows, mode });
  return (
    <FieldTreeView
      title={envelopeTitle(step, lang)}
      nodes={tree.nodes}
      tree={tree.state}
      meanings={new Map(fit.model.meanings.map((m) => [m.pointer, m] as const))}
      lang={lang}
      height={rows - CHROME}
      width={columns}
    />
  );
}
