import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type Lang, labelColon, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import { type EnvelopeModel, fitEnvelope } from '../envelope-model.js';
import type { ScreenStep } from '../screen-step.js';
import { useTheme } from '../use-theme.js';
import { JsonLineView } from './json-line-view.js';
import { MeaningList } from './meaning-list.js';

export type EnvelopeViewProps = {
  readonly step: ScreenStep;
  readonly model: EnvelopeModel;
  readonly lang: Lang;
  /** Lines the whole block may take (title, JSON, meanings); it takes fewer when all fits. */
  readonly height: number;
  /** Columns the block is given (meanings wrap within them). */
  readonly width: number;
};

/**
 * The current envelope, pretty-printed in colour. Annotated fields carry a number in the gutter;
 * the numbered meanings follow, as many whole ones as fit (see `fitEnvelope`). A long envelope
 * ends with "…n more lines".
 */
export function EnvelopeView({ step, model, lang, height, width }: EnvelopeViewProps) {
  const theme = useTheme();
  const fit = useMemo(() => fitEnvelope(model, height, width), [model, height, width]);
  const { meanings, hidden, settled, shown, more, gutter } = fit;
  const arrow =
    step.direction === 'client->server'
      ? `${tr(STRINGS.client, lang)} → ${tr(STRINGS.server, lang)}`
      : `${tr(STRINGS.server, lang)} → ${tr(STRINGS.client, lang)}`;

  const title =
    step.problem !== null
      ? `${tr(STRINGS.noEnvelope, lang)} · ${step.problem}`
      : step.report === null
        ? `${tr(STRINGS.noEnvelope, lang)} · ${tr(STRINGS.closedBy, lang, { side: tr(STRINGS[step.closedBy ?? 'client'], lang) })}`
        : `${tr(STRINGS.envelope, lang)} · ${arrow} · ${tr(STRINGS[`kind_${step.report.kind}`], lang)}`;
  const fault =
    step.fault !== null ? ` · ${tr(STRINGS.fault, lang)}${labelColon(lang)}${step.fault}` : '';
  const count =
    hidden > 0
      ? ` · ${tr(STRINGS[hidden === 1 ? 'moreMeaning' : 'moreMeanings'], lang, { n: hidden })}`
      : '';

  return (
    <Box flexDirection="column" flexShrink={0} overflowY="hidden" {...(settled ? {} : { height })}>
      {/* Short of columns, the title gives way: the fault's name and the count stay whole. */}
      <Box overflowX="hidden">
        <Box flexShrink={1} overflowX={clipUnlessNarrow(title)}>
          <Text wrap="truncate-end" dimColor>
            {title}
          </Text>
        </Box>
        {fault !== '' ? (
          <Box flexShrink={0}>
            <Text {...theme.fg('error')}>{fault}</Text>
          </Box>
        ) : null}
        {count !== '' ? (
          <Box flexShrink={0}>
            <Text dimColor>{count}</Text>
          </Box>
        ) : null}
      </Box>
      <Box
        flexDirection="column"
        // Everything fits: the JSON keeps its height and the spare lines go below the meanings.
        {...(settled ? { flexShrink: 0 } : { flexGrow: 1, flexShrink: 1, flexBasis: 0 })}
        overflowY="hidden"
      >
        {model.lines.slice(0, shown).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is its identity
          <JsonLineView key={i} line={line} mark={model.marks.get(i) ?? null} gutter={gutter} />
        ))}
        {more > 0 ? (
          <Text dimColor wrap="truncate-end">
            {tr(STRINGS[more === 1 ? 'moreLine' : 'moreLines'], lang, { n: more })}
          </Text>
        ) : null}
      </Box>
      <Box flexDirection="column" flexShrink={0}>
        <MeaningList meanings={meanings} gutter={gutter} width={width} />
      </Box>
    </Box>
  );
}
