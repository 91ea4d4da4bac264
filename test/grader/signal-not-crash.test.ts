import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const ROOT = join(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src/grader');

/**
 * A signal that ends the grader kills the learner's process group first; that kill is no crash of
 * the learner's code. The grader raises the signal again to end itself, but Node hands a signal
 * to its listeners on a later turn of the event loop, and the child's exit could come first: then
 * `check --play` printed "your code crashed … killed by SIGKILL" before ending with 130 (seen in a
 * real pty under load). Here the command handles SIGINT itself (as `check --watch` does), so the
 * grader lives on and shows what the runner made of the kill.
 */
describe('a signal ending the grader', () => {
  it('does not report the learner process it kills as crashed', () => {
    const dir = tempDir('mcp-sim-signal-');
    const file = join(dir, 'mod.ts');
    writeFileSync(file, 'export const wait = () => new Promise(() => {});\n');
    const script = `
const { createChildRunner } = await import(${JSON.stringify(join(SRC, 'child-runner.ts'))});
const { commandHandles } = await import(${JSON.stringify(join(SRC, 'confine.ts'))});
commandHandles('SIGINT');
const runner = await createChildRunner(${JSON.stringify(file)}, { cwd: ${JSON.stringify(dir)} });
const call = runner.call('wait', []).then(
  (outcome) => outcome,
  (error) => ({ thrown: String(error?.message ?? error) }),
);
setTimeout(() => process.kill(process.pid, 'SIGINT'), 200);
const seen = await Promise.race([call, new Promise((r) => setTimeout(() => r('still waiting'), 2000))]);
process.stdout.write(JSON.stringify(seen));
process.exit(0);
`;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout).not.toMatch(/crash|SIGKILL|stopped/);
    expect(JSON.parse(child.stdout)).toBe('still waiting');
  }, 30_000);
});
