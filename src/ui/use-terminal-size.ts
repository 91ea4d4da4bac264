import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export type TerminalSize = { readonly columns: number; readonly rows: number };

const FALLBACK: TerminalSize = { columns: 80, rows: 24 };

/** The terminal's size, following resizes ('resize' on stdout). */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: stdout.columns || FALLBACK.columns,
    rows: stdout.rows || FALLBACK.rows,
  });
  const [size, setSize] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` only reads stdout
  useEffect(() => {
    const update = () =>
      setSize((old) => {
        const now = read();
        return now.columns === old.columns && now.rows === old.rows ? old : now;
      });
    stdout.on('resize', update);
    update();
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout]);
  return size;
}

/**
 * The size a screen draws in: the terminal's, less its last row, which a screen leaves free (the
 * lesson screen's layout keeps it too). A frame as tall as the terminal is one Ink draws by
 * clearing the terminal and its scrollback (ESC[3J) at every frame, and without a newline after its
 * last line: the learner's shell history above was gone after the first key, and the shell's prompt
 * came back on the key bar's line when the screen ended.
 */
export function useScreenSize(): TerminalSize {
  const { columns, rows } = useTerminalSize();
  return { columns, rows: Math.max(1, rows - 1) };
}
