import { Box, Text } from 'ink';
import { useContext } from 'react';
import { type Lang, labelColon, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { suggestCommand } from '../../invocation.js';
import { ellipsize } from '../bound-text.js';
import { breakCjk } from '../cjk-lines.js';
import { RecapLessonContext } from '../recap-lesson.js';
import { SCREEN_MODES, type ScreenMode } from '../screen-mode.js';
import { wrappedHeight } from '../text-height.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type RecapBoxProps = {
  readonly recap: string;
  readonly lang: Lang;
  /** What has ended: a lesson (the default), a recording, the learner's own run. */
  readonly mode?: ScreenMode;
  /** Columns it is drawn in, its bar included (Chinese is broken into lines by breakCjk). */
  readonly width: number;
};

/** `End of lesson · Recap: `, `课程结束 · 小结：` (a full-width colon, and no space after it). */
const headOf = (lang: Lang, mode: ScreenMode) =>
  `${tr(STRINGS[SCREEN_MODES[mode].end], lang)} · ${tr(STRINGS.recap, lang)}${labelColon(lang)}`;

/**
 * `Try it yourself: mcp-sim sandbox --lesson <id>`, a lesson's last line (without an id, the
 * sandbox from the start): one line, on a screen wide enough for it with any lesson id (TRY_IT_MIN
 * columns). A narrower screen keeps its few lines for the envelope.
 */
const TRY_IT_MIN = 76;
const showsTryIt = (mode: ScreenMode, width: number) => mode === 'lesson' && width >= TRY_IT_MIN;

const tryItOf = (lang: Lang, id: string | null) =>
  id === null
    ? tr(STRINGS.recapTryIt, lang, { id: '', mcp: suggestCommand('') }).replace(/ --lesson\s*$/, '')
    : tr(STRINGS.recapTryIt, lang, { id, mcp: suggestCommand('') });

/** Lines the recap takes at `width` columns (the bar on the left and a space take two). */
export function recapHeight(
  recap: string,
  lang: Lang,
  width: number,
  mode: ScreenMode = 'lesson',
): number {
  const tryIt = showsTryIt(mode, width) ? 1 : 0;
  return wrappedHeight(breakCjk(`${headOf(lang, mode)}${recap}`, width - 2), width - 2) + tryIt;
}

/** The recap, shown once the last step is on screen. */
export function RecapBox({ recap, lang, mode = 'lesson', width }: RecapBoxProps) {
  const theme = useTheme();
  const lessonId = useContext(RecapLessonContext);
  const head = headOf(lang, mode);
  // Broken as one text (the head takes the first columns of the first line), drawn in two styles.
  const broken = breakCjk(`${head}${recap}`, width - 2);
  const body = broken.startsWith(head) ? broken.slice(head.length) : recap;
  return (
    <Box
      flexShrink={0}
      borderStyle="bold"
      borderTop={false}
      borderRight={false}
      borderBottom={false}
      {...theme.border('accent')}
      paddingLeft={1}
    >
      <Box flexDirection="column">
        <Prose>
          <Text bold {...theme.fg('accent')}>
            {head}
          </Text>
          {body}
        </Prose>
        {showsTryIt(mode, width) ? (
          // Cut here, not under a clip of its own: in the scrolled narration pane a box's own clip
          // replaces the pane's (Ink 6 does not intersect nested clips; see VerdictLine).
          <Box>
            <Text wrap="truncate-end" dimColor>
              {ellipsize(tryItOf(lang, lessonId), width - 2)}
            </Text>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
