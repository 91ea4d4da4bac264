import { Box, type DOMElement, measureElement, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
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
 * scrolls under the title, which says how many lines are out of sight; Ink measures both the
 * window and the body, so nothing here counts wrapped lines.
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
  const windowRef = useRef<DOMElement>(null);
  const bodyRef = useRef<DOMElement>(null);
  const [max, setMax] = useState(0);
  useEffect(() => {
    if (!windowRef.current || !bodyRef.current) return;
    const room = measureElement(windowRef.current).height;
    const body = measureElement(bodyRef.current).height;
    const next = Math.max(0, body - room);
    if (next !== max) setMax(next);
    onMeasure?.(next);
  });
  const shown = Math.max(0, Math.min(scroll, max));
  const below = max - shown;
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
        {below > 0 || shown > 0 ? (
          <Box flexShrink={0}>
            <Text {...theme.fg('accent')}>
              {' '}
              {below > 0
                ? tr(STRINGS.paneBelow, lang, { n: below })
                : tr(STRINGS.paneAbove, lang, { n: shown })}
              {' · j/k'}
            </Text>
          </Box>
        ) : null}
      </Box>
      <Box
        ref={windowRef}
        flexDirection="column"
        flexGrow={1}
        flexShrink={1}
        flexBasis={0}
        overflow="hidden"
      >
        {/* Never shrunk (shrunk lines would be drawn over each other): it scrolls instead. */}
        <Box ref={bodyRef} flexDirection="column" flexShrink={0} marginTop={-shown}>
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
        </Box>
      </Box>
    </Box>
  );
}
