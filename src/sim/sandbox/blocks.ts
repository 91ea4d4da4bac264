import type { SessionView, Severity, StepReport } from '../../machine/index.js';
import type { Bilingual } from '../../protocol/index.js';

/** A rule that forbids an offer now: its id, how grave, and the spec section in both languages. */
export type Block = {
  readonly rule: string;
  readonly severity: Severity;
  readonly spec: Bilingual;
};

/**
 * The rules an offer breaks: the violations the referee reports when asked what it would say of
 * the offer sent now (`SessionLog.verdictIfSent`), in its order, one per rule. The sandbox predicts
 * nothing itself, so what it offers as allowed is what the referee accepts.
 */
export function blocksOf(report: StepReport): Block[] {
  const seen = new Set<string>();
  const out: Block[] = [];
  for (const v of report.violations) {
    if (seen.has(v.rule)) continue;
    seen.add(v.rule);
    out.push({ rule: v.rule, severity: v.severity, spec: { en: v.spec, zh: v.specZh } });
  }
  return out;
}

/** What the offers read of the session: the log's view, no ledger, no referee. */
export type OfferView = Pick<
  SessionView,
  'era' | 'ruleVersion' | 'handshake' | 'capabilities' | 'pending' | 'closed'
>;
