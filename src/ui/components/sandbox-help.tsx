import { Box, type DOMElement, measureElement, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { STRINGS } from '../../i18n/strings.js';
import { breakCjk } from '../cjk-lines.js';
import { Prose } from './prose.js';

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
 * as the lesson's help does. Ink measures the window and the text, so nothing here counts lines.
 */
export function SandboxHelp({ lang, columns, rows, scroll, onMeasure }: SandboxHelpProps) {
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
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <Box flexShrink={0}>
        <Text bold>{tr(SANDBOX_STRINGS.helpTitle, lang)}</Text>
        {below > 0 || shown > 0 ? (
          <Text dimColor>
            {' '}
            {below > 0
              ? tr(STRINGS.paneBelow, lang, { n: below })
              : tr(STRINGS.paneAbove, lang, { n: shown })}
            {' · j/k'}
          </Text>
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
          <Prose>{breakCjk(tr(SANDBOX_STRINGS.helpText, lang), columns)}</Prose>
          <Prose dimColor>{breakCjk(tr(SANDBOX_STRINGS.helpKeys, lang), columns)}</Prose>
        </Box>
      </Box>
    </Box>
  );
}
