import { Box, Text, useApp, useInput } from 'ink';
import { useRef, useState } from 'react';
import { COMPARE_STRINGS } from '../i18n/compare-strings.js';
import { type Lang, tr } from '../i18n/lang.js';
import { suggestCommand } from '../invocation.js';
import { COMPARE_KEYS, type CompareAction, compareHints } from './compare-keys.js';
import { type CompareLine, cellLines, wrapTo, wrapWhole } from './compare-lines.js';
import type { CompareModel } from './compare-model.js';
import {
  atEnd,
  type ComparePlace,
  type CompareSide,
  edge,
  firstSide,
  move,
} from './compare-nav.js';
import { CompareHelp } from './components/compare-help.js';
import { KeyBar } from './components/key-bar.js';
import { actionsFor, keyNames } from './keymap.js';
import { useLatestState } from './use-latest-state.js';
import { useScreenSize } from './use-terminal-size.js';
import { useTheme } from './use-theme.js';

/** Narrower than this, the two steps of a row are shown one above the other. */
export const SIDE_BY_SIDE = 100;

export type CompareAppProps = { readonly model: CompareModel; readonly lang: Lang };

/** Lines are positional and re-made each frame: their place is their key. */
function positional<T>(items: readonly T[]): Array<{ readonly key: string; readonly line: T }> {
  return items.map((line, at) => ({ key: `line-${at}`, line }));
}

