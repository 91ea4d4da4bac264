import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ownTable } from '../protocol/json.js';

/**
 * The starters mcp-sim ships, as a hash of each file the learner edits (`npx tsx
 * scripts/starter-hashes.ts` prints this table; test/grader/starters.test.ts holds it to
 * exercises/). Kept in the grader's code: in a checkout the learner edits the package's own
 * exercises/, so no pristine copy is left to compare with.
 */
export const STARTERS: Readonly<Record<string, Readonly<Record<string, string>>>> = ownTable({
  '01-progress': { 'long-task.ts': '9cc3fcfa0e2a8be2' },
  '02-server-without-list-changed': { 'server.ts': 'd3ea5d0429ebc6d8' },
  '03-client-without-sampling': { 'summarize.ts': 'd3ac006928358138' },
  '04-version-negotiation': { 'versions.ts': '87e1781a2a25a02c' },
  '05-session-stats': { 'stats.ts': '80fbc61c751609fc' },
  '06-handshake-tracer': { 'labels.ts': 'e297b98d4fda9d17' },
  '07-capability-quiz': { 'answers.yaml': 'd02a6978319b39a1' },
  '08-dual-era-server': { 'server.ts': '0f43e993ae63bc29' },
  '09-multi-round-trip': { 'deploy.ts': '38392b7fb467a31e' },
  '10-era-detection': { 'era.ts': '2a9c3fb9c39ae450' },
});

/** A file's text as STARTERS hashes it: line endings as LF (a checkout on Windows has CRLF). */
export function starterHash(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex').slice(0, 16);
}

/** Whether every file of exercise `id` in `dir` is still the starter as shipped (false when unknown). */
export function isStarter(id: string, dir: string): boolean {
  const files = STARTERS[id];
  if (files === undefined) return false;
  try {
    return Object.entries(files).every(
      ([file, hash]) => starterHash(readFileSync(join(dir, file), 'utf8')) === hash,
    );
  } catch {
    return false;
  }
}
