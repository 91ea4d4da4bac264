/**
 * The pure half of `npm run conformance`: reading what the official conformance suite printed and
 * saved, judging each scenario against the explanations in `conformance-notes.ts`, and rendering
 * the table for `docs/real-peers.md`. No process, no filesystem: `scripts/conformance.ts` does that.
 */
export const revisions = ['2025-11-25', '2026-07-28'] as const;
export type Revision = (typeof revisions)[number];

/** One entry of a scenario's `checks.json`, as far as this report reads it. */
export type Check = {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
};

export type SummaryLine = {
  readonly scenario: string;
  readonly passed: number;
  readonly failed: number;
};

export type Summary = {
  readonly scenarios: readonly SummaryLine[];
  /** Scenarios the suite ran without scoring them, and why (`extension`, `pending`, …). */
  readonly notScored: ReadonlyMap<string, string>;
};

/** Why a failure is not a protocol bug in mcp-sim (or, for `mcp-sim`, that it is one, reported). */
export type NoteKind = 'fixture' | 'extension' | 'suite' | 'mcp-sim';

export type Note = {
  /** A scenario name, or `*` for any scenario. */
  readonly scenario: string;
  /** Only for this revision's run; both when absent. */
  readonly revision?: Revision;
  readonly kind: NoteKind;
  /** Tested against `<check id> <error message>`; `$1`… in `text` are its groups. */
  readonly match: RegExp;
  readonly text: string;
};

export type Finding = { readonly check: string; readonly message: string };

export type ScenarioResult = {
  readonly scenario: string;
  readonly scored: boolean;
  readonly notScoredReason: string | null;
  readonly passed: number;
  readonly failed: number;
  readonly result: 'pass' | 'fail';
  readonly failures: readonly Finding[];
  readonly warnings: readonly Finding[];
  /** The notes that explain every failure, one line each (`kind: text`), deduplicated. */
  readonly explanation: readonly string[];
  /** Failures no note explains: a protocol bug to look at, or a note to write. */
  readonly unexplained: readonly Finding[];
};

export type RevisionRun = {
  readonly revision: Revision;
  /** The day of the run (YYYY-MM-DD): one revision can be re-run alone. */
  readonly date: string;
  readonly passed: number;
  readonly failed: number;
  readonly scenarios: readonly ScenarioResult[];
};

const summaryLine = /^([✓✗]) (\S+): (\d+) passed, (\d+) failed$/u;
const notScoredLine = /^\s+[✓✗] (\S+) \(([^)]+)\)$/u;

/** Reads the `=== SUMMARY ===` block and the "Not scored" list of `conformance server`. */
export function parseSummary(stdout: string): Summary {
  const lines = stdout.split(/\r?\n/u);
  const start = lines.findIndex((line) => line.trim() === '=== SUMMARY ===');
  const scenarios: SummaryLine[] = [];
  const notScored = new Map<string, string>();
  if (start < 0) return { scenarios, notScored };
  let inNotScored = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('Not scored for ')) inNotScored = true;
    const scored = inNotScored ? null : summaryLine.exec(line.trim());
    if (scored?.[2] !== undefined) {
      scenarios.push({ scenario: scored[2], passed: Number(scored[3]), failed: Number(scored[4]) });
      continue;
    }
    const unscored = inNotScored ? notScoredLine.exec(line) : null;
    if (unscored?.[1] !== undefined && unscored[2] !== undefined) {
      notScored.set(unscored[1], unscored[2]);
    }
  }
  return { scenarios, notScored };
}

/** `server-<scenario>-2026-12-01T17-24-10-248Z` → `<scenario>` (the suite's result folders). */
export function scenarioOfResultDir(name: string): string | null {
  const match = /^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/u.exec(name);
  return match?.[1] ?? null;
}

/** A scenario that threw before saving checks says so on stderr, one line each. */
export function parseCrashes(stderr: string): ReadonlyMap<string, string> {
  const crashes = new Map<string, string>();
  for (const line of stderr.split(/\r?\n/u)) {
    const match = /^Failed to run scenario (\S+): (.*)$/u.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) crashes.set(match[1], match[2]);
  }
  return crashes;
}

