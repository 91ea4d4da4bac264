import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

const work = terminalWorkdir('mcp-sim-ctrl-c-twice-');

/**
 * A screen at 80×24 in a shell that ignores SIGINT and prints, after the command, its exit code
 * and the terminal's modes (`stty -a`).
 */
function screen(args: string, folder: string): ScriptPty {
  const cli = [...TERMINAL_ENV, process.execPath, CLI].map((word) => `'${word}'`).join(' ');
  const line = `trap '' INT; ${cli} ${args}; echo "rc=$?"; stty -a`;
  return new ScriptPty(['sh', '-c', line], {
    cwd: mkdtempSync(join(work, folder)),
    cols: 80,
    rows: 24,
  });
}

/**
 * Ctrl+C pressed twice quickly (or just after another key) reaches a busy screen in one read,
 * "\x03\x03". Ink quits on Ctrl+C only when it is a read of its own, and passed these on as text
 * that no screen binds: the lesson, the menu, the sandbox, compare and the live view went on as
 * if nothing had been typed. They quit as on one Ctrl+C: code 0, the terminal put back.
 */
describe('Ctrl+C twice in one read', () => {
  const cases = [
    { name: 'the lesson screen', args: 'lesson first-session', frame: /step 1\/10/ },
    { name: 'the live view of serve --http --ui', args: 'serve --http 0 --ui', frame: /q quit/ },
  ];
  for (const { name, args, frame } of cases) {
    it.skipIf(!hasScript)(
      `quits ${name} as one Ctrl+C does`,
      async () => {
        const app = screen(args, 'twice-');
        try {
          await app.waitFor(frame);
          const from = app.mark();
          app.press('\x03\x03');
          const after = await app.waitFor(/rc=\d+[\s\S]*\becho(?:ctl|ke)\b[^\n]*\n/, from);
          expect(after).toContain('rc=0');
          expect(after).toMatch(/(?<!-)\becho\b/);
          expect(after).toMatch(/(?<!-)\bicanon\b/);
        } finally {
          app.kill();
        }
      },
      30_000,
    );
  }
});
