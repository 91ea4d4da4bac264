import type { Lang } from '../i18n/lang.js';
// Not from the machine's index: that would load the referee before a lesson's first frame.
import type { Severity, Violation } from '../machine/rules.js';
import { specText } from '../machine/spec-text.js';
import type { ScreenStep } from './screen-step.js';

/** One line of the `v` list: a rule a step broke, as the referee recorded it on that step. */
export type ViolationRow = {
  /** The step that broke it (0-based, as the screen counts). */
  readonly step: number;
  readonly rule: string;
  readonly severity: Severity;
  readonly violation: Violation;
};

/** Made once per list of steps: the list, `]` and `[` all read the same rows. */
const rowsOf = new WeakMap<readonly ScreenStep[], readonly ViolationRow[]>();

/**
 * Every violation of the session, in step order: read from each step's verdict (the session log's
 * `Step.verdict.violations`), never judged again here.
 */
export function violationRows(steps: readonly ScreenStep[]): readonly ViolationRow[] {
  let rows = rowsOf.get(steps);
  if (rows === undefined) {
    rows = steps.flatMap((s) =>
      (s.report?.violations ?? []).map((v) => ({
        step: s.index,
        rule: v.rule,
        severity: v.severity,
        violation: v,
      })),
    );
    rowsOf.set(steps, rows);
  }
  return rows;
}

/** The steps that break a rule, each once, in order: where `]` and `[` stop. */
export function brokenSteps(rows: readonly ViolationRow[]): number[] {
  return [...new Set(rows.map((r) => r.step))];
}

/**
 * The field the first finding that names one is about (its JSON pointer): where the field tree
 * (`e`) opens its cursor, so the learner lands on what broke the rule.
 */
export function firstFinding(
  violations: readonly Pick<Violation, 'pointer'>[] | undefined,
): string | undefined {
  return violations?.find((v) => v.pointer !== undefined && v.pointer !== '')?.pointer;
}

/** A row's spec section in `lang`. */
export const rowSpec = (row: ViolationRow, lang: Lang): string => specText(row.violation, lang);

/** Errors and warnings differ by symbol, not by colour only (the verdict line uses the same). */
export const SEVERITY_MARK = { error: '✗', warning: '!' } as const satisfies Record<
  Severity,
  string
>;

/** The mark a step earns: `error` if any of its violations is one, `warning` if all are, else null. */
export function worstSeverity(violations: readonly Pick<Violation, 'severity'>[]): Severity | null {
  if (violations.length === 0) return null;
  return violations.some((v) => v.severity === 'error') ? 'error' : 'warning';
}
