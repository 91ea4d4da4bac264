import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

const work = terminalWorkdir('mcp-sim-compare-');
const ENV = TERMINAL_ENV;

describe('mcp-sim compare in a real terminal', () => {
  it.skipIf(!hasScript)(
    'at 80×24 the sessions alternate: the legacy step, n, the modern step of the same row; q exits 0',
    async () => {
      const app = new ScriptPty([...ENV, process.execPath, CLI, 'compare', 'two-eras'], {
        cwd: work,
        cols: 80,
        rows: 24,
      });
      try {
        let from = app.mark();
        await app.waitFor(/Row 1 of 13 · 2025-11-25 · handshake era[\s\S]*initialize #1/, from);
        from = app.mark();
        app.press('n');
        await app.waitFor(/Row 1 of 13 · 2026-07-28 · stateless[\s\S]*server\/discover/, from);
        app.press('q');
        expect(await app.exit()).toBe(0);
      } finally {
        app.kill();
      }
    },
    60_000,
  );
});
