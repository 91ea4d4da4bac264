import { Box, Text } from 'ink';
import { useMemo } from 'react';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { suggestCommand } from '../../invocation.js';
import { ellipsize } from '../bound-text.js';
import { wrapLines } from '../cjk-lines.js';
import { clipUnlessNarrow } from '../clip.js';
import type { KeyHint, MenuAction } from '../keymap.js';
import { type MenuData, menuWindow } from '../menu-items.js';
import type { LessonStatus } from '../progress-update.js';
import type { Role } from '../theme.js';
import { useTheme } from '../use-theme.js';
import { KeyBar } from './key-bar.js';

export type MenuScreenProps = {
  readonly menu: MenuData;
  readonly selected: number;
  /** A lesson is being played to its timeline. */
  readonly loading: boolean;
  /** Why the last lesson could not be opened, if it could not. */
  readonly notice: string | null;
  readonly hints: readonly KeyHint<MenuAction>[];
  readonly lang: Lang;
  readonly rows: number;
  /** The terminal's width: every line is fitted to it here, `…` included (see ellipsize). */
  readonly columns: number;
};

const STATUS = {
  new: { key: 'statusNew', role: null },
  started: { key: 'statusStarted', role: 'warning' },
  done: { key: 'statusDone', role: 'ok' },
} as const satisfies Record<
  LessonStatus,
  { key: 'statusNew' | 'statusStarted' | 'statusDone'; role: Role | null }
>;

/**
 * Lines kept under the list for the chosen lesson's whole goal: as many as the course's longest
 * goal takes at this width (the same for every choice, so the list never moves), at most these;
 * and never so many that fewer than MIN_LIST rows of the list are left.
 */
const MAX_GOAL_LINES = 6;
const MIN_LIST = 5;

/** The lesson menu: number, title, revision and status of each lesson, the chosen one's goal under the list; broken files listed apart. */
export function MenuScreen({
  menu,
  selected,
  loading,
  notice,
  hints,
  lang,
  rows,
  columns,
}: MenuScreenProps) {
  const theme = useTheme();
  // Title, heading, broken files, notice and key bar take the rest; each lesson takes a line.
  // A teacher's folder with many broken files must not push the course off the screen: up to three
  // are named, more are two lines and a count (`mcp-sim lessons` names every one).
  const named = menu.broken.length <= 3 ? menu.broken : menu.broken.slice(0, 2);
  const unnamed = menu.broken.length - named.length;
  const goalWidth = columns - 2;
  const longest = useMemo(
    () =>
      Math.max(1, ...menu.lessons.map((l) => wrapLines(l.goal, goalWidth, MAX_GOAL_LINES).length)),
    [menu.lessons, goalWidth],
  );
  const listed = rows - 5 - named.length - (unnamed > 0 ? 1 : 0);
  const goalRows = menu.lessons.length > 0 ? Math.max(1, Math.min(longest, listed - MIN_LIST)) : 0;
  const capacity = listed - goalRows;
  const [from, to] = menuWindow(menu.lessons.length, selected, capacity);
  // Numbers are right-aligned to the widest, so every title starts in the same column.
  const digits = String(menu.lessons.length).length;
  return (
    // No horizontal clip: every line is fitted to the width here (ellipsize), and Ink slices every
    // line under a horizontal clip on every frame. A line that may hold a wide character keeps a
    // clip of its own (clipUnlessNarrow).
    <Box flexDirection="column" height={rows - 1}>
      <Text bold {...theme.fg('accent')} wrap="truncate-end">
        {ellipsize(tr(STRINGS.appTitle, lang), columns)}
      </Text>
      <Text bold wrap="truncate-end">
        {tr(STRINGS.lessons, lang)}
        {menu.lessons.length > 0 ? (
          <Text bold={false} dimColor>
            {ellipsize(
              ` · ${tr(STRINGS.menuDone, lang, { done: menu.done, count: menu.lessons.length })}`,
              columns - stringWidth(tr(STRINGS.lessons, lang)),
            )}
          </Text>
        ) : null}
      </Text>
      {menu.lessons.length === 0 ? <Text dimColor>{tr(STRINGS.noLessons, lang)}</Text> : null}
      <Box flexDirection="column" flexGrow={1} overflowY="hidden">
        {menu.lessons.slice(from, to).map((lesson, i) => {
          const here = from + i === selected;
          const status = STATUS[lesson.status];
          // The lesson in progress says so after its status ("in progress ◂ continue here").
          const statusText = `${tr(STRINGS[status.key], lang)}${lesson.current ? ` ${tr(STRINGS.continueHere, lang)}` : ''}`;
          // The revision it teaches beside the status; its goal is in the box under the list
          // (whole, for the chosen lesson): once on screen, not a cut copy in every row.
          const revision = lesson.revision === '' ? '' : `${lesson.revision} · `;
          const title = ellipsize(
            `${here ? '›' : ' '} ${String(lesson.number).padStart(digits)}. ${lesson.title}`,
            columns - 1 - stringWidth(revision) - stringWidth(statusText),
          );
          return (
            <Box key={lesson.id} flexShrink={0}>
              <Box flexGrow={1} flexShrink={1} overflowX={clipUnlessNarrow(title)}>
                <Text wrap="truncate-end" bold={here} inverse={here}>
                  {title}
                </Text>
              </Box>
              <Box flexShrink={0} marginLeft={1}>
                {revision === '' ? null : <Text dimColor={!here}>{revision}</Text>}
                <Text {...theme.fg(status.role)} dimColor={status.role === null}>
                  {statusText}
                </Text>
              </Box>
            </Box>
          );
        })}
        {named.map((b) => (
          <Text key={b.name} wrap="truncate-end" {...theme.fg('error')}>
            {ellipsize(`  ✗ ${b.name} — ${tr(STRINGS.broken, lang)}: ${b.problem}`, columns)}
          </Text>
        ))}
        {unnamed > 0 ? (
          <Text wrap="truncate-end" {...theme.fg('error')}>
            {ellipsize(
              `  ✗ ${tr(STRINGS.moreBroken, lang, { count: String(unnamed), mcp: suggestCommand('') })}`,
              columns,
            )}
          </Text>
        ) : null}
      </Box>
      {goalRows > 0 ? (
        // The chosen lesson's goal, whole (the list cuts it with …): wrapped, in a place of its own.
        <Box
          flexDirection="column"
          flexShrink={0}
          height={goalRows}
          borderStyle="single"
          borderTop={false}
          borderRight={false}
          borderBottom={false}
          {...theme.border('accent')}
          paddingLeft={1}
        >
          {wrapLines(menu.lessons[selected]?.goal ?? '', goalWidth, goalRows).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order.
            <Text key={i} wrap="truncate-end">
              {line}
            </Text>
          ))}
        </Box>
      ) : null}
      {loading ? <Text {...theme.fg('accent')}>{tr(STRINGS.loading, lang)}</Text> : null}
      {notice !== null ? (
        <Text {...theme.fg('error')} wrap="truncate-end">
          {ellipsize(`✗ ${notice}`, columns)}
        </Text>
      ) : null}
      <KeyBar hints={hints} />
    </Box>
  );
}
