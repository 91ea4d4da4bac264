import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { ellipsize } from '../bound-text.js';
import { clipUnlessNarrow } from '../clip.js';
import { type Field, type FieldFailure, jsonReasonIn } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';
import { CursorLine } from './sandbox-json-edit.js';

export type SandboxFormViewProps = {
  readonly method: string;
  readonly fields: readonly Field[];
  /** The field being typed in; the others keep what was typed. */
  readonly focus: number;
  /** The cursor in the focused field's text: typing and moving are the screen's keys (editField). */
  readonly col: number;
  /** Why the last Enter did not send (a field that is not JSON), one line; null: none. */
  readonly failure?: FieldFailure | null;
  /**
   * Rows it may take (its title and the failure line included; its keys are the screen's key bar,
   * at the bottom); fields beyond it scroll with the focus.
   */
  readonly height: number;
  readonly lang: Lang;
  /** The terminal's width: each field takes one line, the focused one scrolled sideways with the cursor, the others ending with `…` when cut. */
  readonly columns: number;
};

/** A request's params, one per line, each holding its default as JSON. */
export function SandboxFormView(props: SandboxFormViewProps) {
  const { method, fields, focus, col, height, lang, columns, failure = null } = props;
  const theme = useTheme();
  const room = Math.max(1, height - 1 - (failure ? 1 : 0));
  const start = Math.max(0, Math.min(focus - room + 1, fields.length - room));
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* Cut here with ellipsize, not by Ink: cut on a Chinese character, Ink's … falls past the edge. */}
      <Text bold wrap="truncate-end">
        {ellipsize(tr(SANDBOX_STRINGS.formTitle, lang, { method }), columns)}
      </Text>
      {fields.slice(start, start + room).map((field, n) => {
        const i = start + n;
        const label = `${i === focus ? '› ' : '  '}${field.name}: `;
        const width = Math.max(2, columns - stringWidth(label));
        return (
          <Box key={field.name} overflowX={clipUnlessNarrow(label, field.text)}>
            <Text {...theme.fg(i === focus ? 'accent' : null)}>{i === focus ? '› ' : '  '}</Text>
            <Text bold={i === focus}>{field.name}: </Text>
            <Box width={width} flexShrink={0}>
              {i === focus ? (
                <CursorLine line={field.text} col={col} width={width} />
              ) : (
                <Text wrap="truncate-end">{ellipsize(field.text, width)}</Text>
              )}
            </Box>
          </Box>
        );
      })}
      {failure ? (
        <Text {...theme.fg('error')} wrap="truncate-end">
          {ellipsize(
            `✗ ${tr(SANDBOX_STRINGS.formError, lang, {
              name: fields[failure.field]?.name ?? '',
              column: String(failure.column),
              error: jsonReasonIn(failure.error, lang),
            })}`,
            columns,
          )}
        </Text>
      ) : null}
    </Box>
  );
}
