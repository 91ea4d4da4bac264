import { Box, Text } from 'ink';
import type { KeyHint } from '../keymap.js';
import { useTheme } from '../use-theme.js';

export type KeyBarProps<Action extends string> = {
  readonly hints: readonly KeyHint<Action>[];
  /** Actions that would do nothing now (back on the first step…), shown dim. */
  readonly idle?: readonly Action[];
};

/**
 * One line at the bottom: the keys and what they do, from the key table. Ink lays the hints out
 * one after another and wraps those that do not fit onto a second line, which is not shown: a
 * narrow bar ends with its last whole hint, never with half of one (the help lists them all).
 */
export function KeyBar<Action extends string>({ hints, idle = [] }: KeyBarProps<Action>) {
  const theme = useTheme();
  return (
    <Box flexShrink={0} height={1} flexWrap="wrap" overflow="hidden">
      {hints.map((hint, i) => {
        const off = hint.actions.every((a) => idle.includes(a));
        return (
          <Box key={hint.keys} flexShrink={0}>
            <Text dimColor={off}>
              {i > 0 ? <Text dimColor> · </Text> : null}
              <Text bold {...theme.fg(off ? null : 'accent')}>
                {hint.keys}
              </Text>{' '}
              {hint.text}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
