import { Box, Text } from 'ink';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import { STRINGS } from '../../i18n/strings.js';
import type { Side } from '../../protocol/capabilities.js';
import { idText } from '../../protocol/envelope.js';
import { visible } from '../../protocol/visible.js';
import type { Step } from '../../session/index.js';
import { abandonedRequest } from '../../session/step.js';
import { kindText } from '../kind-text.js';
import { compact } from '../sandbox-form.js';
import { useTheme } from '../use-theme.js';
import { SEVERITY_MARK, worstSeverity } from '../violation-list.js';

export type SandboxHistoryProps = {
  readonly steps: readonly Step[];
  /** Rows for the messages (the title comes on top). */
  readonly height: number;
  readonly side: Side;
  readonly lang: Lang;
  /** The chosen step when the history has the focus (`h`): marked, and kept in view. */
  readonly chosen?: number | null;
};

/**
 * The first step shown: the newest ones, or, while a step is chosen above them, a window whose
 * last row is the chosen step.
 */
export function historyStart(length: number, height: number, chosen: number | null): number {
  const newest = Math.max(0, length - height);
  if (chosen === null) return newest;
  return Math.min(newest, Math.max(0, chosen - height + 1));
}

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
  const kind = kindText(report, lang);
  const id = report.id !== null ? ` #${idText(report.id)}` : '';
  return {
    mine,
    who,
    // A response whose request is unknown names no method: `?`, as the timeline writes it.
    // The learner types the method: a newline in it is drawn as `\n`, the row stays one line.
    what: `${kind} ${visible(report.method ?? '?')}${id}`,
    rules: report.violations.map((v) => v.rule),
    severity: worstSeverity(report.violations),
    json: compact(step.message),
  };
}

/** A step as its history row names it: who sent what ("client request tools/list #2"). */
export function stepLabel(step: Step, side: Side, lang: Lang): string {
  const row = rowOf(step, side, lang);
  return row.who ? `${row.who} ${row.what}` : row.what;
}

/** The session so far, newest last: what the learner sent (→) and what the peer answered (←). */
export function SandboxHistory({ steps, height, side, lang, chosen = null }: SandboxHistoryProps) {
  const theme = useTheme();
  const start = historyStart(steps.length, height, chosen);
  const shown = steps.slice(start, start + height);
  const below = steps.length - start - shown.length;
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Box overflowX="hidden">
        <Text bold wrap="truncate-end">
          {tr(SANDBOX_STRINGS.historyTitle, lang, {
            // A close is a step of the session, not a message.
            n: steps.filter((s) => s.kind === 'message').length,
          })}
          {start > 0 ? ` ${tr(STRINGS.paneAbove, lang, { n: start })}` : ''}
          {below > 0 ? ` ${tr(STRINGS.paneBelow, lang, { n: below })}` : ''}
        </Text>
      </Box>
      {shown.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {tr(SANDBOX_STRINGS.historyEmpty, lang)}
        </Text>
      ) : null}
      {shown.map((step, n) => {
        const row = rowOf(step, side, lang);
        const { severity } = row;
        const marked = chosen === start + n;
        return (
          <Box key={step.index} overflowX="hidden">
            <Text wrap="truncate-end" inverse={marked}>
              {chosen === null ? null : marked ? '› ' : '  '}
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
