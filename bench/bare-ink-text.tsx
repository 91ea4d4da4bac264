/**
 * A second floor for the first-frame figures (bench/screen.ts): bare Ink drawing the very text of
 * `lesson 1`'s first frame at 100×30, line by line, without mcp-sim's layout, colours or
 * components. Beside the plain floor (bench/bare-ink.tsx) it says what drawing that text costs Ink
 * by itself (box rules, arrows, `●`: string-width measures every line that holds one grapheme by
 * grapheme; the lines are shorter than the plain floor's), so that the rest of a gap is known to
 * be mcp-sim's own.
 * The lines were copied from the screen (tmux capture-pane of `mcp-sim lesson 1 --lang en` at
 * 100×30); the last line names the key, as the plain floor's does.
 */
import { Box, render, Text, useApp, useInput } from 'ink';

const LINES: readonly string[] = [
  'mcp-sim · The first session · 2025-11-25                                                   step 1/10',
  'client ● initialization ○ operation ○ shutdown    server ● initialization ○ operation ○ shutdown',
  'client v not yet · caps elicitation · tools not listed yet · pending initialize #1',
  'server v 2025-11-25 · caps tools.listChanged · tools weather_current',
  ' C        S timeline',
  '›│───────▶│   initialize #1',
  '',
  '',
  '',
  '  envelope · client → server · request ↓ 10 more',
  '  {',
  '1   "jsonrpc": "2.0",',
  '2   "id": 1,',
  '3   "method": "initialize",',
  '    "params": {',
  '4     "protocolVersion": "2025-11-25",',
  '5     "capabilities": { "elicitation": {} },',
  '6     "clientInfo": { "name": "learner-client", "version": "1.0.0" }',
  '    }',
  '  }',
  '▶ narration',
  '✓ allowed by the rules',
  'Every MCP session starts the same way: the client sends initialize. It says which protocol revision',
  'it would like (its newest), what it can do for the server (here: elicitation, asking its user',
  'questions), and who it is. Nothing else may come first.',
  '',
  '',
  '',
];

function Screen() {
  const { exit } = useApp();
  useInput((input) => {
    if (input.includes('q')) exit();
  });
  return (
    <Box flexDirection="column" height={LINES.length + 1}>
      {LINES.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are the screen's rows
        <Text key={i} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text>bare ink · key 0</Text>
    </Box>
  );
}

await render(<Screen />, { exitOnCtrlC: true }).waitUntilExit();
