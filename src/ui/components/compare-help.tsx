import { Box, Text } from 'ink';
import { COMPARE_STRINGS } from '../../i18n/compare-strings.js';
import { type Lang, tr } from '../../i18n/lang.js';
import { breakCjk } from '../cjk-lines.js';
import { COMPARE_KEYS, type CompareAction } from '../compare-keys.js';
import { keyLabel } from '../keymap.js';
import { Prose } from './prose.js';

/**
 * The compare view's help: its keys, and how the two sessions are laid out. `width`: the columns
 * its text wraps in; Chinese is broken there (breakCjk), not at its few spaces by Ink.
 */
export function CompareHelp({
  lang,
  wide,
  width,
}: {
  readonly lang: Lang;
  readonly wide: boolean;
  readonly width: number;
}) {
  // The keys named from the key table, as the lesson's help names them ("→/n/空格" in Chinese).
  const of = (action: CompareAction) =>
    COMPARE_KEYS.filter((b) => b.action === action)
      .flatMap((b) => b.keys.map((k) => keyLabel(k, lang)))
      .join('/');
  const keys: Array<[string, string]> = [
    [of('next'), tr(wide ? COMPARE_STRINGS.keyNext : COMPARE_STRINGS.keyNextNarrow, lang)],
    [of('prev'), tr(wide ? COMPARE_STRINGS.keyBack : COMPARE_STRINGS.keyBackNarrow, lang)],
    [`${of('first')}/${of('last')}`, tr(COMPARE_STRINGS.keyFirstLast, lang)],
    [`${of('scrollDown')} ${of('scrollUp')}`, tr(COMPARE_STRINGS.keyScroll, lang)],
    [of('help'), tr(COMPARE_STRINGS.keyHelp, lang)],
    [of('quit'), tr(COMPARE_STRINGS.keyQuit, lang)],
  ];
  return (
    <Box flexDirection="column">
      <Text bold>{tr(COMPARE_STRINGS.helpTitle, lang)}</Text>
      {keys.map(([k, what]) => (
        // A box, not padding: 空格 takes two columns each.
        <Box key={k}>
          <Box width={14} flexShrink={0}>
            <Text bold>{k}</Text>
          </Box>
          <Text wrap="truncate-end">{what}</Text>
        </Box>
      ))}
      <Text> </Text>
      <Prose>{breakCjk(tr(COMPARE_STRINGS.helpAbout, lang), width)}</Prose>
      <Text dimColor>{tr(COMPARE_STRINGS.helpClose, lang)}</Text>
    </Box>
  );
}
