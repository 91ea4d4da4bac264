import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { ellipsize } from '../bound-text.js';
import { breakCjk } from '../cjk-lines.js';
import { type EditFailure, jsonReasonIn } from '../sandbox-form.js';
import { cursorWindow, type EditorState } from '../text-editor.js';
import { useTheme } from '../use-theme.js';

export type SandboxJsonEditProps = {
  /** The text and its cursor: typing and moving are the screen's keys (src/ui/text-editor.ts). */
  readonly editor: EditorState;
  /** Why the last Enter did not send: JSON.parse's words, where, and a hidden character. */
  readonly failure: EditFailure | null;
  /** Lines of text in view. */
  readonly view: number;
  readonly lang: Lang;
  /** The terminal's width: a line longer than it scrolls sideways with the cursor. */
  readonly columns: number;
};

/** How many rows the editor's own lines take besides its text: the title, and a failure's. */
export const editChromeRows = (failure: EditFailure | null): number =>
  1 + (failure === null ? 0 : failure.hidden === null ? 1 : 3);

/** The line with the cursor: scrolled sideways so the cursor stays on screen, drawn inverse. */
export function CursorLine({ line, col, width }: { line: string; col: number; width: number }) {
  const { head, at, tail } = cursorWindow(line, col, width);
  return (
    <Text wrap="truncate-end">
      {head}
      <Text inverse>{at}</Text>
      {tail}
    </Text>
  );
}

/**
 * The whole envelope as JSON, pretty-printed, to change anything at all before sending it: the
 * arrows move the cursor, typing inserts, Backspace deletes, Enter sends. A text that is not JSON
 * stays as typed, with where it stops being JSON (the cursor is put there) and why.
 */
export function SandboxJsonEdit({ editor, failure, view, lang, columns }: SandboxJsonEditProps) {
  const theme = useTheme();
  const rows = editor.lines.slice(editor.top, editor.top + Math.max(1, view));
  const place = (line: number, column: number) =>
    tr(SANDBOX_STRINGS.editPlace, lang, { line: String(line), column: String(column) });
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Cut with ellipsize, not by Ink: cut on a Chinese character, Ink's … falls past the edge. */}
      <Text bold wrap="truncate-end">
        {ellipsize(
          tr(SANDBOX_STRINGS.editTitle, lang, {
            line: String(editor.row + 1),
            lines: String(editor.lines.length),
          }),
          columns,
        )}
      </Text>
      <Box flexDirection="column" height={Math.max(1, view)} overflow="hidden">
        {rows.map((line, i) => {
          const row = editor.top + i;
          return row === editor.row ? (
            <CursorLine key={row} line={line} col={editor.col} width={columns} />
          ) : (
            <Text key={row} wrap="truncate-end">
              {line === '' ? ' ' : ellipsize(line, columns)}
            </Text>
          );
        })}
      </Box>
      {failure !== null ? (
        <Text {...theme.fg('error')} wrap="truncate-end">
          {ellipsize(
            `✗ ${
              failure.at === null
                ? tr(SANDBOX_STRINGS.editError, lang, { error: jsonReasonIn(failure.error, lang) })
                : tr(SANDBOX_STRINGS.editErrorAt, lang, {
                    at: place(failure.at.line, failure.at.column),
                    error: jsonReasonIn(failure.error, lang),
                  })
            }`,
            columns,
          )}
        </Text>
      ) : null}
      {failure?.hidden ? (
        <Box height={2} overflow="hidden">
          <Text {...theme.fg('error')}>
            {breakCjk(
              tr(SANDBOX_STRINGS.editHidden, lang, {
                code: failure.hidden.code,
                at: place(failure.hidden.line, failure.hidden.column),
              }),
              columns,
            )}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
