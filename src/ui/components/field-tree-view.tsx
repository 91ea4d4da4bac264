import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import { readablePointer } from '../../protocol/json.js';
import { breakCjk } from '../cjk-lines.js';
import { clipUnlessNarrow } from '../clip.js';
import type { Meaning } from '../envelope-model.js';
import { type FieldNode, type FoldState, shownNodes, treeLines, windowTop } from '../field-tree.js';
import { wrappedHeight } from '../text-height.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';
import { ScrollPane } from './scroll-pane.js';

export type FieldTreeViewProps = {
  /** The envelope pane's title, for the tree's. */
  readonly title: string;
  readonly nodes: readonly FieldNode[];
  readonly tree: FoldState;
  /** Each annotated field's meaning, by pointer (numbered as in the envelope pane). */
  readonly meanings: ReadonlyMap<string, Meaning>;
  readonly lang: Lang;
  /** Lines and columns it is given. */
  readonly height: number;
  readonly width: number;
};

/** What the area says of a field with no meaning (`missingMeaning`): the area fits these too. */
const NO_NOTES = [
  STRINGS.treeRoot,
  STRINGS.treeNoMeaning,
  STRINGS.treeNoMeaningObject,
  STRINGS.treeNoMeaningArray,
  STRINGS.treeNoMeaningFolded,
  STRINGS.treeNoMeaningArrayFolded,
];

/**
 * Lines for the meaning area: the longest meaning of this envelope, or note on a field with none
 * (the cursor starts on the whole envelope, which has none), within a third of the screen.
 */
export function meaningRows(
  meanings: Iterable<Meaning>,
  width: number,
  height: number,
  lang: Lang,
): number {
  let most = 1;
  const texts = [...[...meanings].map((m) => m.text), ...NO_NOTES.map((note) => tr(note, lang))];
  for (const text of texts) most = Math.max(most, wrappedHeight(breakCjk(text, width), width));
  return 1 + Math.min(most, Math.max(1, Math.floor(height / 3) - 1));
}

/**
 * What the meaning area says of a field with no note. The lines above a field are its siblings
 * (jsonrpc, method above /params), which do not describe it: an object or a list is told by what
 * it holds, below it; a value by the field that holds it.
 */
export function missingMeaning(node: FieldNode | undefined, lang: Lang, folded = false): string {
  if (node === undefined) return tr(STRINGS.treeNoMeaning, lang);
  // Folded, what it holds is not below it: say how to open it.
  if (folded && node.size > 0 && node.kind === 'object')
    return tr(STRINGS.treeNoMeaningFolded, lang);
  if (folded && node.size > 0 && node.kind === 'array')
    return tr(STRINGS.treeNoMeaningArrayFolded, lang);
  if (node.parent === null) return tr(STRINGS.treeRoot, lang);
  if (node.size > 0 && node.kind === 'object') return tr(STRINGS.treeNoMeaningObject, lang);
  if (node.size > 0 && node.kind === 'array') return tr(STRINGS.treeNoMeaningArray, lang);
  return tr(STRINGS.treeNoMeaning, lang);
}

/**
 * `e`: the envelope as a tree of fields, full screen. The cursor (`›`, reversed) moves field by
 * field; objects and arrays fold (`▸`) and unfold (`▾`); a long value wraps under its name. The
 * area at the bottom says what the field under the cursor means, and keeps its size.
 */
export function FieldTreeView(props: FieldTreeViewProps) {
  const { title, nodes, tree, meanings, lang, height, width } = props;
  const theme = useTheme();
  const gutter =
    meanings.size > 0 ? String(Math.max(...[...meanings.values()].map((m) => m.n))).length + 1 : 0;
  const lines = useMemo(
    () => treeLines(shownNodes(nodes, tree.folded), tree.folded, width - gutter - 1),
    [nodes, tree.folded, width, gutter],
  );
  const area = meaningRows(meanings.values(), width, height, lang);
  const rows = Math.max(1, height - 1 - area);
  const top = windowTop(lines, tree.cursor, rows);
  const meaning = meanings.get(tree.cursor);
  return (
    <Box flexDirection="column" height={height} flexShrink={0} overflow="hidden">
      <ScrollPane
        title={`${tr(STRINGS.treeTitle, lang)} · ${title}`}
        focused
        height={rows + 1}
        above={top}
        below={Math.max(0, lines.length - top - rows)}
        shift={0}
        lang={lang}
      >
        {lines.slice(top, top + rows).map((line, i) => {
          const here = line.pointer === tree.cursor;
          const n = line.first ? (meanings.get(line.pointer)?.n ?? null) : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in the window is its identity
            <Box key={top + i} flexShrink={0} overflowX={clipUnlessNarrow(line.label, line.text)}>
              <Box width={gutter} flexShrink={0}>
                <Text bold {...theme.fg('accent')}>
                  {n ?? ''}
                </Text>
              </Box>
              <Text bold={here} {...theme.fg(here ? 'accent' : null)}>
                {here && line.first ? '›' : ' '}
              </Text>
              <Text wrap="truncate-end" inverse={here}>
                {' '.repeat(line.indent)}
                {line.mark}
                <Text {...theme.fg('key')}>{line.label}</Text>
                <Text {...theme.fg(line.role)}>{line.text}</Text>
              </Text>
            </Box>
          );
        })}
      </ScrollPane>
      {/* The pointer is one line, cut in its middle when too long so that the field's own name,
          at its end, stays (clipped when it may hold a wide character); the meaning wraps: the
          area clips only what is below its rows. */}
      <Box
        flexDirection="column"
        height={area}
        flexShrink={0}
        overflowY="hidden"
        overflowX={clipUnlessNarrow(readablePointer(tree.cursor))}
      >
        {/* Never shrunk away by a note longer than the area (a third of a short screen): the
            note is clipped below it instead. */}
        <Box flexShrink={0}>
          <Text wrap="truncate-middle" {...theme.fg('key')}>
            {meaning ? `${meaning.n} ` : ''}
            {tree.cursor === '' ? '/' : readablePointer(tree.cursor)}
          </Text>
        </Box>
        <Prose dimColor={!meaning}>
          {breakCjk(
            meaning
              ? meaning.text
              : missingMeaning(
                  nodes.find((n) => n.pointer === tree.cursor),
                  lang,
                  tree.folded.has(tree.cursor),
                ),
            width,
          )}
        </Prose>
      </Box>
    </Box>
  );
}
