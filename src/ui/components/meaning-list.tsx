import { Box, type DOMElement, Text } from 'ink';
import type { Meaning } from '../envelope-model.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type MeaningListProps = {
  readonly meanings: readonly Meaning[];
  readonly gutter: number;
  /** Receives each meaning's box, so its wrapped height can be measured. */
  readonly boxRef: (n: number, box: DOMElement | null) => void;
};

/** What the annotated fields mean: number, JSON pointer, sentence (wrapped, in the learner's language). */
export function MeaningList({ meanings, gutter, boxRef }: MeaningListProps) {
  const theme = useTheme();
  return (
    <>
      {meanings.map((m) => (
        <Box key={m.n} flexShrink={0} ref={(box) => boxRef(m.n, box)}>
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
