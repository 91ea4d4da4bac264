import { Box, Text } from 'ink';
import { COMPARE_STRINGS } from '../../i18n/compare-strings.js';
import { type Lang, tr } from '../../i18n/lang.js';

/** The compare view's help: its keys, and how the two sessions are laid out. */
export function CompareHelp({ lang, wide }: { readonly lang: Lang; readonly wide: boolean }) {
  const keys: Array<[string, string]> = [
    ['→ n space', tr(wide ? COMPARE_STRINGS.keyNext : COMPARE_STRINGS.keyNextNarrow, lang)],
    ['← p', tr(wide ? COMPARE_STRINGS.keyBack : COMPARE_STRINGS.keyBackNarrow, lang)],
    ['g / G', tr(COMPARE_STRINGS.keyFirstLast, lang)],
    ['j k ↓ ↑', tr(COMPARE_STRINGS.keyScroll, lang)],
    ['?', tr(COMPARE_STRINGS.keyHelp, lang)],
    ['q', tr(COMPARE_STRINGS.keyQuit, lang)],
  ];
  return (
    <Box flexDirection="column">
      <Text bold>{tr(COMPARE_STRINGS.helpTitle, lang)}</Text>
      {keys.map(([k, what]) => (
        <Text key={k}>
          <Text bold>{k.padEnd(12)}</Text>
          {what}
        </Text>
      ))}
      <Text> </Text>
      <Text>{tr(COMPARE_STRINGS.helpAbout, lang)}</Text>
      <Text dimColor>{tr(COMPARE_STRINGS.helpClose, lang)}</Text>
    </Box>
  );
}
