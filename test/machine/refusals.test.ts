import { describe, expect, it } from 'vitest';
import { RULES, ruleSpecText } from '../../src/machine/rules.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { modernLogLevel, modernReviewPrompt } from './rule-cases.js';
import { inputRequired } from './stream-builder.js';

// server/utilities/logging and server/prompts › Error Handling: the same SHOULD in 2026-07-28,
// where the level rides in each request's _meta. Its findings cite 2026-07-28's own pages (the
// handshake-era cases are in rule-cases.ts).
describe('a 2026-07-28 server that serves what it should refuse with -32602', () => {
  it.each([
    ['log-level-not-refused', () => modernLogLevel('verbose'), () => modernLogLevel('debug')],
    [
      'prompt-arguments-not-refused',
      () => modernReviewPrompt({}),
      () => modernReviewPrompt({ code: 'let x = 1' }),
    ],
  ] as const)(
    '%s: fires on the answer, citing 2026-07-28; the nearest legal session is clean',
    (rule, trigger, legal) => {
      const { reports, last } = trigger().run();
      const hit = last.violations.find((v) => v.rule === rule);
      expect(hit, `${rule} on the last step`).toBeDefined();
      expect(hit?.severity).toBe('warning');
      expect(hit?.spec).toBe(ruleSpecText(RULES[rule], 'en', 'modern'));
      expect(hit?.spec.startsWith('2026-07-28/')).toBe(true);
      expect(hit?.specZh).toBe(ruleSpecText(RULES[rule], 'zh', 'modern'));
      for (const report of reports.slice(0, -1)) {
        expect(report.violations.map((v) => v.rule)).not.toContain(rule);
      }
      for (const report of legal().run().reports) {
        expect(report.violations, `step ${report.index}`).toEqual([]);
      }
    },
  );

  it('asking for input instead (input_required) is not serving the prompt: nothing to report', () => {
    const asked = discovered()
      .client(modernRequest(1, 'prompts/list'))
      .server(
        modernResult(1, {
          prompts: [{ name: 'review', arguments: [{ name: 'code', required: true }] }],
          ttlMs: 0,
          cacheScope: 'private',
        }),
      )
      .client(modernRequest(2, 'prompts/get', { name: 'review', arguments: {} }))
      .server(inputRequired(2));
    const rules = asked.run().last.violations.map((v) => v.rule);
    expect(rules).not.toContain('prompt-arguments-not-refused');
  });
});
