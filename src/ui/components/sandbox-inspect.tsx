import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { type Lang, tr } from '../../i18n/lang.js';
import { SANDBOX_STRINGS } from '../../i18n/sandbox-strings.js';
import type { Step } from '../../session/index.js';
import { ellipsize } from '../bound-text.js';
import { breakCjk } from '../cjk-lines.js';
import { envelopeModel } from '../envelope-model.js';
import type { OfferRow } from '../sandbox-driver.js';
import { screenStep } from '../screen-step.js';
import { wrappedHeight } from '../text-height.js';
import type { FieldTree } from '../use-field-tree.js';
import { useTheme } from '../use-theme.js';
import { envelopeTitle } from './envelope-view.js';
import { FieldTreeView } from './field-tree-view.js';
import { Prose } from './prose.js';
import { VerdictLine, verdictHeight, verdictRows } from './verdict-line.js';

export type SandboxInspectProps = {
  /** The session log's step the tree is open on, or the step an offer would make (`preview`). */
  readonly step: Step;
  readonly tree: NonNullable<FieldTree['tree']>;
  /** The tree's keys, or the search being typed: in the key bar's place. */
  readonly status: string;
  readonly lang: Lang;
  readonly columns: number;
  readonly rows: number;
  /**
   * The offer the step is the preview of (not sent yet): the title says so, and under the tree
   * is what the referee would say of it, or why the server may not serve it.
   */
  readonly offer?: OfferRow | null;
};

/**
 * The last row of a verdict cut to one line a rule, where no larger view is at hand (the history,
 * an offer's preview): how many rules are out of sight, or, when every rule shows, that the rest of
 * each (its message, its section) is. "0 more" said nothing was hidden.
 */
export const verdictMore = (hidden: number, lang: Lang): string =>
  hidden > 0
    ? tr(SANDBOX_STRINGS.verdictHidden, lang, { n: hidden })
    : tr(SANDBOX_STRINGS.verdictRest, lang);

/** What the referee would say of an offer sent now, and the rows it takes (its title included). */
function offerVerdict(step: Step, offer: OfferRow, lang: Lang, columns: number, rows: number) {
  const violations = step.verdict?.violations ?? [];
  const doubt = violations.length === 0 ? (offer.unsure ?? null) : null;
  const doubtText = doubt
    ? breakCjk(`? ${tr(doubt.why, lang)} · § ${tr(doubt.spec, lang)}`, columns)
    : '';
  // At most a third of the screen: the tree is what `i` opened.
  const room = Math.max(2, Math.floor(rows / 3));
  const full = doubt ? wrappedHeight(doubtText, columns) : verdictHeight(violations, lang, columns);
  const height = doubt ? Math.min(full, room) : verdictRows(full, violations.length, room);
  return { violations, doubtText, room, height: 1 + height };
}

/**
 * The sandbox's `i`: a message of the session as the field tree, each field with its meaning; or
 * the chosen offer, not sent yet, with what the referee would say of it.
 */
export function SandboxInspect({
  step,
  tree,
  status,
  lang,
  columns,
  rows,
  offer = null,
}: SandboxInspectProps) {
  const theme = useTheme();
  // Once per message, language and width: not again on every key that moves the cursor.
  const { shown, meanings } = useMemo(() => {
    const shown = screenStep(step);
    const model = envelopeModel(shown.message, shown.annotations, [], lang, columns - 4);
    return { shown, meanings: new Map(model.meanings.map((m) => [m.pointer, m] as const)) };
  }, [step, lang, columns]);
  const verdict = offer ? offerVerdict(step, offer, lang, columns, rows) : null;
  const title = offer
    ? `${tr(SANDBOX_STRINGS.previewTitle, lang)} · ${envelopeTitle(shown, lang)}`
    : envelopeTitle(shown, lang);
  return (
    <Box flexDirection="column" width={columns} height={rows - 1} overflow="hidden">
      <FieldTreeView
        title={title}
        nodes={tree.nodes}
        tree={tree.state}
        meanings={meanings}
        lang={lang}
        height={rows - 2 - (verdict?.height ?? 0)}
        width={columns}
      />
      {verdict ? (
        <Box flexDirection="column" flexShrink={0} height={verdict.height} overflow="hidden">
          <Text bold wrap="truncate-end">
            {ellipsize(tr(SANDBOX_STRINGS.previewVerdict, lang), columns)}
          </Text>
          {verdict.doubtText !== '' ? (
            <Prose {...theme.fg('warning')}>{verdict.doubtText}</Prose>
          ) : (
            <VerdictLine
              violations={verdict.violations}
              lang={lang}
              width={columns}
              maxRows={verdict.room}
              more={(hidden) => verdictMore(hidden, lang)}
            />
          )}
        </Box>
      ) : null}
      <Box flexShrink={0} overflowX="hidden">
        <Text wrap="truncate-end">{status}</Text>
      </Box>
    </Box>
  );
}
