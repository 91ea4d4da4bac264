import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { clipUnlessNarrow } from '../clip.js';
import { useTheme } from '../use-theme.js';

export type HeaderBarProps = {
  readonly title: string;
  readonly index: number;
  readonly count: number;
  readonly lang: Lang;
  /**
   * News for the learner (where a lesson resumes, the countdown, the next lesson, the step number
   * being typed): shown in the title's place, so that the key bar below never gives way to it.
   */
  readonly notice?: string | null;
};

/** The lesson's title (or, for a moment, a notice) on the left, `step k/n` on the right. */
export function HeaderBar({ title, index, count, lang, notice = null }: HeaderBarProps) {
  const theme = useTheme();
  const shown = notice ?? title;
  return (
    <Box flexShrink={0}>
      <Box flexGrow={1} flexShrink={1} overflowX={clipUnlessNarrow(shown)}>
        <Text wrap="truncate-end">
          <Text bold {...theme.fg('accent')}>
            mcp-sim
          </Text>
          <Text dimColor> · </Text>
          {notice !== null ? (
            <Text bold {...theme.fg('accent')}>
              » {notice}
            </Text>
          ) : (
            <Text bold>{title}</Text>
          )}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <Text bold>{tr(STRINGS.stepOf, lang, { k: index + 1, n: count })}</Text>
      </Box>
    </Box>
  );
}
