import { describe, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers/cli.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

const work = terminalWorkdir('mcp-sim-sandbox-');
const ENV = TERMINAL_ENV;

describe('mcp-sim sandbox in a real terminal', () => {
  it.skipIf(!hasScript)(
    'initialize through its form, the server answers, then a request the rules forbid: 80×24',
    async () => {
      const app = new ScriptPty([...ENV, process.execPath, CLI, 'sandbox'], {
        cwd: work,
        cols: 80,
        rows: 24,
      });
      try {
        let from = app.mark();
        const first = await app.waitFor(/› ✓ initialize[\s\S]*Enter send/, from);
        expect(first).toContain('✗ tools/list — initialize-not-first');
        from = app.mark();
        app.press('\r');
        await app.waitFor(/Params of initialize[\s\S]*protocolVersion: "2025-11-25"/, from);
        from = app.mark();
        app.press('\r');
        await app.waitFor(/← server response initialize #1 ✓/, from);
        // The list after the answer: notifications/initialized, ping, roots/list_changed, closing
        // the connection, a second initialize, then tools/list, flagged until
        // notifications/initialized is sent. The cursor is on the first row: the initialize just
        // sent is forbidden now, so it did not stay on it.
        from = app.mark();
        app.press('jjjjj');
        await app.waitFor(/› ✗ tools\/list — initialized-not-sent/, from);
        from = app.mark();
        app.press('\r');
        const verdict = await app.waitFor(/✗ rule broken: initialized-not-sent/, from);
        expect(verdict).toContain('2025-11-25/basic/lifecycle › Initialization');
        // e: the first message (notifications/initialized; the cursor stayed on tools/list, so up
        // to it first) as JSON, a field a line. A burst of keys as a terminal sends them (an
        // arrow, End, text, a Backspace), read one after another; then Enter sends what the
        // editor holds.
        from = app.mark();
        app.press('kkkkkkkk');
        await app.waitFor(/› ✓ notifications\/initialized/, from);
        from = app.mark();
        app.press('e');
        await app.waitFor(
          /The envelope as JSON, line 1 of 4[\s\S]*"method": "notifications\/initialized"/,
          from,
        );
        from = app.mark();
        app.press('\u001b[B\u001b[F "id": 99\u007f,');
        await app.waitFor(/line 2 of 4[\s\S]*"jsonrpc": "2.0", "id": 9,/, from);
        from = app.mark();
        app.press('\r');
        // JSON-RPC allows an id on any method, MCP not on a notification: not a valid MCP message
        // (the row is cut at 80 columns, in the rule's name).
        await app.waitFor(
          /→ client not a valid MCP message notifications\/initialized #9 ✗ invalid-envelop/,
          from,
        );
        app.press('q');
        expect(await app.exit()).toBe(0);
      } finally {
        app.kill();
      }
    },
    60_000,
  );

  it('says it needs a terminal and exits 2 without one', async () => {
    const result = await runCli(['sandbox'], { stdin: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcp-sim: the sandbox needs an interactive terminal: you choose each message with the keys (mcp-sim lesson <id> --plain prints a walkthrough instead)\n',
    );
    const unknown = await runCli(['sandbox', '--lesson', 'no-such-lesson'], { stdin: '' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown lesson "no-such-lesson"/);
    const mixed = await runCli(['sandbox', '--lesson', 'tools', '--era', 'modern'], { stdin: '' });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toBe(
      'mcp-sim: lesson tools ends in the handshake era, and the sandbox opens there; leave out --era\n',
    );
    // A 2026-07-28 lesson opens a modern sandbox: --era modern agrees with it (then a terminal is needed).
    const modern = await runCli(['sandbox', '--lesson', 'two-eras', '--era', 'modern'], {
      stdin: '',
    });
    expect(modern.code).toBe(2);
    expect(modern.stderr).toMatch(/the sandbox needs an interactive terminal/);
    const legacy = await runCli(['sandbox', '--lesson', 'multi-round-trip', '--era', 'legacy'], {
      stdin: '',
    });
    expect(legacy.stderr).toMatch(/lesson multi-round-trip ends in the 2026-07-28 era/);
  });
});
