import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { LIVE_STRINGS } from '../../i18n/live-strings.js';
import { ellipsized } from '../bound-text.js';
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
  /** The terminal's width: each line is cut to it. */
  readonly columns: number;
};

type Piece = { readonly text: string; readonly tone: 'following' | 'paused' | 'plain' | 'dim' };

/**
 * `pieces` as one line of `columns`: whole when they fit, else cut and ended with `…` (ellipsized:
 * Ink's truncate-end lets the `…` fall off the edge when a Chinese character straddles the cut).
 */
function fitted(pieces: readonly Piece[], columns: number): Piece[] {
  const { head, cut } = ellipsized(pieces.map((p) => p.text).join(''), columns);
  const out: Piece[] = [];
  let left = head.length;
  for (const piece of pieces) {
    if (left <= 0) break;
    out.push({ ...piece, text: piece.text.slice(0, left) });
    left -= piece.text.length;
  }
  const last = out.at(-1);
  if (cut && last) out[out.length - 1] = { ...last, text: `${last.text}…` };
  return out;
}

/** The live view's header: following or paused, which session, where the server listens. */
export function LiveStatus(props: LiveStatusProps) {
  const { following, index, count, session, closed, url, notice, lang, columns } = props;
  const theme = useTheme();
  const piece = (text: string, tone: Piece['tone']): Piece => ({ text, tone });
  const status: Piece[] = [
    following
      ? piece(tr(LIVE_STRINGS.following, lang), 'following')
      : piece(
          tr(LIVE_STRINGS.paused, lang, { k: index + 1, n: Math.max(0, count - 1 - index) }),
          'paused',
        ),
  ];
  if (session) {
    const { number, of, id } = session;
    status.push(
      piece(' · ', 'dim'),
      piece(tr(LIVE_STRINGS.session, lang, { k: number, n: of, id }), 'plain'),
    );
    if (closed) status.push(piece(` ${tr(LIVE_STRINGS.closed, lang)}`, 'dim'));
  }
  status.push(piece(` · ${url}`, 'dim'));
  const show = ({ text, tone }: Piece, key: number) => {
    if (tone === 'following' || tone === 'paused') {
      return (
        <Text key={key} bold {...theme.fg(tone === 'following' ? 'ok' : 'warning')}>
          {text}
        </Text>
      );
    }
    return tone === 'dim' ? (
      <Text key={key} dimColor>
        {text}
      </Text>
    ) : (
      <Text key={key}>{text}</Text>
    );
  };
  const said =
    notice === null
      ? null
      : fitted(
          [
            {
              text: `${tr(LIVE_STRINGS.server, lang)}${lang === 'zh' ? '：' : ': '}${notice}`,
              tone: 'dim',
            },
          ],
          columns,
        );
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text wrap="truncate-end">{fitted(status, columns).map(show)}</Text>
      </Box>
      {said !== null ? (
        <Box overflowX="hidden">
          <Text wrap="truncate-end">{said.map(show)}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
