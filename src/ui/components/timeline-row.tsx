import { Box, Text } from 'ink';
import { memo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import { CURRENT_MARK, type SequenceRow } from '../sequence-rows.js';
import { useTheme } from '../use-theme.js';
import { SEVERITY_MARK } from '../violation-list.js';

export type TimelineRowProps = {
  readonly row: SequenceRow;
  /** The current step's row, marked › and bright; the others are dim. */
  readonly here: boolean;
  /** Whether the rows have a time column (a recording with `t_ms`, a live session). */
  readonly timed: boolean;
  readonly lang: Lang;
};

/** What a closed response stream did, beside the request it named. */
const ABANDON_SUMMARY = {
  cancelled: STRINGS.abandonCancelled,
  waiting: STRINGS.abandonWaiting,
  none: STRINGS.abandonNone,
} as const;

/** The time column: `+1.25s` at most, right-aligned. */
export const TIME_WIDTH = 6;

/**
 * One message between the lifelines, then a mark column (✗ an error, ! only a warning: told apart
 * without colour), the time, the label and a one-word summary. Memoised: a step moves the window
 * of rows by one, and every row but the two whose `here` changed is drawn as before
 * (`sequenceRow` gives each step one row object, so an unchanged row is the same object).
 */
export const TimelineRow = memo(function TimelineRow({ row, here, timed, lang }: TimelineRowProps) {
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
      : row.unreadable === 'body'
        ? tr(STRINGS.unreadableBody, lang)
        : row.unreadable !== null
          ? `${tr(STRINGS.unreadableLine, lang)} ${row.unreadable}`
          : row.abandon !== null
            ? tr(STRINGS.streamClosedRow, lang, { request: row.label })
            : row.label;
  const summary = row.abandon === null ? row.summary : tr(ABANDON_SUMMARY[row.abandon], lang);
  const mark = row.severity === null ? ' ' : SEVERITY_MARK[row.severity];
  const time = timed ? `${(row.time ?? '').padStart(TIME_WIDTH)} ` : '';
  return (
    <Box overflowX={clipUnlessNarrow(label, summary)}>
      <Text wrap="truncate-end" bold={here}>
        <Text {...theme.fg('accent')}>{here ? CURRENT_MARK : ' '}</Text>
        <Text dimColor={!here}>│</Text>
        <Text {...theme.fg(arrowRole)} dimColor={!here && arrowRole === null}>
          {row.arrow}
        </Text>
        <Text dimColor={!here}>│</Text> <Text {...theme.fg(row.severity)}>{mark}</Text>{' '}
        <Text dimColor>{time}</Text>
        <Text {...theme.fg(row.severity)} dimColor={!here && row.severity === null}>
          {label}
        </Text>
        {summary === '' ? null : (
          <Text dimColor={!here}>
            {' · '}
            {summary}
          </Text>
        )}
      </Text>
    </Box>
  );
});
