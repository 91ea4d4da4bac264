import { Box, Text } from 'ink';
import { Fragment, type ReactNode } from 'react';
import { type Lang, labelColon, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { Violation } from '../../machine/index.js';
// Not from the machine's index: that would load the referee and the SDK's zod schemas (a megabyte
// of code to compile) before a lesson's first frame, which only needs this accessor.
import { specText } from '../../machine/spec-text.js';
import { visible } from '../../protocol/visible.js';
import { ellipsize } from '../bound-text.js';
import { breakCjk, breakCjkParts } from '../cjk-lines.js';
import { wrappedHeight } from '../text-height.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type VerdictLineProps = {
  readonly violations: readonly Violation[];
  readonly lang: Lang;
  /** A line that is not a message: one line saying the referee could not judge it. */
  readonly unreadable?: boolean;
  /**
   * A fault's own message the referee judges only at the next step (its reveal): with no rule
   * broken, one line saying so instead of "allowed by the rules".
   */
  readonly judgedLater?: boolean;
  /** Columns it is drawn in, its bar included: Chinese is broken here (breakCjk), not by Ink. */
  readonly width: number;
  /**
   * Rows it may take. Past them, each rule takes one line (its id and the start of its message,
   * cut with …), and the last row is `more`: where the rest is read.
   */
  readonly maxRows?: number;
  /** The last row of a cut verdict (`maxRows`): where the whole of it is read. */
  readonly more?: (hidden: number) => string;
};

// The severity in words too, not only in colour: without colour (NO_COLOR) it must still show.
// A Chinese label takes the full-width colon: `✗ 违反规则：id`.
const ruleOf = (v: Violation, lang: Lang) => {
  const colon = labelColon(lang);
  return v.severity === 'warning'
    ? `! ${tr(STRINGS.violationWarning, lang)}${colon}${v.rule}`
    : `✗ ${tr(STRINGS.violation, lang)}${colon}${v.rule}`;
};
// A message quotes what was sent (a method, a field): a newline or an ESC the sender put in it is
// drawn as an escape, so that it neither breaks the one-line form nor reaches the terminal.
const messageOf = (v: Violation, lang: Lang) => visible(lang === 'zh' ? v.messageZh : v.message);
/** The bar on the left and the space after it. */
const INDENT = 2;

/** Lines the verdict takes at `width` columns: one when all is well, else each callout wrapped. */
export function verdictHeight(violations: readonly Violation[], lang: Lang, width: number): number {
  if (violations.length === 0) return 1;
  const inner = width - INDENT;
  return violations.reduce(
    (n, v) =>
      n +
      wrappedHeight(breakCjk(`${ruleOf(v, lang)} — ${messageOf(v, lang)}`, inner), inner) +
      wrappedHeight(breakCjk(`§ ${specText(v, lang)}`, inner), inner),
    0,
  );
}

/** A broken rule's callout: a bar on the left in its severity's colour. */
function Callout({
  role,
  children,
}: {
  readonly role: 'error' | 'warning';
  readonly children: ReactNode;
}) {
  const theme = useTheme();
  return (
    <Box
      borderStyle="bold"
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      {...theme.border(role)}
      paddingLeft={INDENT - 1}
    >
      {children}
    </Box>
  );
}

/**
 * Rows the verdict takes within `maxRows`, given the `full` height it needs (verdictHeight) and its
 * number of `rules`: all it needs when it fits, else one a rule (as many as leave a row for the
 * line that says where the rest is) and that line.
 */
export function verdictRows(full: number, rules: number, maxRows: number): number {
  if (full <= maxRows) return full;
  return Math.min(rules, Math.max(1, maxRows - 1)) + 1;
}

/** The referee's verdict: a green line, or a callout per broken rule with its spec section. */
export function VerdictLine({
  violations,
  lang,
  width,
  unreadable = false,
  judgedLater = false,
  maxRows,
  more,
}: VerdictLineProps) {
  const theme = useTheme();
  // The one-line verdicts are cut here, not under a clip of their own: inside a scrolled pane a
  // box's own clip replaces the pane's (Ink 6 does not intersect nested clips), so a line scrolled
  // out of the pane would be drawn over its title. ellipsize cuts a wide character right.
  if (unreadable) {
    // As tall as the "allowed" line, so the screen's fit (verdictHeight) holds.
    return (
      <Box flexShrink={0}>
        <Text {...theme.fg('error')} wrap="truncate-end">
          {ellipsize(`✗ ${tr(STRINGS.notJudged, lang)}`, width)}
        </Text>
      </Box>
    );
  }
  if (violations.length === 0 && judgedLater) {
    return (
      <Box flexShrink={0}>
        <Text {...theme.fg('warning')} wrap="truncate-end">
          {ellipsize(`… ${tr(STRINGS.judgedLater, lang)}`, width)}
        </Text>
      </Box>
    );
  }
  if (violations.length === 0) {
    return (
      <Box flexShrink={0}>
        <Text {...theme.fg('ok')} wrap="truncate-end">
          {ellipsize(`✓ ${tr(STRINGS.allowed, lang)}`, width)}
        </Text>
      </Box>
    );
  }
  if (maxRows !== undefined && verdictHeight(violations, lang, width) > maxRows) {
    const shown = violations.slice(0, Math.max(1, maxRows - 1));
    return (
      <Box flexDirection="column" flexShrink={0}>
        {shown.map((v, i) => {
          const role = v.severity === 'warning' ? 'warning' : 'error';
          const rule = ruleOf(v, lang);
          const line = ellipsize(`${rule} — ${messageOf(v, lang)}`, width - INDENT);
          // The rule's id in the role's colour, as the whole callout draws it (unless even it is cut).
          const head = line.startsWith(rule) ? rule : line;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: one step's violations never move
            <Callout key={i} role={role}>
              <Text wrap="truncate-end">
                <Text bold {...theme.fg(role)}>
                  {head}
                </Text>
                {line.slice(head.length)}
              </Text>
            </Callout>
          );
        })}
        <Text dimColor wrap="truncate-end">
          {ellipsize(more?.(violations.length - shown.length) ?? '…', width)}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" flexShrink={0}>
      {violations.map((v, i) => {
        const role = v.severity === 'warning' ? 'warning' : 'error';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one step's violations never move
          <Callout key={i} role={role}>
            <Box flexDirection="column">
              <Prose>
                {breakCjkParts([ruleOf(v, lang), ' — ', messageOf(v, lang)], width - INDENT).map(
                  (line, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is its identity
                    <Fragment key={n}>
                      {n > 0 ? '\n' : ''}
                      {line.map(([part, text]) =>
                        part === 0 ? (
                          <Text key={part} bold {...theme.fg(role)}>
                            {text}
                          </Text>
                        ) : part === 1 ? (
                          <Text key={part} dimColor>
                            {text}
                          </Text>
                        ) : (
                          text
                        ),
                      )}
                    </Fragment>
                  ),
                )}
              </Prose>
              <Prose dimColor>{breakCjk(`§ ${specText(v, lang)}`, width - INDENT)}</Prose>
            </Box>
          </Callout>
        );
      })}
    </Box>
  );
}
