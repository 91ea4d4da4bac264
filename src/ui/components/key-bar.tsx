import { Box, Text } from 'ink';
import { clipUnlessNarrow } from '../clip.js';
import type { KeyHint } from '../keymap.js';
import { useTheme } from '../use-theme.js';

export type KeyBarProps<Action extends string> = {
  readonly hints: readonly KeyHint<Action>[];
  /** Actions that would do nothing now (back on the first step…), shown dim. */
  readonly idle?: readonly Action[];
};

/** One line at the bottom: the keys and what they do, from the key table. */
export function KeyBar<Action extends string>({ hints, idle = [] }: KeyBarProps<Action>) {
  const theme = useTheme();
  return (
    <Box flexShrink={0} overflowX={clipUnlessNarrow(...hints.flatMap((h) => [h.keys, h.text]))}>
      <Text wrap="truncate-end">
        {hints.map((hint, i) => {
          const off = hint.actions.every((a) => idle.includes(a));
          return (
            <Text key={hint.keys} dimColor={off}>
              {i > 0 ? <Text dimColor> · </Text> : null}
              <Text bold {...theme.fg(off ? null : 'accent')}>
                {hint.keys}
              </Text>{' '}
              {hint.text}
            </Text>
          );
        })}
      </Text>
    </Box>
  );
}
