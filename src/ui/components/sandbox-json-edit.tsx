import { TextInput } from '@inkjs/ui';
import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { breakCjk } from '../cjk-lines.js';
import type { HiddenCharacter } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';

export type SandboxJsonEditProps = {
  /** The envelope as first shown (one line of JSON); what is typed stays when it fails to parse. */
  readonly text: string;
  /** Why the last Enter did not send: JSON.parse's words, with the position. */
  readonly error: string | null;
  /** A control character in the text, which the input draws as nothing. */
  readonly hidden: HiddenCharacter | null;
  readonly lang: Lang;
  /** The terminal's width: Chinese is broken into lines here (breakCjk), not at spaces by Ink. */
  readonly columns: number;
  readonly onChange: (text: string) => void;
};

/** The whole envelope as one line of JSON text, to change anything at all before sending it. */
export function SandboxJsonEdit({
  text,
  error,
  hidden,
  lang,
  columns,
  onChange,
}: SandboxJsonEditProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text bold wrap="truncate-end">
          {tr(SANDBOX_STRINGS.editTitle, lang)}
        </Text>
      </Box>
      <TextInput defaultValue={text} onChange={onChange} />
      {error !== null ? (
        <Box overflowX="hidden">
          <Text {...theme.fg('error')} wrap="truncate-end">
            ✗ {tr(SANDBOX_STRINGS.editError, lang, { error })}
          </Text>
        </Box>
      ) : null}
      {error !== null && hidden !== null ? (
        <Text {...theme.fg('error')}>
          {breakCjk(
            tr(SANDBOX_STRINGS.editHidden, lang, {
              code: hidden.code,
              position: String(hidden.position),
            }),
            columns,
          )}
        </Text>
      ) : null}
    </Box>
  );
}
