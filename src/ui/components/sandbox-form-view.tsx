import { TextInput } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import type { Field } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';

export type SandboxFormViewProps = {
  readonly method: string;
  readonly fields: readonly Field[];
  /** The field being typed in; the others keep what was typed. */
  readonly focus: number;
  /** Rows it may take (title and key line included); fields beyond it scroll with the focus. */
  readonly height: number;
  readonly lang: Lang;
  readonly onChange: (index: number, text: string) => void;
};

/** A request's params, one per line, each a text input holding its default as JSON. */
export function SandboxFormView(props: SandboxFormViewProps) {
  const { method, fields, focus, height, lang } = props;
  const theme = useTheme();
  const room = Math.max(1, height - 2);
  const start = Math.max(0, Math.min(focus - room + 1, fields.length - room));
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text bold wrap="truncate-end">
          {tr(SANDBOX_STRINGS.formTitle, lang, { method })}
        </Text>
      </Box>
      {fields.slice(start, start + room).map((field, n) => {
        const i = start + n;
        return (
          <Box key={field.name} overflowX="hidden">
            <Text {...theme.fg(i === focus ? 'accent' : null)}>{i === focus ? '› ' : '  '}</Text>
            <Text bold={i === focus}>{field.name}: </Text>
            <TextInput
              defaultValue={field.text}
              isDisabled={i !== focus}
              onChange={(text) => props.onChange(i, text)}
            />
          </Box>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {tr(SANDBOX_STRINGS.formKeys, lang)}
      </Text>
    </Box>
  );
}
