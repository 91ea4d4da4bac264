import { Box, Text, Transform } from 'ink';
import { type JsonLine, lineIndent } from '../json-lines.js';
import { useTheme } from '../use-theme.js';
import { dropCarried } from './prose.js';

export type JsonLineViewProps = {
  readonly line: JsonLine;
  /** The meaning number for an annotated line, shown in the gutter. */
  readonly mark: number | null;
  readonly gutter: number;
  /** Columns of the pane, the gutter included. */
  readonly width: number;
  /** One screen line of a long line the model cut (it fits: nothing wraps, no space is carried). */
  readonly piece?: boolean;
};

/**
 * One line of the envelope: gutter mark, indentation, coloured tokens. A line too long for the
 * pane wraps (its height is counted by `envelopeRows`) and goes on at its own indent, under its
 * field: a value is never cut on the right, nor sent back to column 0.
 */
export function JsonLineView({ line, mark, gutter, width, piece = false }: JsonLineViewProps) {
  const theme = useTheme();
  const indent = lineIndent(line, Math.max(1, width - gutter));
  const text = (
    <Text wrap="wrap">
      {line.tokens.map((token, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tokens of one line never move
        <Text key={i} {...theme.fg(token.kind)}>
          {token.text}
        </Text>
      ))}
    </Text>
  );
  return (
    <Box flexShrink={0}>
      {gutter > 0 ? (
        <Box width={gutter} flexShrink={0}>
          <Text {...theme.fg('accent')} bold>
            {mark ?? ''}
          </Text>
        </Box>
      ) : null}
      {indent > 0 ? <Box width={indent} flexShrink={0} /> : null}
      {/* Every line: a JSON line's own text never starts with a space (its indent is the box
          before it), and the index Ink passes counts from the first line left after a scrolled
          pane's clip, so a carried line scrolled to the top would be index 0 (see Prose). */}
      {piece ? text : <Transform transform={dropCarried}>{text}</Transform>}
    </Box>
  );
}
