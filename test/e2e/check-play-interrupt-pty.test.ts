import { describe, expect, it } from 'vitest';
import { learner, slowLongTask } from '../grader/helpers.js';
import { CLI } from '../helpers/cli.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

terminalWorkdir('mcp-sim-check-play-interrupt-');

/**
 * Ctrl+C while `check --play` runs the learner's code (its spinner on screen) stops the command,
 * as in any terminal program: the code's process group is killed, nothing is drawn, and the code
 * is not blamed. Ink listens for SIGINT while the spinner is drawn; the grader once took that
 * listener for the command's own, did not end, and opened the session's screen with "your code
 * crashed … killed by SIGKILL".
 */
describe('check --play, interrupted', () => {
  it.skipIf(!hasScript)(
    'Ctrl+C during "Running your code" ends it with SIGINT (130), no screen, no crash reported',
    async () => {
      // The tool waits a minute before its first step: the spinner stays until Ctrl+C.
      const cwd = learner({ '01-progress': { 'long-task.ts': slowLongTask() } });
      const cli = [...TERMINAL_ENV, process.execPath, CLI].map((word) => `'${word}'`).join(' ');
      // The shell ignores SIGINT, so it lives to print how the command ended.
      const line = `trap '' INT; ${cli} check 1 --play; echo "rc=$?"`;
      const app = new ScriptPty(['sh', '-c', line], { cwd, cols: 80, rows: 24 });
      try {
        await app.waitFor(/Running your code/);
        const from = app.mark();
        app.press('\x03');
        const after = await app.waitFor(/rc=\d+/, from, 20_000);
        expect(after).toContain('rc=130');
        expect(after).not.toMatch(/crashed|SIGKILL|step \d+\//);
      } finally {
        app.kill();
      }
    },
    60_000,
  );
});
