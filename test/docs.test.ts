import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_IDS, rulesMarkdown } from '../src/machine/index.js';

const root = join(import.meta.dirname, '..');

describe('documentation generated from the code', () => {
  it('docs/rules.md is current (regenerate with npx tsx scripts/gen-rules-doc.ts)', () => {
    expect(readFileSync(join(root, 'docs', 'rules.md'), 'utf8')).toBe(rulesMarkdown());
  });

  it('lists every rule id, including those DESIGN.md names', () => {
    const doc = rulesMarkdown();
    for (const id of RULE_IDS) expect(doc).toContain(`\`${id}\``);
    for (const id of [
      'capability-not-negotiated',
      'request-before-initialized',
      'duplicate-request-id',
      'response-without-request',
      'progress-not-increasing',
      'progress-after-completion',
      'unknown-progress-token',
      'unsupported-version',
      'invalid-envelope',
    ]) {
      expect(RULE_IDS).toContain(id);
    }
  });
});
