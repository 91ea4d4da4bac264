import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import type { KeyHint } from '../keymap.js';
import { useTheme } from '../use-theme.js';

export type KeyBarProps<Action extends string> = {
  readonly hints: readonly KeyHint<Action>[];
  /** Actions that would do nothing now (back on the first step…), shown dim. */
  readonly idle?: readonly Action[];
  /** The columns of the bar: the terminal's. */
  readonly width: number;
};

const SEP = ' · ';
/** What ends a bar that holds fewer hints than there are. */
const MORE = ' …';

/**
 * How many hints, whole, a bar of `width` columns holds, and whether some are left out: then the
 * bar keeps room for `…` after the last. Measured here because Ink cannot say which boxes it
 * wrapped out of sight, and a cut line must end with `…` (the help lists every key).
 */
export function fitHints(
  hints: readonly KeyHint<string>[],
  width: number,
): { readonly count: number; readonly cut: boolean } {
  const widths = hints.map(
    (h, i) => (i > 0 ? SEP.length : 0) + stringWidth(h.keys) + 1 + stringWidth(h.text),
  );
  if (widths.reduce((a, b) => a + b, 0) <= width) return { count: hints.length, cut: false };
  let used = MORE.length;
  let count = 0;
  for (const w of widths) {
    if (used + w > width) break;
    used += w;
    count += 1;
  }
  return { count, cut: true };
}

/**
 * One line at the bottom: the keys and what they do, from the key table. A narrow bar ends with
 * its last whole hint and `…`, never with half of one (the help lists them all).
 */
export function KeyBar<Action extends string>({ hints, idle = [], width }: KeyBarProps<Action>) {
  const theme = useTheme();
  const { count, cut } = fitHints(hints, width);
  return (
    // Wrapped, one line shown: in the frame Ink draws on a resize before `width` follows, hints
    // that no longer fit go whole to the hidden line instead of being clipped mid-character.
    <Box flexShrink={0} height={1} flexWrap="wrap" overflow="hidden">
      {hints.slice(0, count).map((hint, i) => {
        const off = hint.actions.every((a) => idle.includes(a));
        return (
          <Box key={hint.keys} flexShrink={0}>
            <Text dimColor={off}>
              {i > 0 ? <Text dimColor>{SEP}</Text> : null}
              <Text bold {...theme.fg(off ? null : 'accent')}>
                {hint.keys}
              </Text>{' '}
              {hint.text}
            </Text>
          </Box>
        );
      })}
      {cut ? (
        <Box flexShrink={0}>
          <Text dimColor>{MORE}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
