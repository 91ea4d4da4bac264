import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { failed, grade } from './helpers.js';

/** A student's file, kept in test/fixtures/students/ (see its README). */
const attempt = (name: string) =>
  readFileSync(join(ROOT, 'test', 'fixtures', 'students', `${name}.txt`), 'utf8');

describe('09-multi-round-trip: the expiry check does not depend on the seed', () => {
  const id = '09-multi-round-trip';

  it.each([1, 5, 7, 20261129])(
    'a one-hour expiry fails expired-state-rejected (seed %i)',
    async (seed) => {
      const result = await grade(id, { 'deploy.ts': attempt('09-ttl-1h.ts') }, seed);
      expect(failed(result)).toEqual(['expired-state-rejected']);
    },
  );

  it.each([1, 5, 7])('the reference solution passes it (seed %i)', async (seed) => {
    const result = await grade(id, 'solution', seed);
    expect(failed(result)).toEqual([]);
  });
});
