import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import type { SequenceRow } from '../sequence-rows.js';
import { useTheme } from '../use-theme.js';
import { TimelineRow } from './timeline-row.js';

export type TimelineViewProps = {
  /** The latest rows that fit, oldest first; the last one is the current step. */
  readonly rows: readonly SequenceRow[];
  readonly current: number;
  readonly lang: Lang;
};

/**
 * A sequence diagram with two lifelines: C on the left, S on the right. Requests and responses
 * are solid arrows, notifications dashed, error responses red with ✗; beside S a rule broken is
 * marked ✗ (an error) or ! (only a warning), then the time when the source has one.
 */
export function TimelineView({ rows, current, lang }: TimelineViewProps) {
  const theme = useTheme();
  const timed = rows.some((row) => row.time !== null);
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX={clipUnlessNarrow(tr(STRINGS.timeline, lang))}>
        <Text wrap="truncate-end">
          {' '}
          <Text bold {...theme.fg('client')}>
            C
          </Text>
          {'        '}
          <Text bold {...theme.fg('server')}>
            S
          </Text>
          <Text dimColor> {tr(STRINGS.timeline, lang)}</Text>
        </Text>
      </Box>
      {rows.map((row) => (
        <TimelineRow
          key={row.index}
          row={row}
          here={row.index === current}
          timed={timed}
          lang={lang}
        />
      ))}
    </Box>
  );
}
