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
import { type MenuData, type MenuLesson, menuWindow } from '../menu-items.js';
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
 * Lines kept under the list for the chosen lesson's whole goal (and whole title, when its line
 * cuts it): as many as the course's longest takes at this width (the same for every choice, so the list never moves), at most these;
 * and never so many that fewer than MIN_LIST rows of the list are left.
 */
const MAX_GOAL_LINES = 6;
/** Lines for the whole title above the goal, when the list cuts it. */
const MAX_TITLE_LINES = 2;
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
  // Numbers are right-aligned to the widest, so every title starts in the same column.
  const digits = String(menu.lessons.length).length;
  // Each lesson's line as the list draws it, and what its box holds: the goal, after the whole
  // title when the line cuts it (so a chosen lesson's title is always readable in full).
  const rowsOf = useMemo(
    () =>
      menu.lessons.map((lesson) => {
        const row = lessonRow(lesson, digits, columns, lang);
        const title = row.cut ? wrapLines(lesson.title, goalWidth, MAX_TITLE_LINES) : [];
        const box = [...title, ...wrapLines(lesson.goal, goalWidth, MAX_GOAL_LINES)];
        return { ...row, box, titleLines: title.length };
      }),
    [menu.lessons, digits, columns, lang, goalWidth],
  );
  const longest = Math.max(1, ...rowsOf.map((r) => r.box.length));
  const listed = rows - 5 - named.length - (unnamed > 0 ? 1 : 0);
  const goalRows = menu.lessons.length > 0 ? Math.max(1, Math.min(longest, listed - MIN_LIST)) : 0;
  const capacity = listed - goalRows;
  const [from, to] = menuWindow(menu.lessons.length, selected, capacity);
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
          const row = rowsOf[from + i] ?? lessonRow(lesson, digits, columns, lang);
          const { statusText, revision } = row;
          // The chosen one is marked in the first column, which lessonRow leaves blank.
          const title = `${here ? '›' : ' '}${row.title.slice(1)}`;
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
          {boxLines(rowsOf[selected]?.box ?? [], goalWidth, goalRows).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order.
            <Text key={i} wrap="truncate-end" bold={i < (rowsOf[selected]?.titleLines ?? 0)}>
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
      <KeyBar hints={hints} width={columns} />
    </Box>
  );
}

/**
 * A lesson's line in the list: `  7. Title` cut with … to leave room for its revision and status
 * (the lesson in progress says so after its status: "in progress ◂ continue here"), and whether
 * it was cut. The revision it teaches sits beside the status; its goal is in the box under the
 * list (whole, for the chosen lesson): once on screen, not a cut copy in every row.
 */
function lessonRow(lesson: MenuLesson, digits: number, columns: number, lang: Lang) {
  const statusText = `${tr(STRINGS[STATUS[lesson.status].key], lang)}${lesson.current ? ` ${tr(STRINGS.continueHere, lang)}` : ''}`;
  const revision = lesson.revision === '' ? '' : `${lesson.revision} · `;
  const full = `  ${String(lesson.number).padStart(digits)}. ${lesson.title}`;
  const title = ellipsize(full, columns - 1 - stringWidth(revision) - stringWidth(statusText));
  return { statusText, revision, title, cut: title !== full };
}

/** The box's lines in `rows`: what does not fit joins the last line, cut with …. */
function boxLines(lines: readonly string[], width: number, rows: number): string[] {
  if (lines.length <= rows) return [...lines];
  const kept = lines.slice(0, rows);
  kept[rows - 1] = ellipsize(`${kept[rows - 1] ?? ''} ${lines[rows] ?? ''}`, width);
  return kept;
}
