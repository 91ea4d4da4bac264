import { ProgressBar } from '@inkjs/ui';
import { Box, Text } from 'ink';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import type { ProgressReport } from '../../machine/index.js';
import { useTheme } from '../use-theme.js';

export type ProgressLineProps = {
  readonly progress: ProgressReport;
  readonly lang: Lang;
};

/** The progress a notifications/progress reports: token, a bar when the total is known, value/total, message. */
export function ProgressLine({ progress, lang }: ProgressLineProps) {
  const theme = useTheme();
  const { token, total, message } = progress;
  const value = total !== undefined ? `${progress.progress}/${total}` : String(progress.progress);
  return (
    <Box flexShrink={0} overflowX="hidden">
      <Box flexShrink={0}>
        <Text>
          <Text bold {...theme.fg('progress')}>
            {s('progress', lang)}
          </Text>
          <Text dimColor> {s('token', lang)} </Text>
          <Text {...theme.fg(typeof token === 'string' ? 'string' : 'number')}>
            {JSON.stringify(token)}
          </Text>
        </Text>
      </Box>
      {total !== undefined && total > 0 ? (
        // A definite one-line box: the bar sizes itself to it and must not push the layout.
        <Box
          flexGrow={1}
          flexShrink={1}
          flexBasis={0}
          minWidth={6}
          height={1}
          overflow="hidden"
          marginX={1}
        >
          <ProgressBar value={(progress.progress / total) * 100} />
        </Box>
      ) : (
        <Box flexGrow={1} />
      )}
      <Box flexShrink={0}>
        <Text bold>{value}</Text>
      </Box>
      {message !== undefined ? (
        <Box flexShrink={1} marginLeft={1} overflowX="hidden">
          <Text wrap="truncate-end" dimColor>
            {message}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
