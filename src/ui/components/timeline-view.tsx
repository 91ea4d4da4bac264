import { Box, Text } from 'ink';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import type { SequenceRow } from '../sequence-rows.js';
import { sf } from '../text.js';
import { useTheme } from '../use-theme.js';

export type TimelineViewProps = {
  /** The latest rows that fit, oldest first; the last one is the current step. */
  readonly rows: readonly SequenceRow[];
  readonly current: number;
  readonly lang: Lang;
};

/**
 * A sequence diagram with two lifelines: C on the left, S on the right. Requests and responses
 * are solid arrows, notifications dashed, error responses red with ✗, rule breaks marked `!`.
 */
export function TimelineView({ rows, current, lang }: TimelineViewProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" flexShrink={0} overflowX="hidden">
      <Text wrap="truncate-end">
        {' '}
        <Text bold {...theme.fg('client')}>
          C
        </Text>
        {'        '}
        <Text bold {...theme.fg('server')}>
          S
        </Text>
        <Text dimColor> {s('timeline', lang)}</Text>
      </Text>
      {rows.map((row) => {
        const here = row.index === current;
        const arrowRole =
          row.style === 'error' || row.style === 'close'
            ? 'error'
            : row.style === 'invalid'
              ? 'warning'
              : null;
        return (
          <Text key={row.index} wrap="truncate-end" bold={here}>
            <Text {...theme.fg('accent')}>{here ? '›' : ' '}</Text>
            <Text dimColor={!here}>│</Text>
            <Text {...theme.fg(arrowRole)} dimColor={!here && arrowRole === null}>
              {row.arrow}
            </Text>
            <Text dimColor={!here}>│</Text>{' '}
            <Text {...theme.fg(row.broken ? 'error' : null)} dimColor={!here && !row.broken}>
              {row.closedBy !== null
                ? sf('closedBy', lang, { side: s(row.closedBy, lang) })
                : row.label}
              {row.broken ? ' !' : ''}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}
