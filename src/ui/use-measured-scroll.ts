import { type DOMElement, measureElement } from 'ink';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';

export type MeasuredScroll = {
  /** The box the text scrolls in: what is out of it is out of sight. */
  readonly windowRef: RefObject<DOMElement | null>;
  /** The text itself, never shrunk: it is moved up by `shown` lines instead. */
  readonly bodyRef: RefObject<DOMElement | null>;
  /** Lines scrolled out of sight above, the asked-for scroll clamped to what the text needs. */
  readonly shown: number;
  /** Lines out of sight below. */
  readonly below: number;
};

/**
 * A text that scrolls under a fixed title (the help overlays): Ink measures the window and the
 * text once it has laid them out, so nothing counts wrapped lines. `onMeasure` is told how far the
 * text can scroll, so that the keys clamp to it.
 */
export function useMeasuredScroll(
  scroll: number,
  onMeasure?: (max: number) => void,
): MeasuredScroll {
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
  return { windowRef, bodyRef, shown, below: max - shown };
}

/** The title's note on a scrolled text (`↓ 3 more · j/k`), or null when all of it is in sight. */
export function scrollNote(lang: Lang, { shown, below }: MeasuredScroll): string | null {
  if (below === 0 && shown === 0) return null;
  const where =
    below > 0
      ? tr(STRINGS.paneBelow, lang, { n: below })
      : tr(STRINGS.paneAbove, lang, { n: shown });
  return ` ${where} · j/k`;
}
