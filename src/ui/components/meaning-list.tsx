import { Box, Text } from 'ink';
import { Fragment } from 'react';
import { readablePointer } from '../../protocol/json.js';
import { breakCjkParts } from '../cjk-lines.js';
import type { Meaning } from '../envelope-model.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type MeaningListProps = {
  readonly meanings: readonly Meaning[];
  readonly gutter: number;
  /** Columns it is drawn in, the gutter included: Chinese is broken here, not by Ink. */
  readonly width: number;
};

/** What the annotated fields mean: number, JSON pointer (as a learner reads it), sentence (wrapped, in the learner's language). */
export function MeaningList({ meanings, gutter, width }: MeaningListProps) {
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
            {breakCjkParts([readablePointer(m.pointer), ` ${m.text}`], width - gutter).map(
              (line, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is its identity
                <Fragment key={n}>
                  {n > 0 ? '\n' : ''}
                  {line.map(([part, text]) =>
                    part === 0 ? (
                      <Text key={part} {...theme.fg('key')}>
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
        </Box>
      ))}
    </>
  );
}
