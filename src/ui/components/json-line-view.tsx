import { Box, Text, Transform } from 'ink';
import type { JsonLine } from '../json-lines.js';
import { useTheme } from '../use-theme.js';
import { dropCarried } from './prose.js';

export type JsonLineViewProps = {
  readonly line: JsonLine;
  /** The meaning number for an annotated line, shown in the gutter. */
  readonly mark: number | null;
  readonly gutter: number;
};

/**
 * One line of the envelope: gutter mark, indentation, coloured tokens. A line too long for the
 * pane wraps (its height is counted by `envelopeRows`): a value is never cut on the right.
 */
export function JsonLineView({ line, mark, gutter }: JsonLineViewProps) {
  const theme = useTheme();
  return (
    <Box flexShrink={0}>
      {gutter > 0 ? (
        <Box width={gutter} flexShrink={0}>
          <Text {...theme.fg('accent')} bold>
            {mark ?? ''}
          </Text>
        </Box>
      ) : null}
      <Transform transform={(text, index) => (index === 0 ? text : dropCarried(text))}>
        <Text wrap="wrap">
          {'  '.repeat(line.depth)}
          {line.tokens.map((token, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tokens of one line never move
            <Text key={i} {...theme.fg(token.kind)}>
              {token.text}
            </Text>
          ))}
        </Text>
      </Transform>
    </Box>
  );
}
