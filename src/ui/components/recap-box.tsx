import { Box, Text } from 'ink';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type RecapBoxProps = {
  readonly recap: string;
  readonly lang: Lang;
};

/** The lesson's recap, shown once the last step is on screen. */
export function RecapBox({ recap, lang }: RecapBoxProps) {
  const theme = useTheme();
  return (
    <Box
      flexShrink={0}
      borderStyle="bold"
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      {...theme.border('accent')}
      paddingLeft={1}
    >
      <Prose>
        <Text bold {...theme.fg('accent')}>
          {s('end', lang)} · {s('recap', lang)}:
        </Text>{' '}
        {recap}
      </Prose>
    </Box>
  );
}
