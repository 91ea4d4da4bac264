import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { STRINGS } from '../../i18n/strings.js';
import type { Side } from '../../protocol/capabilities.js';
import { idText } from '../../protocol/envelope.js';
import type { Step } from '../../session/index.js';
import { abandonedRequest } from '../../session/step.js';
import { compact } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';
import { SEVERITY_MARK, worstSeverity } from '../violation-list.js';

export type SandboxHistoryProps = {
  readonly steps: readonly Step[];
  /** Rows for the messages (the title comes on top). */
  readonly height: number;
  readonly side: Side;
  readonly lang: Lang;
};

/** A step in one line: who sent it, what it is, the referee's mark, the envelope itself. */
function rowOf(step: Step, side: Side, lang: Lang) {
  const mine = (step.direction === 'client->server') === (side === 'client');
  const who = tr(STRINGS[mine ? side : side === 'client' ? 'server' : 'client'], lang);
  const report = step.verdict;
  if (!report) {
    const what =
      step.kind === 'close'
        ? tr(STRINGS.closedBy, lang, { side: tr(STRINGS[step.closedBy ?? 'client'], lang) })
        : step.kind === 'abandon' && step.abandoned
          ? tr(STRINGS.streamClosedTitle, lang, {
              request: abandonedRequest(step.abandoned),
            })
          : tr(STRINGS.unreadableLine, lang);
    // A close or a closed stream names its side itself ("the client closes the transport").
    const named = step.kind === 'close' || step.kind === 'abandon';
    return { mine, who: named ? '' : who, what, rules: [] as string[], severity: null, json: '' };
  }
  const kind = tr(STRINGS[`kind_${report.kind}`], lang);
  const id = report.id !== null ? ` #${idText(report.id)}` : '';
  return {
    mine,
    who,
    // A response whose request is unknown names no method: `?`, as the timeline writes it.
    what: `${kind} ${report.method ?? '?'}${id}`,
    rules: report.violations.map((v) => v.rule),
    severity: worstSeverity(report.violations),
    json: compact(step.message),
  };
}

/** The session so far, newest last: what the learner sent (→) and what the peer answered (←). */
export function SandboxHistory({ steps, height, side, lang }: SandboxHistoryProps) {
  const theme = useTheme();
  const shown = steps.slice(Math.max(0, steps.length - height));
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text bold wrap="truncate-end">
          {tr(SANDBOX_STRINGS.historyTitle, lang, {
            // A close is a step of the session, not a message.
            n: steps.filter((s) => s.kind === 'message').length,
          })}
          {shown.length < steps.length
            ? ` ${tr(STRINGS.paneAbove, lang, { n: steps.length - shown.length })}`
            : ''}
        </Text>
      </Box>
      {shown.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {tr(SANDBOX_STRINGS.historyEmpty, lang)}
        </Text>
      ) : null}
      {shown.map((step) => {
        const row = rowOf(step, side, lang);
        const { severity } = row;
        return (
          <Box key={step.index} overflowX="hidden">
            <Text wrap="truncate-end">
              <Text {...theme.fg(row.mine ? 'accent' : null)}>{row.mine ? '→ ' : '← '}</Text>
              <Text bold={row.mine}>{row.who ? `${row.who} ${row.what}` : row.what}</Text>{' '}
              <Text {...theme.fg(severity ?? 'ok')}>
                {severity ? `${SEVERITY_MARK[severity]} ${row.rules.join(', ')}` : '✓'}
              </Text>{' '}
              <Text dimColor>{row.json}</Text>
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
