import { Text, Transform } from 'ink';
import type { ReactNode } from 'react';

const ESC = String.fromCharCode(27);
/** Escape codes a styled line may start with, then the one space the wrap carried over. */
const CARRIED_SPACE = new RegExp(`^((?:${ESC}\\[[\\d;]*m)*) `);

export type ProseProps = {
  readonly children?: ReactNode;
  readonly dimColor?: boolean;
  readonly italic?: boolean;
  readonly color?: string;
};

/** A wrapped line without the space the wrap carried over to its start (its styles kept). */
export const dropCarried = (line: string) => line.replace(CARRIED_SPACE, '$1');

/**
 * Wrapped sentences. Ink wraps without trimming, so when a word ends exactly at the right edge the
 * space after it opens the next line; this drops that space from every line but the text's own
 * first one. Not told by the line's index: Ink numbers the lines left after a scrolled pane's clip,
 * so a carried line scrolled to the top of its pane is index 0, and kept its space there (the line
 * moved a column right as it reached the top). Only a text that itself starts with a space keeps
 * the space of its index 0.
 */
export function Prose({ children, dimColor = false, italic = false, color }: ProseProps) {
  const ownSpace = typeof children === 'string' && children.startsWith(' ');
  return (
    <Transform transform={(line, index) => (index === 0 && ownSpace ? line : dropCarried(line))}>
      <Text dimColor={dimColor} italic={italic} {...(color ? { color } : {})}>
        {children}
      </Text>
    </Transform>
  );
}
