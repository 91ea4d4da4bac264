import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, labelColon, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { STRINGS } from '../../i18n/strings.js';
import { ellipsize } from '../bound-text.js';
import type { OfferRow as Offer } from '../sandbox-driver.js';
import { compact } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';
import { SEVERITY_MARK, worstSeverity } from '../violation-list.js';

export type SandboxOffersProps = {
  readonly offers: readonly Offer[];
  readonly cursor: number;
  /**
   * False while another pane (the history) has the keys: neither the cursor nor the chosen offer's
   * envelope and verdict are drawn (their rows stay, blank).
   */
  readonly focused?: boolean;
  /** Rows for the list itself (the title and the two detail lines come on top). */
  readonly height: number;
  readonly side: string;
  readonly lang: Lang;
  /** Columns of each line: a line that does not fit is cut here and ends with `…`. */
  readonly width: number;
};

/**
 * ✓ when nothing would be flagged, ? when nothing would but the server is not known to serve it,
 * else the mark of the worst rule it breaks (as the timeline's).
 */
const markOf = (offer: Offer) => {
  const severity = worstSeverity(offer.blocks);
  if (severity !== null) return SEVERITY_MARK[severity];
  return offer.unsure ? '?' : '✓';
};

/** The first row shown: the cursor stays in view, near the middle once the list scrolls. */
export function windowStart(count: number, cursor: number, height: number): number {
  if (count <= height) return 0;
  return Math.max(0, Math.min(cursor - Math.floor(height / 2), count - height));
}

/**
 * What the learner's side may send now: the allowed ones first, then the ones the referee would
 * flag, dim, each with its rules; under the list the chosen one's envelope and, when it is not
 * allowed, the rule with its spec section.
 */
export function SandboxOffers({
  offers,
  cursor,
  height,
  side,
  lang,
  width,
  focused = true,
}: SandboxOffersProps) {
  const theme = useTheme();
  const blocked = offers.filter((o) => o.blocks.length > 0).length;
  const unsure = offers.filter((o) => o.blocks.length === 0 && o.unsure).length;
  const start = windowStart(offers.length, cursor, height);
  const shown = offers.slice(start, start + height);
  const chosen = offers[cursor];
  // What the window leaves out, named as a lesson pane's title names it ("↓ 3 more").
  const below = offers.length - start - shown.length;
  const heading = tr(
    unsure > 0 ? SANDBOX_STRINGS.offersTitleUnsure : SANDBOX_STRINGS.offersTitle,
    lang,
    { side, allowed: offers.length - blocked - unsure, unsure, blocked },
  );
  const notes = [
    start > 0 ? tr(STRINGS.paneAbove, lang, { n: start }) : '',
    below > 0 ? tr(STRINGS.paneBelow, lang, { n: below }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The notes are kept whole and the heading is cut before them, as a lesson pane's title is: cut
  // at its end, the line lost the count ("↑ 3 abov…", "↓ 还有…" at 60 columns).
  const room = width - stringWidth(notes) - 1;
  const title =
    notes === ''
      ? heading
      : room >= 10
        ? `${ellipsize(heading, room)} ${notes}`
        : `${heading} ${notes}`;
  const rule = chosen?.blocks[0];
  const doubt = rule ? null : (chosen?.unsure ?? null);
  const why = rule
    ? `${markOf(chosen)} ${tr(SANDBOX_STRINGS.forbids, lang)}${labelColon(lang)}${chosen.blocks.map((b) => b.rule).join(', ')} · § ${tr(rule.spec, lang)}`
    : doubt
      ? `? ${tr(doubt.why, lang)} · § ${tr(doubt.spec, lang)}`
      : `✓ ${tr(STRINGS.allowed, lang)}`;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Cut with ellipsize, not by Ink: cut on a Chinese character, Ink's … falls past the edge
          and the line ends in "↓ 还有" with no count and no …. */}
      <Text bold wrap="truncate-end">
        {ellipsize(title, width)}
      </Text>
      {shown.map((offer, i) => {
        const here = focused && start + i === cursor;
        const ok = offer.blocks.length === 0;
        const label = tr(offer.label, lang);
        const rules = !ok
          ? ` — ${offer.blocks.map((b) => b.rule).join(', ')}`
          : offer.unsure
            ? ` — ${tr(offer.unsure.tag, lang)}`
            : '';
        const mark = markOf(offer);
        // The mark and the cursor take 4 columns; the label and its rules share the rest.
        const line = ellipsize(`${label}${rules}`, width - 4);
        return (
          <Box key={offer.key}>
            <Text wrap="truncate-end" bold={here} dimColor={!ok && !here}>
              <Text {...theme.fg('accent')}>{here ? '› ' : '  '}</Text>
              <Text
                {...theme.fg(
                  mark === '✓' ? 'ok' : mark === '!' || mark === '?' ? 'warning' : 'error',
                )}
              >
                {mark}
              </Text>{' '}
              {line.slice(0, label.length)}
              <Text dimColor>{line.slice(label.length)}</Text>
            </Text>
          </Box>
        );
      })}
      {/* While the history has the keys, the verdict box below is the chosen step's: the offer's
          envelope and its "✓ allowed" would read as a second verdict, so their rows stay blank. */}
      <Box overflowX="hidden">
        <Text wrap="truncate-end" dimColor>
          {!chosen || !focused
            ? ' '
            : chosen.kind === 'transport'
              ? tr(
                  chosen.act.type === 'wait'
                    ? SANDBOX_STRINGS.noMessageWait
                    : SANDBOX_STRINGS.noMessage,
                  lang,
                )
              : compact(chosen.envelope)}
        </Text>
      </Box>
      <Text
        wrap="truncate-end"
        {...theme.fg(
          rule ? (rule.severity === 'warning' ? 'warning' : 'error') : doubt ? 'warning' : 'ok',
        )}
      >
        {focused ? ellipsize(why, width) : ' '}
      </Text>
    </Box>
  );
}
