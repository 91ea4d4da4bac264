import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS, sentences } from '../../i18n/strings.js';
import { breakCjk } from '../cjk-lines.js';
import type { KeyHint } from '../keymap.js';
import { scrollNote, useMeasuredScroll } from '../use-measured-scroll.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';
import { ScrollWindow } from './scroll-window.js';
import { TimelineLegend } from './timeline-legend.js';

export type HelpOverlayProps<Action extends string> = {
  readonly hints: readonly KeyHint<Action>[];
  readonly lang: Lang;
  /** Whether this screen saves progress (a lesson does; a recording or a live session does not). */
  readonly saves: boolean;
  /** The session on screen is of the stateless era (2026-07-28): no lifecycle to check against. */
  readonly modern?: boolean;
  /** Columns it is drawn in, its border included: Chinese is broken here (breakCjk), not by Ink. */
  readonly width: number;
  /** Lines the help is scrolled down (`j`/`k` while it is open); clamped to what it needs. */
  readonly scroll?: number;
  /** Told how far the help can scroll, once Ink has laid it out: the keys clamp to it. */
  readonly onMeasure?: (max: number) => void;
};

/** The border and the padding on each side. */
const FRAME = 4;

/**
 * `?`: the keys, what the screen shows, and where progress is kept. On a short screen the body
 * scrolls under the title, which says how many lines are out of sight (useMeasuredScroll).
 */
export function HelpOverlay<Action extends string>({
  hints,
  lang,
  saves,
  modern = false,
  width,
  scroll = 0,
  onMeasure,
}: HelpOverlayProps<Action>) {
  const inner = width - FRAME;
  const theme = useTheme();
  const scrolled = useMeasuredScroll(scroll, onMeasure);
  const note = scrollNote(lang, scrolled);
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
      <Box overflowX="hidden" flexShrink={0}>
        <Text bold {...theme.fg('accent')}>
          {tr(STRINGS.helpTitle, lang)}
        </Text>
        <Box flexShrink={1} overflowX="hidden">
          <Text wrap="truncate-end" {...theme.fg('accent')}>
            {' · '}
            {tr(STRINGS.helpClose, lang)}
          </Text>
        </Box>
        {note === null ? null : (
          <Box flexShrink={0}>
            <Text {...theme.fg('accent')}>{note}</Text>
          </Box>
        )}
      </Box>
      <ScrollWindow scrolled={scrolled}>
        {/* No clipping box per row: Ink clips by the innermost box only, and the window's
              vertical clip must hold for every line. `truncate-end` keeps a row one line. */}
        {hints.map((hint) => (
          <Box key={hint.keys}>
            <Box width={14} flexShrink={0}>
              <Text bold>{hint.keys}</Text>
            </Box>
            <Text wrap="truncate-end">{hint.text}</Text>
          </Box>
        ))}
        <Box marginTop={1}>
          <Prose>
            {breakCjk(
              sentences(
                lang,
                tr(modern ? STRINGS.helpModern : STRINGS.help, lang),
                saves ? tr(STRINGS.helpSaved, lang) : '',
              ),
              inner,
            )}
          </Prose>
        </Box>
        <TimelineLegend lang={lang} />
        <Prose dimColor>{breakCjk(tr(STRINGS.legendNumbers, lang), inner)}</Prose>
        <Prose dimColor>{breakCjk(tr(STRINGS.legendPeers, lang), inner)}</Prose>
      </ScrollWindow>
    </Box>
  );
}
