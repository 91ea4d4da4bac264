/**
 * Writes docs/rules.md from the rule table in src/machine/rules.ts (a test checks it is current):
 * `npx tsx scripts/gen-rules-doc.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesMarkdown } from '../src/machine/rules-doc.js';

writeFileSync(join(import.meta.dirname, '..', 'docs', 'rules.md'), rulesMarkdown());
