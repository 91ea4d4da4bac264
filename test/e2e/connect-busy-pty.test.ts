import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../helpers/cli.js';
import { terminalWorkdir } from '../helpers/script-pty.js';
import { hasTmux, TmuxScreen } from '../helpers/tmux.js';

const work = terminalWorkdir('mcp-sim-connect-busy-');
const screen = new TmuxScreen('mcp-sim-connect-busy');
const fixture = (name: string) => join(ROOT, 'test', 'fixtures', 'connect', name);

afterAll(async () => {
  if (hasTmux) await screen.kill();
});

/**
 * `connect -- <words>` at 80×24 in tmux, the pane blank before it (the busy line is its first line),
 * in a shell that ignores SIGINT (so it goes on to say how connect ended).
 */
async function connectIn(words: string): Promise<void> {
  await screen.kill();
  const cli = `env -u NO_COLOR -u LANG -u LC_ALL CI=0 '${process.execPath}' '${CLI}'`;
  screen.start(`trap '' INT; ${cli} connect ${words}`, { cwd: work, columns: 80, rows: 24 });
  // Started: the busy line, the error, or already the session's screen (a server that answers at
  // once can replace the busy line between two looks at the pane, as on a loaded machine).
  await screen.waitFor(/connecting to|could not start|q quit/);
}

/**
 * The "connecting to …" line erases itself however connect ends, and leaves no blank line where
 * it was: it stayed above the shell's prompt after Ctrl+C, and a command that could not start
 * had its error one line down, under a blank line.
 */
describe('connect in a terminal: the busy line goes', () => {
  it.skipIf(!hasTmux)(
    'a command that cannot start: its error on the busy line’s line',
    async () => {
      await connectIn('-- no-such-mcp-server-xyz');
      const shown = await screen.waitFor(/EXITED rc=1/);
      expect(shown).not.toContain('connecting to');
      expect(shown.split('\n')[0]).toMatch(
        /^mcp-sim connect: could not start "no-such-mcp-server-xyz"/,
      );
    },
    30_000,
  );

  it.skipIf(!hasTmux)(
    'Ctrl+C while it waits: nothing of it is left',
    async () => {
      await connectIn(
        `--era legacy --timeout 60000 -- '${process.execPath}' '${fixture('deaf-server.mjs')}' '${join(work, 'deaf.pid')}'`,
      );
      const busy = await screen.waitFor(/connecting to/);
      // The command line, cut to fit, ends in the line's one "…" (it had two).
      expect(busy).toMatch(/connecting to [^…\n]+… \(opening/);
      expect(busy).not.toContain('……');
      screen.keys('C-c');
      const shown = await screen.waitFor(/EXITED rc=130/);
      expect(shown).not.toContain('connecting to');
      expect(shown.split('\n')[0]).toBe('EXITED rc=130');
    },
    30_000,
  );

  it.skipIf(!hasTmux)(
    'the session’s end: the screen, then nothing of it once q quits',
    async () => {
      await connectIn(
        `--era legacy -- '${process.execPath}' '${fixture('scripted-server.mjs')}' legacy-error -32601`,
      );
      await screen.waitFor(/q quit/);
      screen.keys('q');
      const shown = await screen.waitFor(/EXITED rc=0/);
      expect(shown).not.toContain('connecting to');
    },
    30_000,
  );
});
