import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import { useTheme } from '../use-theme.js';

export type StepTextProps = {
  /** Lines the text gets on screen. */
  readonly rows: number;
  /** Lines the text takes in full. */
  readonly lines: number;
  /** Lines scrolled past at the top (0 to lines - rows + 1). */
  readonly scroll: number;
  /** A blank line above it (tall terminals). */
  readonly gap: number;
  readonly lang: Lang;
  readonly children: ReactNode;
};

/** The "more" line: how many lines are below (and the keys to read them), or above at the end. */
function moreText(below: number, above: number, lang: Lang): string {
  if (below > 0) return tr(STRINGS[below === 1 ? 'textBelowOne' : 'textBelow'], lang, { n: below });
  return tr(STRINGS[above === 1 ? 'textAboveOne' : 'textAbove'], lang, { n: above });
}

/**
 * The step's text below the envelope (progress, verdict, narration, recap). Whole when it fits;
 * otherwise a window of `rows - 1` lines moved `scroll` lines down the text, and a last line
 * saying how much more there is and which keys scroll: nothing is cut without a word.
 */
export function StepText({ rows, lines, scroll, gap, lang, children }: StepTextProps) {
  const theme = useTheme();
  if (lines <= rows) {
    return (
      <Box flexDirection="column" flexShrink={0} marginTop={gap}>
        {children}
      </Box>
    );
  }
  const window = Math.max(1, rows - 1);
  const more = moreText(lines - scroll - window, scroll, lang);
  return (
    <Box flexDirection="column" flexShrink={0} marginTop={gap}>
      <Box flexDirection="column" flexShrink={0} height={window} overflowY="hidden">
        <Box flexDirection="column" flexShrink={0} marginTop={-scroll}>
          {children}
        </Box>
      </Box>
      <Box flexShrink={0} overflowX={clipUnlessNarrow(more)}>
        <Text {...theme.fg('accent')} wrap="truncate-end">
          {more}
        </Text>
      </Box>
    </Box>
  );
}
