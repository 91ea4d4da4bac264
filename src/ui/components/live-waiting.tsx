import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { LIVE_STRINGS } from '../../i18n/live-strings.js';
import type { KeyHint } from '../keymap.js';
import { useTheme } from '../use-theme.js';
import { KeyBar } from './key-bar.js';
import { Prose } from './prose.js';

export type LiveWaitingProps = {
  readonly url: string;
  readonly lang: Lang;
  readonly columns: number;
  readonly rows: number;
  readonly hints: readonly KeyHint<string>[];
  readonly idle: readonly string[];
};

/**
 * The Inspector command, indented: one line where it fits, else broken after `--cli` with a shell
 * line continuation, so a projected 80-column screen shows every word of it (to copy or type).
 */
function commandLines(url: string, columns: number): string[] {
  const head = 'npx @modelcontextprotocol/inspector --cli';
  const tail = `${url} --method tools/list`;
  const whole = `  ${head} ${tail}`;
  return stringWidth(whole) <= columns ? [whole] : [`  ${head} \\`, `    ${tail}`];
}

/** Before the first session: where to point a client, and how. */
export function LiveWaiting({ url, lang, columns, rows, hints, idle }: LiveWaitingProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={Math.max(1, rows - 1)} overflowX="hidden">
      <Text bold {...theme.fg('accent')}>
        {tr(LIVE_STRINGS.waitingTitle, lang)}
      </Text>
      <Box marginTop={1} flexDirection="column" flexGrow={1} overflow="hidden">
        <Text bold wrap="truncate-end">
          {tr(LIVE_STRINGS.listening, lang, { url })}
        </Text>
        <Prose>{tr(LIVE_STRINGS.waiting, lang)}</Prose>
        <Box marginTop={1} flexDirection="column">
          <Text dimColor>{tr(LIVE_STRINGS.tryIt, lang)}</Text>
          {commandLines(url, columns).map((line) => (
            <Text key={line} wrap="truncate-end">
              {line}
            </Text>
          ))}
        </Box>
      </Box>
      <KeyBar hints={hints} idle={idle} width={columns} />
    </Box>
  );
}
