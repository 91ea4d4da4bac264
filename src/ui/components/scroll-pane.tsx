import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { ellipsize } from '../bound-text.js';
import { isNarrow } from '../clip.js';
import { paneRows } from '../layout.js';
import type { Role } from '../theme.js';
import { useTheme } from '../use-theme.js';

export type ScrollPaneProps = {
  /** The title line after the focus mark; it gives way (is cut) before the scroll position. */
  readonly title: ReactNode;
  /**
   * Kept after the title in its colour (a fault's name): the title gives way first, then the tail
   * (cut to its `…` within `fit.width`), never the scroll position.
   */
  readonly tail?: { readonly text: string; readonly role: Role };
  readonly focused: boolean;
  /** Lines of the pane, its title line included: fixed, whatever the content. */
  readonly height: number;
  /** Lines of content above the window and below it: the title says so. */
  readonly above: number;
  readonly below: number;
  /** Lines the children are moved up (the part of their first row above the window). */
  readonly shift: number;
  readonly lang: Lang;
  /** Columns before the title, the focus mark's among them (the timeline's C sits on its lifeline). */
  readonly indent?: number;
  /**
   * The pane's width, when known: a title of wide (CJK) characters is then cut here, with its `…`,
   * since Ink's own truncation loses the `…` on a wide character.
   */
  readonly fit?: { readonly width: number };
  readonly children: ReactNode;
};

/** The title's note on what is out of sight: above, then below (where reading goes on). */
export function position(above: number, below: number, lang: Lang): string {
  return [
    above > 0 ? tr(STRINGS.paneAbove, lang, { n: above }) : '',
    below > 0 ? tr(STRINGS.paneBelow, lang, { n: below }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A pane of the lesson screen: a title line, then a window on its content that keeps its height
 * from step to step. The focused pane's title is bold and underlined after a `▶` mark (not colour
 * alone); what is out of sight is counted in the title ("↓ 3 more"), never cut without a word.
 */
export function ScrollPane(props: ScrollPaneProps) {
  const { tail, focused, height, above, below, shift, lang, indent = 2, fit, children } = props;
  const theme = useTheme();
  const where = position(above, below, lang);
  const whereColumns = where === '' ? 0 : stringWidth(where) + 1;
  // The tail gives way after the title (kept to its "…"), before the note: at 60 columns, a long
  // rule's name and "↑ 上面 3 行 · ↓ 还有 14 行" took the whole title and the note's end.
  const tailText =
    tail && fit ? ellipsize(tail.text, fit.width - indent - 1 - whereColumns) : (tail?.text ?? '');
  const title =
    fit && typeof props.title === 'string' && !isNarrow(props.title)
      ? ellipsize(props.title, fit.width - indent - stringWidth(tailText) - whereColumns)
      : props.title;
  return (
    <Box flexDirection="column" height={height} flexShrink={0} overflow="hidden">
      <Box flexShrink={0} overflowX="hidden">
        <Box width={indent} flexShrink={0}>
          <Text bold {...theme.fg(focused ? 'accent' : null)}>
            {focused ? '▶' : ' '}
          </Text>
        </Box>
        <Box flexShrink={1} overflowX="hidden">
          <Text wrap="truncate-end" bold={focused} underline={focused} dimColor={!focused}>
            {title}
          </Text>
        </Box>
        {tail && tailText !== '' ? (
          <Box flexShrink={0}>
            <Text {...theme.fg(tail.role)}>{tailText}</Text>
          </Box>
        ) : null}
        {where !== '' ? (
          <Box flexShrink={0}>
            <Text {...theme.fg('accent')}> {where}</Text>
          </Box>
        ) : null}
      </Box>
      {/* Clipped top and bottom only: what a pane holds fits its width by itself (text wraps, a
          truncated line that may hold a wide character has its own clip: clipUnlessNarrow), and
          Ink slices every line under a horizontal clip on every frame. */}
      <Box flexDirection="column" height={paneRows(height)} flexShrink={0} overflowY="hidden">
        <Box flexDirection="column" flexShrink={0} marginTop={-shift}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
