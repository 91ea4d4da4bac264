import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { LIVE_STRINGS } from '../../i18n/live-strings.js';
import { useTheme } from '../use-theme.js';

export type LiveStatusProps = {
  /** The view moves with every new envelope (nobody stepped back). */
  readonly following: boolean;
  readonly index: number;
  readonly count: number;
  /** The shown session's place among all sessions (1-based), and how many there are. */
  readonly session: { readonly number: number; readonly of: number; readonly id: string } | null;
  readonly closed: boolean;
  readonly url: string;
  /** The newest server log line, or null. */
  readonly notice: string | null;
  readonly lang: Lang;
};

/** The live view's header: following or paused, which session, where the server listens. */
export function LiveStatus(props: LiveStatusProps) {
  const { following, index, count, session, closed, url, notice, lang } = props;
  const theme = useTheme();
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text wrap="truncate-end">
          {following ? (
            <Text bold {...theme.fg('ok')}>
              {tr(LIVE_STRINGS.following, lang)}
            </Text>
          ) : (
            <Text bold {...theme.fg('warning')}>
              {tr(LIVE_STRINGS.paused, lang, { k: index + 1, n: Math.max(0, count - 1 - index) })}
            </Text>
          )}
          {session ? (
            <Text>
              <Text dimColor> · </Text>
              {tr(LIVE_STRINGS.session, lang, { k: session.number, n: session.of, id: session.id })}
              {closed ? <Text dimColor> {tr(LIVE_STRINGS.closed, lang)}</Text> : null}
            </Text>
          ) : null}
          <Text dimColor> · {url}</Text>
        </Text>
      </Box>
      {notice !== null ? (
        <Box overflowX="hidden">
          <Text wrap="truncate-end" dimColor>
            {tr(LIVE_STRINGS.server, lang)}
            {lang === 'zh' ? '：' : ': '}
            {notice}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
