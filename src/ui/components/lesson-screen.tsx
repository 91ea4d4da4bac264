import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import type { ScreenStep } from '../../sim/scenario/engine.js';
import { EMPTY_MODEL, envelopeLines, envelopeModel } from '../envelope-model.js';
import type { KeyHint } from '../keymap.js';
import { ENVELOPE_FLOOR, MIN_COLUMNS, MIN_ROWS, planMiddle, WIDE_COLUMNS } from '../layout.js';
import { SCREEN_MODES, type ScreenMode } from '../screen-mode.js';
import { clientRequestLabel, sequenceRows } from '../sequence-rows.js';
import { EnvelopeView } from './envelope-view.js';
import { HeaderBar } from './header-bar.js';
import { HelpOverlay } from './help-overlay.js';
import { KeyBar } from './key-bar.js';
import { NarrationView, narrationHeight } from './narration-view.js';
import { PeerPanels } from './peer-panels.js';
import { PhaseStrip } from './phase-strip.js';
import { ProgressLine } from './progress-line.js';
import { RecapBox, recapHeight } from './recap-box.js';
import { TimelineView } from './timeline-view.js';
import { VerdictLine, verdictHeight } from './verdict-line.js';

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
};

/** Lines of the screen that are not the body: header, phases, key bar, and one kept free. */
const CHROME = 4;

/** Lines the step's text below the envelope takes: progress, verdict, narration, recap. */
function tailHeight(
  step: ScreenStep,
  recap: string | null,
  lang: Lang,
  width: number,
  mode: ScreenMode,
): number {
  return (
    (step.report?.progress ? 1 : 0) +
    verdictHeight(step.report?.violations ?? [], lang, width) +
    narrationHeight(
      step.events.map((e) => tr(e, lang)),
      tr(step.note, lang),
      width,
    ) +
    (recap !== null ? recapHeight(recap, lang, width, mode) : 0)
  );
}

/**
 * The lesson screen, fitted to the terminal in one render. Header, phases and key bar always
 * show; in between, the step's verdict and narration come first (their wrapped height known from
 * their text), and peers, timeline and envelope share what they leave, as `planMiddle` decides.
 */
export function LessonScreen(props: LessonScreenProps) {
  const { title, steps, index, help, recap, hints, idle, lang, columns, rows } = props;
  const mode = props.mode ?? 'lesson';
  const wide = columns >= WIDE_COLUMNS;
  const timelineWidth = Math.min(48, Math.floor(columns * 0.4));
  // Side by side, the envelope gets what the timeline (and the space after it) leaves.
  const envelopeWidth = wide ? columns - timelineWidth - 1 : columns;
  // Tall terminals get a blank line between the blocks.
  const gap = rows >= 30 ? 1 : 0;
  const step = steps[index];
  const model = useMemo(() => {
    if (!step) return null;
    // A closed transport sends no envelope: an empty model, the title says what happened.
    if (step.message === null) return EMPTY_MODEL;
    return envelopeModel(
      step.message,
      step.annotations,
      lang,
      (wide ? columns - timelineWidth : columns) - 4,
    );
  }, [step, lang, wide, columns, timelineWidth]);
  const tail = useMemo(
    () => (step ? tailHeight(step, recap, lang, columns, mode) : 0),
    [step, recap, lang, columns, mode],
  );
  if (!step || !model) return null;
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box flexDirection="column">
        <Text>{s('tooSmall', lang)}</Text>
        <KeyBar hints={hints} idle={idle} />
      </Box>
    );
  }
  // The envelope outranks the narration: on a screen too short for both, the envelope keeps a
  // few lines and the step's text below is cut instead (recap first).
  const floor = Math.min(envelopeLines(model), ENVELOPE_FLOOR);
  const plan = planMiddle({
    height: Math.max(rows - CHROME - tail - 2 * gap, floor),
    wide,
    envelopeLines: envelopeLines(model),
    messages: index + 1,
  });
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
      <PhaseStrip phases={step.phases} lang={lang} full={columns >= 100} />
      {help ? (
        <HelpOverlay hints={hints} lang={lang} saves={SCREEN_MODES[mode].saves} />
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
          {/* Never shrunk: on a screen too short for it, the body cuts it at the bottom. */}
          <Box flexDirection="column" flexShrink={0} marginTop={gap}>
            {step.report?.progress ? (
              <ProgressLine progress={step.report.progress} lang={lang} width={columns} />
            ) : null}
            <VerdictLine violations={step.report?.violations ?? []} lang={lang} />
            <NarrationView
              events={step.events.map((e) => tr(e, lang))}
              note={tr(step.note, lang)}
            />
            {recap !== null ? <RecapBox recap={recap} lang={lang} mode={mode} /> : null}
          </Box>
        </Box>
      )}
      <KeyBar hints={hints} idle={idle} />
    </Box>
  );
}