function explain(
  finding: Finding,
  scenario: string,
  revision: Revision,
  notes: readonly Note[],
): string | null {
  const subject = `${finding.check} ${finding.message}`;
  for (const note of notes) {
    if (note.scenario !== '*' && note.scenario !== scenario) continue;
    if (note.revision !== undefined && note.revision !== revision) continue;
    const match = note.match.exec(subject);
    if (match === null) continue;
    return `${note.kind}: ${note.text.replace(/\$(\d)/gu, (_, group: string) => match[Number(group)] ?? '')}`;
  }
  return null;
}

const oneLine = (text: string): string => text.replace(/\s+/gu, ' ').trim();

/** One scenario: its summary line, its saved checks (if any) or its crash, and the notes. */
export function judgeScenario(input: {
  readonly line: SummaryLine;
  readonly revision: Revision;
  readonly notScoredReason: string | null;
  readonly checks: readonly Check[] | null;
  readonly crash: string | null;
  readonly notes: readonly Note[];
}): ScenarioResult {
  const { line, revision, notes } = input;
  const failures: Finding[] = [];
  const warnings: Finding[] = [];
  for (const check of input.checks ?? []) {
    const finding = { check: check.id, message: oneLine(check.errorMessage ?? '') };
    if (check.status === 'FAILURE') failures.push(finding);
    if (check.status === 'WARNING') warnings.push(finding);
  }
  if (line.failed > 0 && failures.length === 0) {
    failures.push({
      check: line.scenario,
      message: oneLine(input.crash ?? 'failed without saving its checks'),
    });
  }
  const explanation = new Set<string>();
  const unexplained: Finding[] = [];
  for (const failure of failures) {
    const why = explain(failure, line.scenario, revision, notes);
    if (why === null) unexplained.push(failure);
    else explanation.add(why);
  }
  return {
    scenario: line.scenario,
    scored: input.notScoredReason === null,
    notScoredReason: input.notScoredReason,
    passed: line.passed,
    failed: line.failed,
    result: line.failed === 0 ? 'pass' : 'fail',
    failures,
    warnings,
    explanation: [...explanation],
    unexplained,
  };
}

const cell = (text: string): string => text.replaceAll('|', '\\|');
const clip = (text: string): string => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** Unexplained failures for the table: one entry per check id, with how often it failed. */
function unexplainedCells(findings: readonly Finding[]): string[] {
  const byCheck = new Map<string, { message: string; count: number }>();
  for (const f of findings) {
    const seen = byCheck.get(f.check);
    if (seen === undefined) byCheck.set(f.check, { message: f.message, count: 1 });
    else seen.count += 1;
  }
  return [...byCheck].map(
    ([check, { message, count }]) =>
      `**unexplained** \`${check}\`${count > 1 ? ` ×${count}` : ''}: ${clip(message)}`,
  );
}

/** The Markdown table of one revision's run, for the end of `docs/real-peers.md`. */
export function renderTable(run: RevisionRun): string {
  const rows = run.scenarios.map((s) => {
    const name = s.scored
      ? `\`${s.scenario}\``
      : `\`${s.scenario}\` (not scored: ${s.notScoredReason})`;
    const result = `${s.result === 'pass' ? 'pass' : 'FAIL'} ${s.passed}/${s.passed + s.failed}`;
    const why = [
      ...s.explanation,
      ...unexplainedCells(s.unexplained),
      ...(s.warnings.length > 0
        ? [`warnings: ${s.warnings.map((w) => `\`${w.check}\``).join(', ')}`]
        : []),
    ];
    return `| ${cell(name)} | ${result} | ${cell(why.join('; ') || '')} |`;
  });
  return [
    `**${run.revision}** (run ${run.date}): ${run.passed} checks passed, ${run.failed} failed.`,
    '',
    '| scenario | result (checks) | why |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}
