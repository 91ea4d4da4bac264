import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { PeerViews } from '../../session/index.js';
import { clipUnlessNarrow } from '../clip.js';
import type { PeersMode } from '../layout.js';
import { type PeerFact, peerFacts } from '../peer-facts.js';
import { useTheme } from '../use-theme.js';

export type PeerPanelsProps = {
  readonly peers: PeerViews;
  readonly mode: PeersMode;
  readonly lang: Lang;
  /** `method #id` for a request id the server is working on. */
  readonly nameRequest: (id: string) => string;
};

/**
 * What each side knows: declared capabilities, the negotiated version, cached tools, requests in
 * flight. `full`: a bordered panel per side; `compact`: one line per side.
 */
export function PeerPanels({ peers, mode, lang, nameRequest }: PeerPanelsProps) {
  const theme = useTheme();
  if (mode === 'none') return null;
  const sides = [
    { side: 'client', facts: peerFacts(peers, 'client', lang) },
    { side: 'server', facts: peerFacts(peers, 'server', lang, nameRequest) },
  ] as const;
  const fact = (f: PeerFact, sep: boolean, short: boolean) => (
    <Text key={f.label}>
      {sep ? <Text dimColor> · </Text> : null}
      <Text dimColor>{short ? f.short : f.label} </Text>
      <Text {...theme.fg(f.warn ? 'warning' : null)}>{f.value}</Text>
    </Text>
  );
  if (mode === 'compact') {
    return (
      <Box
        flexDirection="column"
        flexShrink={0}
        overflowX={clipUnlessNarrow(
          ...sides.flatMap(({ side, facts }) => [
            tr(STRINGS[side], lang),
            ...facts.flatMap((f) => [f.short, f.value]),
          ]),
        )}
      >
        {sides.map(({ side, facts }) => (
          <Text key={side} wrap="truncate-end">
            <Text bold {...theme.fg(side)}>
              {tr(STRINGS[side], lang)}{' '}
            </Text>
            {facts.filter((f) => !f.empty).map((f, i) => fact(f, i > 0, true))}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Box flexShrink={0}>
      {sides.map(({ side, facts }) => (
        <Box
          key={side}
          flexDirection="column"
          flexGrow={1}
          flexBasis={0}
          borderStyle="round"
          {...theme.border(side)}
          paddingX={1}
          height={6}
          overflow="hidden"
        >
          <Text wrap="truncate-end">
            <Text bold {...theme.fg(side)}>
              {tr(STRINGS[side], lang)}
            </Text>
            {facts[0] ? fact(facts[0], true, false) : null}
          </Text>
          {facts.slice(1, 4).map((f) => (
            <Text key={f.label} wrap="truncate-end">
              {fact(f, false, false)}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}
