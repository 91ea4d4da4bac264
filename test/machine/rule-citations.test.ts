import { describe, expect, it } from 'vitest';
import { RULE_IDS, RULES, type RuleDefinition, ruleSpecText } from '../../src/machine/rules.js';
import { citeIssue } from '../../src/protocol/spec-cite.js';

// "Cite rules by revision, page and section": every row names the revision whose text it quotes
// (or the tasks extension's text, src/protocol/ext-spec-headings.ts),
// and the page and heading exist in that revision (src/protocol/spec-headings.ts, generated from
// the specification's pages, so a clean clone can check it).
describe('every rule cites a revision, a page and a heading that exist', () => {
  describe.each(RULE_IDS)('%s', (rule) => {
    const def: RuleDefinition = RULES[rule];
    const cites = [def.spec, ...(def.modern ? [def.modern.spec] : [])];

    it.each(cites)('%s', (spec) => {
      // A revision, or an official extension's text at its commit (versioned apart from the core).
      expect(spec).toMatch(/^(?:\d{4}-\d{2}-\d{2}|ext-tasks-e434597)\//);
      expect(citeIssue(spec)).toBeNull();
    });
  });

  it('a 2024-11-05 session reads the message rules on that revision’s own page, which exists', () => {
    const spec = ruleSpecText(RULES['duplicate-request-id'], 'en', 'legacy', '2024-11-05');
    expect(spec).toMatch(/^2024-11-05\/basic\/messages › Requests/);
    expect(citeIssue(spec.replace(/ \(.*$/, ''))).toBeNull();
  });

  it('finds a citation the specification does not have (the check can fail)', () => {
    expect(citeIssue('2025-11-25/basic/lifecycle › Operations')?.kind).toBe('section');
    expect(citeIssue('2025-11-25/basic/lifecycl › Operation')?.kind).toBe('page');
    expect(citeIssue('basic/lifecycle › Operation')?.kind).toBe('revision');
    expect(citeIssue('2025-11-25/schema › notifications/resources/updated')).toBeNull();
  });
});
