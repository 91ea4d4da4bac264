import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { ellipsized } from '../bound-text.js';
import { clipUnlessNarrow } from '../clip.js';
import { useTheme } from '../use-theme.js';

export type HeaderBarProps = {
  readonly title: string;
  readonly index: number;
  readonly count: number;
  readonly lang: Lang;
  /** Columns of the line. */
  readonly columns: number;
  /**
   * News for the learner (where a lesson resumes, the countdown, the next lesson): shown after the
   * title, which stays (cut with … when both do not fit), so that the key bar below never gives
   * way to it and the learner still sees which lesson this is.
   */
  readonly notice?: string | null;
};

const BRAND = 'mcp-sim';
const SEP = ' · ';
/** Columns the title keeps beside a notice, at least (or all of it, when shorter). */
const TITLE_KEEPS = 10;

/** `text` within `width` columns, cut with … (no space left before it). */
function cut(text: string, width: number): string {
  const { head, cut: was } = ellipsized(text, width);
  return was ? `${head.trimEnd()}…` : head;
}

/**
 * `title` within `width` columns. A lesson's title ends with its revision (`title · 2025-11-25`):
 * that is shown whole or not at all, since a cut one ("· 2…") says nothing; the `…` says it left.
 */
function cutTitle(title: string, width: number): string {
  if (stringWidth(title) <= width) return title;
  const at = title.lastIndexOf(SEP);
  if (at <= 0) return cut(title, width);
  const base = title.slice(0, at);
  return stringWidth(base) + 1 <= width ? `${base}…` : cut(base, width);
}

/**
 * The title and the notice fitted to `room` columns: both whole when they fit; else the title
 * gives way first, down to TITLE_KEEPS columns, then the notice is cut too.
 */
export function headerParts(
  title: string,
  notice: string | null,
  room: number,
): { readonly title: string; readonly notice: string | null } {
  if (notice === null) return { title: cutTitle(title, room), notice: null };
  const news = `» ${notice}`;
  const titleWidth = stringWidth(title);
  const newsWidth = stringWidth(news);
  if (titleWidth + SEP.length + newsWidth <= room) return { title, notice: news };
  const kept = Math.min(titleWidth, Math.max(TITLE_KEEPS, room - SEP.length - newsWidth));
  const shown = cutTitle(title, kept);
  return {
    title: shown,
    notice: cut(news, Math.max(0, room - stringWidth(shown) - SEP.length)),
  };
}

/** The lesson's title (and, for a moment, a notice after it) on the left, `step k/n` on the right. */
export function HeaderBar({ title, index, count, lang, columns, notice = null }: HeaderBarProps) {
  const theme = useTheme();
  const step = tr(STRINGS.stepOf, lang, { k: index + 1, n: count });
  const room = Math.max(0, columns - stringWidth(step) - 1 - BRAND.length - SEP.length);
  const parts = headerParts(title, notice, room);
  return (
    <Box flexShrink={0}>
      <Box
        flexGrow={1}
        flexShrink={1}
        overflowX={clipUnlessNarrow(parts.title, parts.notice ?? '')}
      >
        <Text wrap="truncate-end">
          <Text bold {...theme.fg('accent')}>
            {BRAND}
          </Text>
          <Text dimColor>{SEP}</Text>
          <Text bold>{parts.title}</Text>
          {parts.notice !== null ? (
            <>
              <Text dimColor>{SEP}</Text>
              <Text bold {...theme.fg('accent')}>
                {parts.notice}
              </Text>
            </>
          ) : null}
        </Text>
      </Box>
      <Box flexShrink={0} marginLeft={1}>
        <Text bold>{step}</Text>
      </Box>
    </Box>
  );
}
