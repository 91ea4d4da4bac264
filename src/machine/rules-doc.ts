import { RULE_SETS, type RuleSet, type RuleSets } from './rule-sets.js';
import { RULE_IDS, RULES, type RuleDefinition, type RuleId } from './rules.js';

/** The revisions that share one rule set, in the catalogue's order. */
type SetGroup = { readonly set: RuleSet; readonly revisions: readonly string[] };

function setGroups(sets: RuleSets): SetGroup[] {
  const groups: { set: RuleSet; revisions: string[] }[] = [];
  for (const [revision, set] of Object.entries(sets)) {
    if (!set) continue;
    const group = groups.find((g) => g.set === set);
    if (group) group.revisions.push(revision);
    else groups.push({ set, revisions: [revision] });
  }
  return groups;
}

const usedBy = (set: RuleSet, id: RuleId) =>
  Object.values(set.judges).some((rows) => rows?.some((row) => row.id === id));

function groupTitle(groups: readonly SetGroup[], all: number): string {
  if (groups.length === 0) return 'Rules in no rule set';
  if (groups.length === all && all > 1) return 'Rules of every revision (both eras)';
  return groups
    .map(({ set, revisions }) =>
      set.era === 'legacy'
        ? `Handshake era (${revisions.join(', ')})`
        : `${revisions.join(', ')} (no handshake, no lifecycle)`,
    )
    .join(' and ');
}

/**
 * The rule table as Markdown (docs/rules.md), so the documentation cannot drift from the code.
 * Rules are grouped by the rule sets that judge with them (RULE_SETS), so a rule added to a set
 * lands in its era's section without more work.
 */
export function rulesMarkdown(sets: RuleSets = RULE_SETS): string {
  const groups = setGroups(sets);
  const sections = new Map<string, string[]>();
  for (const id of RULE_IDS) {
    const rule: RuleDefinition = RULES[id];
    const noted = (n: RuleDefinition['specNote']) => (n ? `${n.en} / ${n.zh}` : '');
    const note = [
      noted(rule.specNote),
      rule.modern?.specNote ? `2026-07-28: ${noted(rule.modern.specNote)}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const spec = rule.modern ? `${rule.spec}; ${rule.modern.spec}` : rule.spec;
    const key = groups.map((g) => (usedBy(g.set, id) ? '1' : '0')).join('');
    const row = `| \`${id}\` | ${rule.severity} | ${rule.title.en} / ${rule.title.zh} | ${spec} | ${note} |`;
    sections.set(key, [...(sections.get(key) ?? []), row]);
  }
  // Shared rules first, then each set's own, then any rule no set uses.
  const order = [...sections.keys()].sort(
    (a, b) => (b.match(/1/g)?.length ?? 0) - (a.match(/1/g)?.length ?? 0) || b.localeCompare(a),
  );
  const tables = order.flatMap((key) => [
    `## ${groupTitle(
      groups.filter((_, i) => key[i] === '1'),
      groups.length,
    )}`,
    '',
    '| rule | severity | meaning | spec | what the section asks for here |',
    '|---|---|---|---|---|',
    ...(sections.get(key) ?? []),
    '',
  ]);
  return [
    '# Referee rules',
    '',
    'Every violation the referee reports has one of these stable ids. `error` breaks a MUST of the',
    'specification, `warning` a SHOULD. Four warnings break no keyword of the specification but',
    'flag what a peer will likely mishandle: `unknown-method` (a method the protocol does not define:',
    'a request to it is answered -32601), `id-beyond-safe-integer` (an id or progress token past',
    '2^53 − 1 — a listen stream’s `subscriptionId`, the id of its request, is read with its digits',
    'too — beyond the integers JSON, RFC 8259 § 6, calls interoperable: JavaScript rounds it; no',
    'revision’s schema bounds them, so it is never a schema error, though the SDK’s zod schemas would',
    'call it one), `duplicate-initialize`',
    '(no sentence forbids a second initialize, but the first set the session’s version and',
    'capabilities) and `resource-not-subscribed` (the schema says an update "should only be sent" after',
    'a resources/subscribe, in lower case). `notification-before-initialized` reads the lifecycle’s',
    '"SHOULD NOT send requests other than pings and logging" as covering notifications too, since',
    'logging is one; the finding says so. `initialized-not-sent` reads "the client MUST send an',
    'initialized notification to indicate it is ready to begin normal operations" as putting the',
    'notification before them, as the lifecycle’s diagram does. One error breaks no',
    'sentence either: `message-after-shutdown`, because a closed transport carries nothing, so a',
    'message written after the close cannot have reached the peer (the Shutdown sections say only how',
    'to close, with SHOULD and MAY). Some rules weigh a finding by what it breaks: a finding that',
    'breaks only a SHOULD, or only what a field is defined to mean, is a warning under a rule whose',
    'other findings are errors (the severity column gives the rule’s usual one). Spec pages are paths under',
    '`docs/specification/<version>/` of the MCP specification repository; the interface shows the',
    'section with its note in the learner’s language (`2025-11-25/basic/index › Requests (an id MUST',
    'NOT be reused in a session)`, `2025-11-25/basic/index › Requests（同一会话中不得重复使用 id）`).',
    'Every citation starts with the revision whose text it quotes: 2025-11-25 for the handshake era',
    '(its rules read the same in the earlier revisions unless a row names one), 2026-07-28 for the',
    'stateless one.',
    '',
    'The revisions with a handshake (the legacy era) share one rule set; 2026-07-28, which has no',
    'handshake and no lifecycle, has its own. The sections below group the rules by the rule sets',
    'that judge with them.',
    '',
    ...tables,
    '`method-not-in-version` and `capability-not-negotiated` are errors from 2025-06-18 on and',
    'warnings for 2024-11-05 and 2025-03-26, whose Operation section said SHOULD where later',
    'revisions say MUST.',
    '',
  ].join('\n');
}
