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
