import { RULE_IDS, RULES, type RuleDefinition } from './rules.js';

/** The rule table as Markdown (docs/rules.md), so the documentation cannot drift from the code. */
export function rulesMarkdown(): string {
  const rows = RULE_IDS.map((id) => {
    const rule: RuleDefinition = RULES[id];
    const note = rule.specNote ? `${rule.specNote.en} / ${rule.specNote.zh}` : '';
    return `| \`${id}\` | ${rule.severity} | ${rule.title.en} / ${rule.title.zh} | ${rule.spec} | ${note} |`;
  });
  return [
    '# Referee rules',
    '',
    'Every violation the referee reports has one of these stable ids. `error` breaks a MUST of the',
    'specification, `warning` a SHOULD. Spec pages are paths under',
    '`docs/specification/<version>/` of the MCP specification repository; the interface shows the',
    'section with its note in the learner’s language (`basic/index › Requests (an id MUST NOT be',
    'reused in a session)`, `basic/index › Requests（同一会话中不得重复使用 id）`).',
    '',
    '| rule | severity | meaning | spec | what the section asks for here |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '`capability-not-negotiated` is an error from 2025-06-18 on and a warning for 2024-11-05 and',
    '2025-03-26, whose Operation section said SHOULD where later revisions say MUST.',
    '',
  ].join('\n');
}
