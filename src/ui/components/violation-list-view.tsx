import { Box, Text } from 'ink';
import { counted, type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { ellipsized } from '../bound-text.js';
import { useTheme } from '../use-theme.js';
import { rowSpec, SEVERITY_MARK, type ViolationRow } from '../violation-list.js';
import { position } from './scroll-pane.js';

export type ViolationListViewProps = {
  readonly rows: readonly ViolationRow[];
  readonly cursor: number;
  readonly lang: Lang;
  /** Lines the list may take for its rows (the rest scrolls with the cursor). */
  readonly height: number;
  /** Steps that are no message (a transcript's unreadable lines): judged by no rule, so not rows. */
  readonly unreadable?: number;
  /** Columns a row may take (inside the border and padding); a longer row is cut with `…`. */
  readonly width?: number;
};

/**
 * A row's parts cut to `width` as one line, with `…` when cut: the cut is made here, not by Ink,
 * whose `…` falls past the edge when it cuts on a Chinese character (and is lost).
 */
function cutParts(parts: readonly string[], width: number): { parts: string[]; cut: boolean } {
  const { head, cut } = ellipsized(parts.join(''), width);
  let from = 0;
  const kept = parts.map((part) => {
    const piece = head.slice(from, from + part.length);
    from += part.length;
    return piece;
  });
  return { parts: kept, cut };
}

/** The window of rows that keeps the cursor in view: it moves only when the cursor leaves it. */
function windowOf(count: number, cursor: number, height: number): [number, number] {
  const size = Math.max(1, height);
  const start = Math.max(0, Math.min(cursor - Math.floor(size / 2), count - size));
  return [start, Math.min(count, start + size)];
}

/**
 * `v`: every violation of the session, one line each — the severity as a mark and a word (not
 * colour alone), the step, the rule id and its spec section; Enter goes to the chosen one's step.
 */
export function ViolationListView({
  rows,
  cursor,
  lang,
  height,
  unreadable = 0,
  width = Number.POSITIVE_INFINITY,
}: ViolationListViewProps) {
  const theme = useTheme();
  const [start, end] = windowOf(rows.length, cursor, height - (unreadable > 0 ? 1 : 0));
  return (
    <Box
      flexDirection="column"
      flexGrow={1}
      flexShrink={1}
      flexBasis={0}
      overflow="hidden"
      borderStyle="round"
      {...theme.border('accent')}
      paddingX={1}
    >
      <Box flexShrink={0} overflowX="hidden">
        {/* The list's keys are in the key bar, below. */}
        <Box flexShrink={0}>
          <Text bold {...theme.fg('accent')}>
            {tr(STRINGS.violationsTitle, lang, { count: String(rows.length) })}
          </Text>
          {start > 0 || end < rows.length ? (
            <Text {...theme.fg('accent')}>
              {' · '}
              {position(start, rows.length - end, lang)}
            </Text>
          ) : null}
        </Box>
      </Box>
      {rows.length === 0 ? <Text>{tr(STRINGS.violationsNone, lang)}</Text> : null}
      {unreadable > 0 ? (
        <Text dimColor wrap="truncate-end">
          {tr(STRINGS.violationsUnreadable, lang, {
            lines: { en: counted(unreadable, 'unreadable line'), zh: `${unreadable} 行` },
          })}
        </Text>
      ) : null}
      {rows.slice(start, end).map((row, i) => {
        const at = start + i;
        const here = at === cursor;
        const role = row.severity === 'warning' ? 'warning' : 'error';
        const severity = `${SEVERITY_MARK[row.severity]} ${tr(STRINGS[`severity_${row.severity}`], lang)}`;
        const {
          parts: [mark, sev, stepText, rule, spec],
          cut,
        } = cutParts(
          [
            here ? '› ' : '  ',
            severity.padEnd(lang === 'zh' ? 6 : 10),
            `${tr(STRINGS.step, lang)} ${String(row.step + 1).padStart(3)}  `,
            row.rule,
            `  § ${rowSpec(row, lang)}`,
          ],
          width,
        );
        return (
          <Box key={`${row.step}:${at}`} flexShrink={0} overflowX="hidden">
            <Text wrap="truncate-end" bold={here} inverse={here}>
              {mark}
              <Text {...theme.fg(role)}>{sev}</Text>
              {stepText}
              {rule}
              <Text dimColor>{spec}</Text>
              {cut ? '…' : ''}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
