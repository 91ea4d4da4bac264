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
};

/** The lesson's title on the left, `step k/n` on the right. */
export function HeaderBar({ title, index, count, lang }: HeaderBarProps) {
  const theme = useTheme();
  return (
    <Box flexShrink={0}>
      <Box flexGrow={1} flexShrink={1} overflowX={clipUnlessNarrow(title)}>
        <Text wrap="truncate-end">
          <Text bold {...theme.fg('accent')}>
            mcp-sim
          </Text>
          <Text dimColor> · </Text>
          <Text bold>{title}</Text>
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <Text bold>{tr(STRINGS.stepOf, lang, { k: index + 1, n: count })}</Text>
      </Box>
    </Box>
  );
}
