import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS, sentences } from '../../i18n/strings.js';
import { breakCjk } from '../cjk-lines.js';
import type { KeyHint } from '../keymap.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';
import { TimelineLegend } from './timeline-legend.js';

export type HelpOverlayProps<Action extends string> = {
  readonly hints: readonly KeyHint<Action>[];
  readonly lang: Lang;
  /** Whether this screen saves progress (a lesson does; a recording or a live session does not). */
  readonly saves: boolean;
  /** Columns it is drawn in, its border included: Chinese is broken here (breakCjk), not by Ink. */
  readonly width: number;
};

/** The border and the padding on each side. */
const FRAME = 4;

/** `?`: the keys, what the screen shows, and where progress is kept. */
export function HelpOverlay<Action extends string>({
  hints,
  lang,
  saves,
  width,
}: HelpOverlayProps<Action>) {
  const inner = width - FRAME;
  const theme = useTheme();
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
      {/* Never shrunk (shrunk lines would be drawn over each other): a short screen cuts the end. */}
      <Box flexDirection="column" flexShrink={0}>
        <Box overflowX="hidden">
          <Text bold {...theme.fg('accent')}>
            {tr(STRINGS.helpTitle, lang)}
          </Text>
          <Text wrap="truncate-end" {...theme.fg('accent')}>
            {' · '}
            {tr(STRINGS.helpClose, lang)}
          </Text>
        </Box>
        {hints.map((hint) => (
          <Box key={hint.keys} overflowX="hidden">
            <Box width={14} flexShrink={0}>
              <Text bold>{hint.keys}</Text>
            </Box>
            <Text wrap="truncate-end">{hint.text}</Text>
          </Box>
        ))}
        <Box marginTop={1}>
          <Prose>
            {breakCjk(
              sentences(lang, tr(STRINGS.help, lang), saves ? tr(STRINGS.helpSaved, lang) : ''),
              inner,
            )}
          </Prose>
        </Box>
        <TimelineLegend lang={lang} />
        <Prose dimColor>{breakCjk(tr(STRINGS.legendNumbers, lang), inner)}</Prose>
      </Box>
    </Box>
  );
}
