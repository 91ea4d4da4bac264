import { Box, Text } from 'ink';
import { memo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import type { SequenceRow } from '../sequence-rows.js';
import { useTheme } from '../use-theme.js';

export type TimelineRowProps = {
  readonly row: SequenceRow;
  /** The current step's row, marked › and bright; the others are dim. */
  readonly here: boolean;
  readonly lang: Lang;
};

/**
 * One message between the lifelines. Memoised: a step moves the window of rows by one, and every
 * row but the two whose `here` changed is drawn as before (`sequenceRow` gives each step one row
 * object, so an unchanged row is the same object).
 */
export const TimelineRow = memo(function TimelineRow({ row, here, lang }: TimelineRowProps) {
  const theme = useTheme();
  const arrowRole =
    row.style === 'error' || row.style === 'close'
      ? 'error'
      : row.style === 'invalid'
        ? 'warning'
        : null;
  const label =
    row.closedBy !== null
      ? tr(STRINGS.closedBy, lang, { side: tr(STRINGS[row.closedBy], lang) })
      : row.unreadable !== null
        ? `${tr(STRINGS.unreadableLine, lang)} ${row.unreadable}`
        : row.label;
  return (
    <Box overflowX={clipUnlessNarrow(label)}>
      <Text wrap="truncate-end" bold={here}>
        <Text {...theme.fg('accent')}>{here ? '›' : ' '}</Text>
        <Text dimColor={!here}>│</Text>
        <Text {...theme.fg(arrowRole)} dimColor={!here && arrowRole === null}>
          {row.arrow}
        </Text>
        <Text dimColor={!here}>│</Text>{' '}
        <Text {...theme.fg(row.broken ? 'error' : null)} dimColor={!here && !row.broken}>
          {label}
          {row.broken ? ' !' : ''}
        </Text>
      </Text>
    </Box>
  );
});
