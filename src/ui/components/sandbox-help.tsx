import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { breakCjk } from '../cjk-lines.js';
import { scrollNote, useMeasuredScroll } from '../use-measured-scroll.js';
import { Prose } from './prose.js';
import { ScrollWindow } from './scroll-window.js';

export type SandboxHelpProps = {
  readonly lang: Lang;
  readonly columns: number;
  /** Lines it may take (the screen's): what does not fit scrolls under the title. */
  readonly rows: number;
  /** Lines the help is scrolled down (`j`/`k` while it is open); clamped to what it needs. */
  readonly scroll: number;
  /** Told how far the help can scroll, once Ink has laid it out: the keys clamp to it. */
  readonly onMeasure?: (max: number) => void;
};

/**
 * The sandbox's `?`: what the list offers and its keys. On a short screen (60×20) the text is
 * taller than the screen: it scrolls under its title, which says how many lines are out of sight,
 * as the lesson's help does (useMeasuredScroll).
 */
export function SandboxHelp({ lang, columns, rows, scroll, onMeasure }: SandboxHelpProps) {
  const scrolled = useMeasuredScroll(scroll, onMeasure);
  const note = scrollNote(lang, scrolled);
  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <Box flexShrink={0}>
        <Text bold>{tr(SANDBOX_STRINGS.helpTitle, lang)}</Text>
        {note === null ? null : <Text dimColor>{note}</Text>}
      </Box>
      <ScrollWindow scrolled={scrolled}>
        <Prose>{breakCjk(tr(SANDBOX_STRINGS.helpText, lang), columns)}</Prose>
        <Prose dimColor>{breakCjk(tr(SANDBOX_STRINGS.helpKeys, lang), columns)}</Prose>
      </ScrollWindow>
    </Box>
  );
}
