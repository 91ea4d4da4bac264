import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, run } from '../helpers/cli.js';

// `npm test` leaves nothing in the learner's temp folder: the global setup gives each run a folder
// of its own as os.tmpdir() (the workers' and every process a test starts) and removes it at the
// end. Checked on a run of its own, in a temp folder of its own, over two careless test files
// (test/fixtures/temp-hygiene/): one passes, one fails, both leave folders behind.
it('a test run leaves its temp folder as it found it, whether its tests pass or fail', {
  timeout: 120_000,
}, async () => {
  const temp = mkdtempSync(join(tmpdir(), 'mcp-sim-hygiene-'));
  // A run killed before its teardown left its folder (its vitest process is gone); a run still
  // going beside this one (this test's process stands in for it) keeps its own.
  const gone = await run(process.execPath, ['-e', 'console.log(process.pid)']);
  mkdirSync(join(temp, `mcp-sim-test-${gone.stdout.trim()}-abc123`));
  const alive = join(temp, `mcp-sim-test-${process.pid}-abc123`);
  mkdirSync(alive);
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const config = join('test', 'fixtures', 'temp-hygiene', 'vitest.config.ts');
  const result = await run(process.execPath, [vitest, 'run', '--config', config], {
    cwd: ROOT,
    env: { TMPDIR: temp, TEMP: temp, TMP: temp },
  });
  const output = `${result.stdout}${result.stderr}`;
  rmSync(alive, { recursive: true });
  const left = readdirSync(temp);
  rmSync(temp, { recursive: true });
  expect(left).toEqual([]);
  // The careless file passed (what it checks of os.tmpdir() held); the failing one failed.
  expect(output).toMatch(/Tests\s+1 failed \| 1 passed/);
  expect(result.code).toBe(1);
});
