import { Box, Text } from 'ink';
import { type Lang, labelColon, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { abandonedRequest } from '../../session/step.js';
import { type EnvelopeModel, type EnvelopeRow, gutterOf, rowWindow } from '../envelope-model.js';
import { kindText } from '../kind-text.js';
import { paneRows } from '../layout.js';
import type { ScreenStep } from '../screen-step.js';
import { useTheme } from '../use-theme.js';
import { JsonLineView } from './json-line-view.js';
import { MeaningList } from './meaning-list.js';
import { ScrollPane } from './scroll-pane.js';

export type EnvelopeViewProps = {
  readonly step: ScreenStep;
  readonly model: EnvelopeModel;
  /** The pane's content (see `envelopeRows`): the step's own meanings, the JSON, the rest. */
  readonly rows: readonly EnvelopeRow[];
  /** Lines the content takes in full. */
  readonly lines: number;
  readonly lang: Lang;
  /** Lines of the pane, its title included. */
  readonly height: number;
  /** Columns the pane is given (meanings and long lines wrap within them). */
  readonly width: number;
  /** Lines scrolled down. */
  readonly scroll: number;
  readonly focused: boolean;
};

/** What the pane's title says: the direction and kind, or why there is no envelope. */
export function envelopeTitle(step: ScreenStep, lang: Lang): string {
  const arrow =
    step.direction === 'client->server'
      ? `${tr(STRINGS.client, lang)} → ${tr(STRINGS.server, lang)}`
      : `${tr(STRINGS.server, lang)} → ${tr(STRINGS.client, lang)}`;
  if (step.problem !== null) return `${tr(STRINGS.noEnvelope, lang)} · ${tr(step.problem, lang)}`;
  if (step.abandoned) {
    const request = abandonedRequest(step.abandoned);
    return `${tr(STRINGS.noEnvelope, lang)} · ${tr(STRINGS.streamClosedTitle, lang, { request })}`;
  }
  if (step.report === null) {
    const side = tr(STRINGS[step.closedBy ?? 'client'], lang);
    return `${tr(STRINGS.noEnvelope, lang)} · ${tr(STRINGS.closedBy, lang, { side })}`;
  }
  const batch = step.batch
    ? ` · ${tr(STRINGS.inBatch, lang, { n: step.batch.index + 1, size: step.batch.size })}`
    : '';
  return `${tr(STRINGS.envelope, lang)} · ${arrow} · ${kindText(step.report, lang)}${batch}`;
}

/**
 * The title's tail at a lesson's fault: the rule the referee reported, as `v` and the verdict name
 * it, so the learner can look it up (a lesson's fault is named for what it plays, wrong-version,
 * not for the rule it breaks, unsupported-version); `+n` when it broke more. The fault's own name
 * only if the referee reported nothing.
 */
export function faultTail(step: ScreenStep, lang: Lang): string {
  if (step.fault === null) return '';
  const rules: string[] = [...new Set((step.report?.violations ?? []).map((v) => v.rule))];
  const errors = (step.report?.violations ?? []).filter((v) => v.severity === 'error');
  const shown = rules.includes(step.fault)
    ? step.fault
    : (errors[0]?.rule ?? rules[0] ?? step.fault);
  const more = rules.length > 1 ? ` +${rules.length - 1}` : '';
  return ` · ${tr(STRINGS.fault, lang)}${labelColon(lang)}${shown}${more}`;
}

/**
 * The current envelope in its pane, pretty-printed in colour. Annotated lines carry a number in
 * the gutter; every numbered meaning is in the pane too (the step's own above the JSON, the rest
 * below it), and the pane scrolls to whatever does not fit: no meaning is ever left out.
 */
export function EnvelopeView(props: EnvelopeViewProps) {
  const { step, model, rows, lines, lang, height, width, scroll, focused } = props;
  const theme = useTheme();
  const gutter = gutterOf(model);
  const window = rowWindow(rows, scroll, paneRows(height));
  const below = Math.max(0, lines - scroll - paneRows(height));
  const fault = faultTail(step, lang);
  return (
    <ScrollPane
      title={envelopeTitle(step, lang)}
      {...(fault !== '' ? { tail: { text: fault, role: 'error' as const } } : {})}
      fit={{ width }}
      focused={focused}
      height={height}
      above={scroll}
      below={below}
      shift={window.shift}
      lang={lang}
    >
      {window.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's place in the pane is its identity
        <Box key={window.from + i} flexDirection="column" flexShrink={0}>
          {row.kind === 'json' ? (
            <JsonLineView
              line={row.line}
              mark={row.mark}
              gutter={gutter}
              width={width}
              piece={row.piece === true}
            />
          ) : row.kind === 'http' ? (
            <Box paddingLeft={gutter} flexShrink={0}>
              <Text wrap="wrap" {...theme.fg('key')}>
                {row.text}
              </Text>
            </Box>
          ) : (
            <MeaningList meanings={[row.meaning]} gutter={gutter} width={width} />
          )}
        </Box>
      ))}
    </ScrollPane>
  );
}
