import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { STRINGS } from '../../i18n/strings.js';
import type { Phase, SidePhases } from '../../machine/index.js';
import { clipUnlessNarrow } from '../clip.js';
import { useTheme } from '../use-theme.js';

const PHASES = ['initialization', 'operation', 'shutdown'] as const satisfies readonly Phase[];
const SIDES = ['client', 'server'] as const;

export type PhaseStripProps = {
  readonly phases: SidePhases;
  readonly lang: Lang;
  /** Show all three phases per side with the current one lit, not just the current one. */
  readonly full: boolean;
  /** A modern session (2026-07-28) has no lifecycle: the strip names the revision instead. */
  readonly modern?: { readonly revision: string } | null;
};

/** Each side's phase, separately: the client operates before the server has heard it is ready. */
export function PhaseStrip({ phases, lang, full, modern = null }: PhaseStripProps) {
  const theme = useTheme();
  if (modern) {
    const note = tr(STRINGS.era_modernNote, lang);
    const strip = `${modern.revision} · ${tr(STRINGS.era_modern, lang)}`;
    return (
      <Box flexShrink={0} overflowX={clipUnlessNarrow(strip, full ? note : '')}>
        <Text wrap="truncate-end">
          <Text bold {...theme.fg('operation')}>
            {strip}
          </Text>
          {full ? <Text dimColor> — {note}</Text> : null}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexShrink={0}>
      {SIDES.map((side) => {
        const current = phases[side];
        const shown = full ? PHASES : [current];
        return (
          <Box
            key={side}
            flexGrow={1}
            flexBasis={0}
            overflowX={clipUnlessNarrow(
              tr(STRINGS[side], lang),
              ...shown.map((p) => tr(STRINGS[`phase_${p}`], lang)),
            )}
          >
            <Text wrap="truncate-end">
              <Text bold {...theme.fg(side)}>
                {tr(STRINGS[side], lang)}
              </Text>
              {shown.map((phase) => (
                <Text key={phase}>
                  {phase === current ? ' ● ' : <Text dimColor> ○ </Text>}
                  {phase === current ? (
                    <Text bold {...theme.fg(phase)}>
                      {tr(STRINGS[`phase_${phase}`], lang)}
                    </Text>
                  ) : (
                    <Text dimColor>{tr(STRINGS[`phase_${phase}`], lang)}</Text>
                  )}
                </Text>
              ))}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
