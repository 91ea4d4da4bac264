import { Box, Text } from 'ink';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import { wrappedHeight } from '../text-height.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type RecapBoxProps = {
  readonly recap: string;
  readonly lang: Lang;
};

const headOf = (lang: Lang) => `${s('end', lang)} · ${s('recap', lang)}:`;

/** Lines the recap takes at `width` columns (the bar on the left and a space take two). */
export function recapHeight(recap: string, lang: Lang, width: number): number {
  return wrappedHeight(`${headOf(lang)} ${recap}`, width - 2);
}

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
          {headOf(lang)}
        </Text>{' '}
        {recap}
      </Prose>
    </Box>
  );
}
