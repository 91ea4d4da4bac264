import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { brokenHint, flowHints, type KeyHint, scrollHint } from '../keymap.js';
import { MIN_COLUMNS, MIN_ROWS } from '../layout.js';
import { fitScreen } from '../screen-fit.js';
import { SCREEN_MODES, type ScreenMode } from '../screen-mode.js';
import type { ScreenStep } from '../screen-step.js';
import { clientRequestLabel, sequenceRows } from '../sequence-rows.js';
import type { ViolationRow } from '../violation-list.js';
import { EnvelopeView } from './envelope-view.js';
import { HeaderBar } from './header-bar.js';
import { HelpOverlay } from './help-overlay.js';
import { KeyBar } from './key-bar.js';
import { NarrationView } from './narration-view.js';
import { PeerPanels } from './peer-panels.js';
import { PhaseStrip } from './phase-strip.js';
import { ProgressLine } from './progress-line.js';
import { RecapBox } from './recap-box.js';
import { StepText } from './step-text.js';
import { TimelineView } from './timeline-view.js';
import { VerdictLine } from './verdict-line.js';
import { ViolationListView } from './violation-list-view.js';

export type LessonScreenProps = {
  readonly title: string;
  readonly steps: readonly ScreenStep[];
  readonly index: number;
  readonly help: boolean;
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
  /** Lines the step's text is scrolled down, when it does not fit (clamped to what it needs). */
  readonly scroll?: number;
  /** The violation list (`v`), when open: its rows and the chosen one. */
  readonly violations?: { readonly rows: readonly ViolationRow[]; readonly cursor: number } | null;
  /** News for the learner (why `]` did not move, where a lesson resumes, the countdown, the next lesson): shown in place of the key bar. */
  readonly notice?: string | null;
};

/** Header, phases, key bar, the line kept free, the list's border and title: what its rows cannot use. */
const CHROME_ROWS = 7;

/**
 * The lesson screen, fitted to the terminal in one render. Header, phases and key bar always
 * show; in between, the step's verdict and narration come first (their wrapped height known from
 * their text), and peers, timeline and envelope share what they leave, as `fitScreen` decides.
 * Where even the smallest envelope leaves too little, the text scrolls (`scroll` lines down).
 */
export function LessonScreen(props: LessonScreenProps) {
  const { title, steps, index, help, recap, hints, idle, lang, columns, rows } = props;
  const mode = props.mode ?? 'lesson';
  const step = steps[index];
  const fit = useMemo(
    () => (step ? fitScreen({ step, index, recap, lang, columns, rows, mode }) : null),
    [step, index, recap, lang, columns, rows, mode],
  );
  if (!step || !fit) return null;
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box flexDirection="column">
        <Text>{tr(STRINGS.tooSmall, lang)}</Text>
        <KeyBar hints={hints} idle={idle} />
      </Box>
    );
  }
  const { plan, model, gap, timelineWidth, envelopeWidth } = fit;
  const scroll = Math.max(0, Math.min(props.scroll ?? 0, fit.maxScroll));
  const timeline = (
    <TimelineView
      rows={sequenceRows(steps, index, plan.timelineRows)}
      current={index}
      lang={lang}
    />
  );
  const envelope = (
    <EnvelopeView
      step={step}
      model={model}
      lang={lang}
      height={plan.envelopeHeight}
      width={envelopeWidth}
    />
  );

  return (
    // One line short of the terminal: a frame as tall as the screen makes Ink clear it on every key.
    <Box flexDirection="column" height={rows - 1} overflowX="hidden">
      <HeaderBar title={title} index={index} count={steps.length} lang={lang} />
      <PhaseStrip
        phases={step.phases}
        lang={lang}
        full={columns >= 100}
        modern={step.era === 'modern' ? { revision: step.revision } : null}
      />
      {props.violations ? (
        <ViolationListView
          rows={props.violations.rows}
          cursor={props.violations.cursor}
          lang={lang}
          height={rows - CHROME_ROWS}
        />
      ) : help ? (
        <HelpOverlay
          hints={[
            ...hints,
            brokenHint(lang),
            scrollHint(lang),
            ...(mode === 'live' ? [] : flowHints(lang)),
          ]}
          lang={lang}
          saves={SCREEN_MODES[mode].saves}
          width={columns}
        />
      ) : (
        <Box flexDirection="column" flexGrow={1} flexShrink={1} flexBasis={0} overflowY="hidden">
          <PeerPanels
            peers={step.peers}
            mode={plan.peers}
            lang={lang}
            nameRequest={(id) => clientRequestLabel(steps, index, id)}
          />
          {plan.side ? (
            <Box flexShrink={0} marginTop={gap}>
              <Box width={timelineWidth} flexShrink={0} flexDirection="column" marginRight={1}>
                {timeline}
              </Box>
              <Box flexGrow={1} flexShrink={1} flexDirection="column">
                {envelope}
              </Box>
            </Box>
          ) : (
            <Box flexDirection="column" flexShrink={0} marginTop={gap}>
              {plan.timelineRows > 0 ? timeline : null}
              {envelope}
            </Box>
          )}
          <StepText rows={fit.textRows} lines={fit.textLines} scroll={scroll} gap={gap} lang={lang}>
            {step.report?.progress ? (
              <ProgressLine progress={step.report.progress} lang={lang} width={columns} />
            ) : null}
            <VerdictLine
              violations={step.report?.violations ?? []}
              lang={lang}
              width={columns}
              unreadable={step.problem !== null}
            />
            <NarrationView
              events={step.events.map((e) => tr(e, lang))}
              note={tr(step.note, lang)}
              width={columns}
            />
            {recap !== null ? (
              <RecapBox recap={recap} lang={lang} mode={mode} width={columns} />
            ) : null}
          </StepText>
        </Box>
      )}
      {props.notice ? (
        <Box flexShrink={0} overflowX="hidden">
          <Text wrap="truncate-end">{props.notice}</Text>
        </Box>
      ) : (
        <KeyBar hints={hints} idle={idle} />
      )}
    </Box>
  );
}
