import { mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

const work = terminalWorkdir('mcp-sim-early-keys-');
/** The screen's module loads two seconds late and says so on stderr (a loaded machine). */
const SLOW = pathToFileURL(resolve('test/fixtures/slow-screen/register.mjs')).href;

/**
 * `mcp-sim lesson first-session` at 80×24 on a slow machine, in a shell that ignores SIGINT and
 * prints the terminal's modes after the command (`stty -a`), once it is loading its screen.
 */
async function slowLesson(folder: string, lateMs = 2000): Promise<ScriptPty> {
  const env = [`NODE_OPTIONS=--import=${SLOW}`, `SLOW_SCREEN_MS=${lateMs}`];
  const cli = [...TERMINAL_ENV, ...env, process.execPath, CLI].map((word) => `'${word}'`).join(' ');
  const line = `trap '' INT; ${cli} lesson first-session; echo "rc=$?"; stty -a`;
  const app = new ScriptPty(['sh', '-c', line], {
    cwd: mkdtempSync(join(work, folder)),
    cols: 80,
    rows: 24,
  });
  try {
    await app.waitFor(/slow-screen: loading/);
  } catch (error) {
    app.kill();
    throw error;
  }
  return app;
}

describe('keys typed before the first frame', () => {
  it.skipIf(!hasScript)(
    'are not echoed by the terminal, and the screen receives them: nnn opens at step 4',
    async () => {
      const app = await slowLesson('typed-');
      try {
        const from = app.mark();
        app.press('nnn');
        const shown = await app.waitFor(/step 4\/10/, from);
        // Before its first frame the screen is still loading: nothing may show there, the echo
        // of the keys least of all (it was "nnn" above the frame).
        const before = shown.slice(0, shown.indexOf('mcp-sim · The first session'));
        expect(before.trim()).toBe('');
        // The screen goes on reading keys after those.
        const next = app.mark();
        app.press('n');
        await app.waitFor(/step 5\/10/, next);
        app.press('q');
        const after = await app.waitFor(/rc=0[\s\S]*\becho(?:ctl|ke)\b[^\n]*\n/, from);
        // The terminal is as the shell left it: echo and line editing back on.
        expect(after).toMatch(/(?<!-)\becho\b/);
        expect(after).toMatch(/(?<!-)\bicanon\b/);
      } finally {
        app.kill();
      }
    },
    60_000,
  );

  it.skipIf(!hasScript)(
    'Ctrl+C among them ends the command at once, as in a normal terminal, and puts the terminal back',
    async () => {
      // The screen loads five seconds late. Raw mode turns the terminal's own SIGINT off, so the
      // command acts on Ctrl+C when its code reads the key: at once while it awaits a module,
      // after the load where loading blocks its thread (Node 24 runs module hooks so). Either
      // way it ends with SIGINT (130) and draws nothing; a command that left Ctrl+C to the
      // screen would draw its frame and end as the screen does. No clock is read.
      const app = await slowLesson('interrupted-', 5000);
      try {
        const from = app.mark();
        app.press('n\x03');
        const after = await app.waitFor(/rc=130[\s\S]*\becho(?:ctl|ke)\b[^\n]*\n/, from);
        expect(after).not.toContain('mcp-sim · The first session');
        expect(after).toMatch(/(?<!-)\becho\b/);
        expect(after).toMatch(/(?<!-)\bicanon\b/);
        expect(after).toMatch(/(?<!-)\bisig\b/);
      } finally {
        app.kill();
      }
    },
    60_000,
  );
});
