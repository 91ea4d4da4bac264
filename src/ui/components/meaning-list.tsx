import { Box, Text } from 'ink';
import type { Meaning } from '../envelope-model.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type MeaningListProps = {
  readonly meanings: readonly Meaning[];
  readonly gutter: number;
};

/** What the annotated fields mean: number, JSON pointer, sentence (wrapped, in the learner's language). */
export function MeaningList({ meanings, gutter }: MeaningListProps) {
  const theme = useTheme();
  return (
    <>
      {meanings.map((m) => (
        <Box key={m.pointer} flexShrink={0}>
          <Box width={gutter} flexShrink={0}>
            <Text {...theme.fg('accent')} bold>
              {m.n}
            </Text>
          </Box>
          <Prose>
            <Text {...theme.fg('key')}>{m.pointer}</Text> {m.text}
          </Prose>
        </Box>
      ))}
    </>
  );
}