function Lines({ lines }: { readonly lines: readonly CompareLine[] }) {
  const theme = useTheme();
  return (
    <>
      {positional(lines).map(({ key, line }) => (
        <Text
          key={key}
          wrap="truncate-end"
          bold={line.bold === true}
          dimColor={line.dim === true}
          {...theme.fg(line.role)}
        >
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
    </>
  );
}

/** A window of `height` lines from `offset`; the lines out of sight are counted, never cut silently. */
function windowOf(lines: readonly CompareLine[], offset: number, height: number, lang: Lang) {
  const max = Math.max(0, lines.length - height);
  const from = Math.min(offset, max);
  const shown = lines.slice(from, from + height);
  const below = lines.length - from - shown.length;
  if (below > 0 && shown.length > 0) {
    // The last line gives way to the count of what is below.
    shown[shown.length - 1] = {
      text: tr(COMPARE_STRINGS.scrollMore, lang, { n: below + 1 }),
      role: 'accent',
    };
  } else if (from > 0 && shown.length > 0) {
    shown[0] = { text: tr(COMPARE_STRINGS.scrollAbove, lang, { n: from + 1 }), role: 'accent' };
  }
  return { shown, max };
}

/**
 * `mcp-sim compare <topic>`: both sessions step together, one row at a time. At 100 columns and
 * more, two columns (2025-11-25 | 2026-07-28); narrower, the row's legacy step then its modern
 * step. The difference for the row sits above them; the body scrolls with j/k.
 */
export function CompareApp({ model, lang }: CompareAppProps) {
  const { exit } = useApp();
  const theme = useTheme();
  const { columns, rows: height } = useScreenSize();
  // Keys read the place the key before them left: they can come faster than frames.
  const [place, setPlace, latestPlace] = useLatestState<ComparePlace>(edge(model.rows, 'first'));
  // `n` on the last place or `p` on the first says so (as the lesson does), until the next key.
  const [notice, setNotice] = useState<'last' | 'first' | null>(null);
  const [offset, setOffset] = useState(0);
  const [help, setHelp] = useState(false);
  // Read by the key handler: a key can arrive before the handler of the latest frame is in place.
  const helpOpen = useRef(false);
  const showHelp = (open: boolean) => {
    helpOpen.current = open;
    setHelp(open);
  };
  const current = model.rows[place.row];
  const wide = columns >= SIDE_BY_SIDE;
  // The layout the keys move in: the one just drawn, even before this frame's handler is in place.
  const layout = useRef(wide);
  layout.current = wide;
  const width = Math.max(20, columns - 1);
  const colWidth = Math.floor((width - 3) / 2);

  const difference = current
    ? wrapTo(
        `${tr(COMPARE_STRINGS.difference, lang)}${lang === 'zh' ? '：' : ': '}${current.difference}`,
        width,
      )
    : [];
  const noticeText =
    notice === null
      ? null
      : notice === 'last'
        ? tr(wide ? COMPARE_STRINGS.atLastRow : COMPARE_STRINGS.atLastRowStep, lang)
        : tr(wide ? COMPARE_STRINGS.atFirstRow : COMPARE_STRINGS.atFirstRowStep, lang);
  const noticeLines = noticeText === null ? [] : wrapTo(`» ${noticeText}`, width);
  // On the last row, where to go on: the lessons that teach the topic, as commands.
  const onward =
    current && place.row === model.rows.length - 1 && model.lessons.length > 0
      ? // Each command whole on one line, to be copied as it is (the string ends with them).
        wrapWhole(
          model.lessons.map((id, i) =>
            i === 0
              ? `→ ${tr(COMPARE_STRINGS.lessonsNext, lang, { commands: suggestCommand(`lesson ${id}`) })}`
              : `· ${suggestCommand(`lesson ${id}`)}`,
          ),
          width,
        )
      : [];
  // The title line, the notice, the difference, the lessons, a rule, the body, the key bar.
  const bodyHeight = Math.max(
    3,
    height - 3 - noticeLines.length - difference.length - onward.length,
  );
  const sideLines = (side: CompareSide, w: number) =>
    current ? cellLines(model, current, side, w, lang) : [];
  const left = wide ? sideLines('legacy', colWidth) : [];
  const right = wide ? sideLines('modern', colWidth) : [];
  // Narrow: this row's step of one era; a row with no step on the other side says so.
  // A side with no step in this row (after a resize from the wide layout) gives way to the other.
  const side: CompareSide =
    current && current[place.side] === null ? firstSide(current) : place.side;
  const other: CompareSide = side === 'legacy' ? 'modern' : 'legacy';
  const alone: CompareLine[] =
    current && current[other] === null
      ? [
          {
            text: `${model.sides[other]}${lang === 'zh' ? '：' : ': '}${tr(COMPARE_STRINGS.noStep, lang)}`,
            role: null,
            dim: true,
          },
        ]
      : [];
  // Stacked in the order of the wide layout's columns: the 2025-11-25 side above the 2026-07-28
  // one, so a row with no modern step says so below its legacy step, never above it.
  const shownSide = wide ? [] : sideLines(side, width);
  const single = wide
    ? []
    : other === 'modern'
      ? [...shownSide, ...alone]
      : [...alone, ...shownSide];
  const longest = wide ? Math.max(left.length, right.length) : single.length;
  const maxOffset = Math.max(0, longest - bodyHeight);
  // The scroll's limit in the frame just drawn, read by keys before this frame's handler is in place.
  const limit = useRef(maxOffset);
  limit.current = maxOffset;

  // Updates from the place as it is, not as this render saw it: keys can come faster than frames.
  const goTo = (next: (at: ComparePlace) => ComparePlace) => {
    setPlace(next);
    setOffset(0);
  };
  /** One step on or back; past either end, nothing moves and the screen says where it is. */
  const step = (by: 1 | -1) => {
    if (atEnd(model.rows, latestPlace.current, by, layout.current))
      return setNotice(by === 1 ? 'last' : 'first');
    goTo((at) => move(model.rows, at, by, layout.current));
  };
  useInput((input, key) => {
    // The notice lasts until the next key.
    setNotice(null);
    for (const action of actionsFor(COMPARE_KEYS, keyNames(input, key))) {
      if (helpOpen.current) {
        // Any key closes the help, q and Esc included: a second q quits.
        showHelp(false);
        return;
      }
      if (action === 'quit') return exit();
      if (action === 'next') step(1);
      else if (action === 'prev') step(-1);
      else if (action === 'first') goTo(() => edge(model.rows, 'first'));
      else if (action === 'last')
        goTo(() => {
          const last = model.rows.length - 1;
          return layout.current
            ? { row: last, side: firstSide(model.rows[last]) }
            : edge(model.rows, 'last');
        });
      // From the offset as drawn: after a resize or a scroll past the end, the stored one may
      // be beyond the limit, and a key must move what the learner sees at once.
      else if (action === 'scrollDown')
        setOffset((o) => Math.min(limit.current, Math.min(o, limit.current) + 1));
      else if (action === 'scrollUp') setOffset((o) => Math.max(0, Math.min(o, limit.current) - 1));
      else if (action === 'help') showHelp(true);
    }
    // A key nobody bound still closes the help.
    if (helpOpen.current && actionsFor(COMPARE_KEYS, keyNames(input, key)).length === 0)
      showHelp(false);
  });

  const rowText = tr(COMPARE_STRINGS.row, lang, { n: place.row + 1, total: model.rows.length });
  const header = wide
    ? `${model.title} · ${rowText}`
    : `${model.title} · ${rowText} · ${model.sides[side]}`;
  if (help) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        <CompareHelp lang={lang} wide={wide} width={width} />
      </Box>
    );
  }
  const at = Math.min(offset, maxOffset);
  // A step past either end only says where the view is: its key is drawn idle, as in the lesson.
  const idle: CompareAction[] = [
    ...(atEnd(model.rows, place, 1, wide) ? (['next'] as const) : []),
    ...(atEnd(model.rows, place, -1, wide) ? (['prev'] as const) : []),
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end" {...theme.fg('accent')}>
        {header}
      </Text>
      {positional(noticeLines).map(({ key, line }) => (
        <Text key={key} wrap="truncate-end" bold {...theme.fg('accent')}>
          {line}
        </Text>
      ))}
      {positional(difference).map(({ key, line }) => (
        <Text key={key} wrap="truncate-end" bold>
          {line}
        </Text>
      ))}
      {positional(onward).map(({ key, line }) => (
        <Text key={key} wrap="truncate-end" {...theme.fg('accent')}>
          {line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {'─'.repeat(width)}
      </Text>
      <Box height={bodyHeight} flexShrink={0} overflow="hidden">
        {wide ? (
          <>
            <Box flexDirection="column" width={colWidth} flexShrink={0}>
              <Lines lines={windowOf(left, at, bodyHeight, lang).shown} />
            </Box>
            <Box flexDirection="column" width={3} flexShrink={0} alignItems="center">
              <Text dimColor>{Array.from({ length: bodyHeight }, () => '│').join('\n')}</Text>
            </Box>
            <Box flexDirection="column" width={colWidth} flexShrink={0}>
              <Lines lines={windowOf(right, at, bodyHeight, lang).shown} />
            </Box>
          </>
        ) : (
          <Box flexDirection="column" width={width} flexShrink={0}>
            <Lines lines={windowOf(single, at, bodyHeight, lang).shown} />
          </Box>
        )}
      </Box>
      <KeyBar hints={compareHints(lang, wide)} idle={idle} width={width} />
    </Box>
  );
}
