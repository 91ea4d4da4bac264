import { Box } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { type PaneName, paneRows } from '../layout.js';
import type { ScreenFit } from '../screen-fit.js';
import type { ScreenMode } from '../screen-mode.js';
import { type ScreenStep, unjudged } from '../screen-step.js';
import { clientRequestLabel, sequenceRows } from '../sequence-rows.js';
import { EnvelopeView } from './envelope-view.js';
import { NarrationView } from './narration-view.js';
import { PeerPanels } from './peer-panels.js';
import { ProgressLine } from './progress-line.js';
import { RecapBox } from './recap-box.js';
import { ScrollPane } from './scroll-pane.js';
import { TimelineView } from './timeline-view.js';
import { VerdictLine } from './verdict-line.js';

export type LessonPanesProps = {
  readonly steps: readonly ScreenStep[];
  readonly index: number;
  readonly fit: ScreenFit;
  readonly recap: string | null;
  readonly lang: Lang;
  readonly mode: ScreenMode;
  readonly focus: PaneName;
  /** Lines each pane is scrolled, already within what it can scroll. */
  readonly offsets: Readonly<Record<PaneName, number>>;
};

/**
 * The lesson screen's body: the peers, then the timeline, the envelope and the step's text, each
 * a pane of fixed height (`planPanes`) that scrolls inside itself. Only the rows in a pane's
 * window are drawn, so a long transcript or envelope costs no more than the screen shows.
 */
export function LessonPanes(props: LessonPanesProps) {
  const { steps, index, fit, recap, lang, mode, focus, offsets } = props;
  const step = steps[index];
  if (!step) return null;
  const { plan, lines } = fit;
  const { heights, widths } = plan;
  const shown = paneRows(heights.timeline);
  const end = index - offsets.timeline;
  const timeline = (
    <TimelineView
      rows={sequenceRows(steps, end, shown)}
      current={index}
      lang={lang}
      height={heights.timeline}
      focused={focus === 'timeline'}
      above={Math.max(0, end + 1 - shown)}
      below={offsets.timeline}
    />
  );
  const envelope = (
    <EnvelopeView
      step={step}
      model={fit.model}
      rows={fit.envelope}
      lines={lines.envelope}
      lang={lang}
      height={heights.envelope}
      width={widths.envelope}
      scroll={offsets.envelope}
      focused={focus === 'envelope'}
    />
  );
  const width = widths.text;
  const progressHidden = Boolean(step.report?.progress) && offsets.text > 0;
  return (
    // Rows beyond the body's are cut; columns need no clip here (see LessonScreen).
    <Box flexDirection="column" flexGrow={1} flexShrink={1} flexBasis={0} overflowY="hidden">
      <PeerPanels
        peers={step.peers}
        mode={plan.peers}
        lang={lang}
        nameRequest={(id) => clientRequestLabel(steps, index, id)}
        width={width}
      />
      {plan.wide ? (
        <Box flexShrink={0} height={heights.envelope}>
          <Box width={widths.timeline} flexShrink={0} flexDirection="column" marginRight={1}>
            {timeline}
          </Box>
          <Box width={widths.envelope} flexShrink={0} flexDirection="column">
            {envelope}
          </Box>
        </Box>
      ) : (
        <>
          {timeline}
          {envelope}
        </>
      )}
      <ScrollPane
        title={tr(STRINGS.paneText, lang)}
        focused={focus === 'text'}
        height={heights.text}
        above={offsets.text}
        below={Math.max(0, lines.text - offsets.text - paneRows(heights.text))}
        // The progress line (one row, first) is left out once scrolled past rather than shifted
        // out: it clips itself, and in a scrolled pane a box's own clip replaces the pane's (Ink 6
        // does not intersect nested clips), so it would be drawn over the pane's title.
        shift={progressHidden ? offsets.text - 1 : offsets.text}
        lang={lang}
      >
        {step.report?.progress && !progressHidden ? (
          <ProgressLine progress={step.report.progress} lang={lang} width={width} />
        ) : null}
        <VerdictLine
          violations={step.report?.violations ?? []}
          lang={lang}
          width={width}
          unreadable={unjudged(step)}
          judgedLater={step.judgedLater}
        />
        <NarrationView
          events={step.events.map((e) => tr(e, lang))}
          note={tr(step.note, lang)}
          width={width}
        />
        {recap !== null ? <RecapBox recap={recap} lang={lang} mode={mode} width={width} /> : null}
      </ScrollPane>
    </Box>
  );
}
