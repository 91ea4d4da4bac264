import { Box, Text } from 'ink';
import type { Lang } from '../../i18n/lang.js';
import { s } from '../../i18n/strings.js';
import type { Violation } from '../../machine/index.js';
import { useTheme } from '../use-theme.js';
import { Prose } from './prose.js';

export type VerdictLineProps = {
  readonly violations: readonly Violation[];
  readonly lang: Lang;
};

/** The referee's verdict: a green line, or a callout per broken rule with its spec section. */
export function VerdictLine({ violations, lang }: VerdictLineProps) {
  const theme = useTheme();
  if (violations.length === 0) {
    return (
      <Box flexShrink={0} overflowX="hidden">
        <Text {...theme.fg('ok')} wrap="truncate-end">
          ✓ {s('allowed', lang)}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" flexShrink={0}>
      {violations.map((v, i) => {
        const role = v.severity === 'warning' ? 'warning' : 'error';
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: one step's violations never move
            key={i}
            borderStyle="bold"
            borderTop={false}
            borderRight={false}
            borderBottom={false}
            {...theme.border(role)}
            paddingLeft={1}
          >
            <Box flexDirection="column">
              <Prose>
                <Text bold {...theme.fg(role)}>
                  ✗ {s('violation', lang)}: {v.rule}
                </Text>
                <Text dimColor> — </Text>
                {lang === 'zh' ? v.messageZh : v.message}
              </Prose>
              <Prose dimColor>§ {v.spec}</Prose>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
