import { RULE_IDS, RULES, type RuleDefinition } from './rules.js';

/** The rule table as Markdown (docs/rules.md), so the documentation cannot drift from the code. */
export function rulesMarkdown(): string {
  const rows = RULE_IDS.map((id) => {
    const rule: RuleDefinition = RULES[id];
    return `| \`${id}\` | ${rule.severity} | ${rule.title.en} / ${rule.title.zh} | ${rule.spec} |`;
  });
  return [
    '# Referee rules',
    '',
    'Every violation the referee reports has one of these stable ids. `error` breaks a MUST of the',
    'specification, `warning` a SHOULD. Spec pages are paths under',
    '`docs/specification/<version>/` of the MCP specification repository.',
    '',
    '| rule | severity | meaning | spec |',
    '|---|---|---|---|',
    ...rows,
    '',
    '`capability-not-negotiated` is an error from 2025-06-18 on and a warning for 2024-11-05 and',
    '2025-03-26, whose Operation section said SHOULD where later revisions say MUST.',
    '',
  ].join('\n');
}
