import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS, type StringKey, sentences } from '../../i18n/strings.js';
import type { Severity } from '../../machine/rules.js';
import { formatTime } from '../row-summary.js';
import { ARROWS, type ArrowStyle, CURRENT_MARK, UNKNOWN_METHOD } from '../sequence-rows.js';
import { SEVERITY_MARK } from '../violation-list.js';

/** What each arrow means: an arrow style without a meaning here does not compile. */
const ARROW_MEANINGS = {
  solid: 'legendRequest',
  dashed: 'legendNotification',
  error: 'legendError',
  invalid: 'legendUnreadable',
  close: 'legendClosed',
  abandon: 'legendAbandoned',
} as const satisfies Record<ArrowStyle, StringKey>;

/** The mark beside S for a step that broke a rule, by its gravest severity. */
const MARK_MEANINGS = {
  error: 'legendRuleError',
  warning: 'legendRuleWarning',
} as const satisfies Record<Severity, StringKey>;

const arrowStyles = Object.keys(ARROW_MEANINGS) as ArrowStyle[];

/** An arrow as the legend draws it: `───✗───▶` as `──✗──▶` (runs cut to two), to save lines. */
export function legendArrow(arrow: string): string {
  return arrow.trim().replace(/(.)\1{2,}/gu, '$1$1');
}
const severities = Object.keys(MARK_MEANINGS) as Severity[];

/**
 * Every mark a timeline row can show (src/ui/components/timeline-row.tsx draws them), read from
 * the tables that make the rows, each with what it means.
 */
export const LEGEND: ReadonlyArray<readonly [symbol: string, meaning: StringKey]> = [
  [CURRENT_MARK, 'legendCurrent'],
  ...arrowStyles.map((style) => [legendArrow(ARROWS[style].right), ARROW_MEANINGS[style]] as const),
  ...severities.map((severity) => [SEVERITY_MARK[severity], MARK_MEANINGS[severity]] as const),
  [`${UNKNOWN_METHOD} #999`, 'legendUnknownRequest'],
  [formatTime(1250), 'legendTime'],
  ['· add', 'legendSummary'],
];

/**
 * The legend, laid out item by item: a line breaks between items, never between a mark and its
 * meaning (wrapping it as one sentence would leave `!` at the end of a line and its meaning on
 * the next, as Chinese has no spaces to break at).
 */
export function TimelineLegend({ lang }: { readonly lang: Lang }) {
  return (
    <Box flexWrap="wrap">
      {LEGEND.map(([symbol, meaning], i) => {
        const item = `${symbol} ${tr(STRINGS[meaning], lang)}`;
        const text = i === 0 ? sentences(lang, tr(STRINGS.legendTimeline, lang), item) : item;
        return (
          <Box key={symbol} flexShrink={0}>
            <Text dimColor>
              {i < LEGEND.length - 1 ? `${text}${tr(STRINGS.legendSeparator, lang)}` : text}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
