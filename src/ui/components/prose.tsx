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
 * space after it opens the next line; this drops that space from every line but the first.
 */
export function Prose({ children, dimColor = false, italic = false, color }: ProseProps) {
  return (
    <Transform transform={(line, index) => (index === 0 ? line : dropCarried(line))}>
      <Text dimColor={dimColor} italic={italic} {...(color ? { color } : {})}>
        {children}
      </Text>
    </Transform>
  );
}
