import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { ProgressReport } from '../../machine/index.js';
import { scalarText } from '../json-lines.js';
import { useTheme } from '../use-theme.js';
import { FillBar } from './fill-bar.js';

export type ProgressLineProps = {
  readonly progress: ProgressReport;
  readonly lang: Lang;
  /** Columns the line takes (the bar gets what the words leave). */
  readonly width: number;
};

const BAR_MIN = 6;

/** Between "progress" and "token": a space in English, none in Chinese (进度令牌, one word). */
const joiner = (lang: Lang) => (lang === 'zh' ? '' : ' ');
const labelOf = (progress: ProgressReport, lang: Lang) =>
  `${tr(STRINGS.progress, lang)}${joiner(lang)}${tr(STRINGS.token, lang)} ${scalarText(progress.token)}`;
const amountOf = ({ progress, total }: ProgressReport) =>
  total !== undefined ? `${progress}/${total}` : String(progress);

/**
 * The bar's columns in a line `width` wide: what the token, the value and the message leave, the
 * message giving way first, the bar never under six. The same sum Ink's layout makes of the row
 * below (the bar grows from nothing, a space either side; the message shrinks).
 */
export function progressBarWidth(progress: ProgressReport, lang: Lang, width: number): number {
  const words =
    stringWidth(labelOf(progress, lang)) +
    stringWidth(amountOf(progress)) +
    (progress.message !== undefined ? 1 + stringWidth(progress.message) : 0);
  return Math.max(BAR_MIN, width - words - 2);
}

/** The progress a notifications/progress reports: token, a bar when the total is known, value/total, message. */
export function ProgressLine({ progress, lang, width }: ProgressLineProps) {
  const theme = useTheme();
  const { token, total, message } = progress;
  const value = amountOf(progress);
  return (
    <Box flexShrink={0} overflowX="hidden">
      <Box flexShrink={0}>
        <Text>
          <Text bold {...theme.fg('progress')}>
            {tr(STRINGS.progress, lang)}
          </Text>
          <Text dimColor>
            {joiner(lang)}
            {tr(STRINGS.token, lang)}{' '}
          </Text>
          <Text {...theme.fg(typeof token === 'string' ? 'string' : 'number')}>
            {scalarText(token)}
          </Text>
        </Text>
      </Box>
      {total !== undefined && total > 0 ? (
        // One line, as wide as progressBarWidth says: the bar is drawn whole in the first frame.
        <Box
          flexGrow={1}
          flexShrink={1}
          flexBasis={0}
          minWidth={BAR_MIN}
          height={1}
          overflow="hidden"
          marginX={1}
        >
          <FillBar
            value={(progress.progress / total) * 100}
            width={progressBarWidth(progress, lang, width)}
          />
        </Box>
      ) : (
        <Box flexGrow={1} />
      )}
      <Box flexShrink={0}>
        <Text bold>{value}</Text>
      </Box>
      {message !== undefined ? (
        <Box flexShrink={1} marginLeft={1} overflowX="hidden">
          <Text wrap="truncate-end" dimColor>
            {message}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
