/**
 * The floor the screen benchmarks (bench/screen.ts) are read against: Ink alone, bundled as the CLI
 * is, filling the terminal with plain text, as high as mcp-sim's screens (rows − 1). Each `n`
 * redraws every line with new text; `q` quits. The last line names the key it answers
 * (`bare ink · key 3`), so a benchmark can wait for the whole frame.
 */
import { Box, render, Text, useApp, useInput, useStdout } from 'ink';
import { useState } from 'react';

const WORDS = 'the quick brown fox jumps over the lazy dog, '.repeat(8);

function Screen() {
  const { stdout } = useStdout();
  const { exit } = useApp();
  const [key, setKey] = useState(0);
  useInput((input) => {
    for (const ch of input) {
      if (ch === 'n') setKey((k) => k + 1);
      else if (ch === 'q') exit();
    }
  });
  const columns = stdout.columns || 80;
  const rows = stdout.rows || 24;
  const line = (i: number) => `${String(i).padStart(2)} ${key} ${WORDS}`.slice(0, columns);
  return (
    <Box flexDirection="column" height={rows - 1}>
      {Array.from({ length: rows - 2 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the screen's rows
        <Text key={i} wrap="truncate-end">
          {line(i)}
        </Text>
      ))}
      <Text>bare ink · key {key}</Text>
    </Box>
  );
}

await render(<Screen />, { exitOnCtrlC: true }).waitUntilExit();
