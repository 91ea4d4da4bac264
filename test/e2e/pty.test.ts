import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, runCli } from '../helpers/cli.js';
import { hasScript, ScriptPty } from '../helpers/script-pty.js';
import { hasTmux, TmuxScreen } from '../helpers/tmux.js';

const screen = new TmuxScreen('mcp-sim-e2e');
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-e2e-'));

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

afterAll(async () => {
  if (hasTmux) await screen.kill();
  rmSync(work, { recursive: true, force: true });
});

/** The faults gallery at 80×24 in a fresh folder, in English, once its first step is on screen. */
async function faultsGallery(folder: string): Promise<ScriptPty> {
  const dir = mkdtempSync(join(work, folder));
  const env = ['env', '-u', 'NO_COLOR', '-u', 'LANG', '-u', 'LC_ALL', 'CI=0'];
  const app = new ScriptPty([...env, process.execPath, CLI, 'lesson', 'faults-gallery'], {
    cwd: dir,
    cols: 80,
    rows: 24,
  });
  try {
    await app.waitFor(/step 1\/39/, app.mark());
  } catch (error) {
    app.kill();
    throw error;
  }
  return app;
}

describe('the built CLI in a terminal', () => {
  it.skipIf(!hasTmux)(
    'menu → lesson → next → back to the menu → quit, at 80×24 (skipped without tmux)',
    async () => {
      // CI=0: with CI set, Ink shows nothing until exit. A fresh directory for .mcp-sim/progress.json.
      // The pane stays open after the app ends, showing its exit status.
      screen.start(`env -u NO_COLOR CI=0 ${process.execPath} ${CLI}`, {
        cwd: work,
        columns: 80,
        rows: 24,
      });
      const menu = await screen.waitFor(/↑\/↓ choose · Enter open · q quit/);
      expect(menu).toContain('mcp-sim — learn MCP one envelope at a time');
      expect(menu).toMatch(/› {2}1\. The first session +2025-11-25 · new/);

      screen.keys('Enter');
      const first = await screen.waitFor(/step 1\/10/);
      expect(first).toContain('"method": "initialize"');
      expect(first).toContain('q menu');

      screen.keys('n');
      const second = await screen.waitFor(/step 2\/10/);
      expect(second).toMatch(/client ● operation +server ● initialization/);
      expect(second).toContain('✓ allowed by the rules');
      for (const line of second.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      screen.keys('q');
      await screen.waitFor(/› {2}1\. The first session +2025-11-25 · in progress/);

      screen.keys('q');
      await screen.waitFor(/EXITED rc=0/);
      const progress = JSON.parse(readFileSync(join(work, '.mcp-sim', 'progress.json'), 'utf8'));
      expect(progress).toMatchObject({
        lessons: { 'first-session': { finished: false, lastStep: 1 } },
      });
      // No --lang given: the run chose no language, so it saved none (issue 17 › Language).
      expect(progress).not.toHaveProperty('lang');
      expect(progress).not.toHaveProperty('langChosen');
      await screen.kill();
      expect(screen.alive()).toBe(false);
    },
    60_000,
  );

  // The same walk through util-linux `script`, so machines without tmux (CI) still test a real pty.
  it.skipIf(!hasScript)(
    'menu → lesson → next → back → quit through `script`, at 80×24, in Chinese too',
    async () => {
      const dir = mkdtempSync(join(work, 'script-'));
      const env = ['env', '-u', 'NO_COLOR', '-u', 'LANG', '-u', 'LC_ALL', 'CI=0'];
      const app = new ScriptPty([...env, process.execPath, CLI, '--lang', 'zh'], {
        cwd: dir,
        cols: 80,
        rows: 24,
      });
      try {
        const menu = await app.waitFor(/回车 打开/);
        expect(menu).toContain('1. 第一次会话');
        let from = app.mark();
        app.press('\r');
        // the frame arrives in pieces: wait for its envelope, not only its header
        const first = await app.waitFor(/步骤 1\/10[\s\S]*"method": "initialize"/, from);
        expect(first).toContain('客户端 ● 初始化');
        from = app.mark();
        app.press('n');
        await app.waitFor(/步骤 2\/10/, from);
        from = app.mark();
        app.press('q');
        await app.waitFor(/回车 打开/, from);
        app.press('q');
        expect(await app.exit()).toBe(0);
      } finally {
        app.kill();
      }
      const progress = JSON.parse(readFileSync(join(dir, '.mcp-sim', 'progress.json'), 'utf8'));
      expect(progress).toMatchObject({
        lang: 'zh',
        lessons: { 'first-session': { finished: false, lastStep: 1 } },
      });
    },
    60_000,
  );

  it.skipIf(!hasScript)(
    'v lists the violations, Enter goes to one, ] to the next: the faults gallery at 80×24',
    async () => {
      const app = await faultsGallery('glance-');
      try {
        let from = app.mark();
        app.press('v');
        const list = await app.waitFor(/Violations \(22\)[\s\S]*step {2}10/, from);
        expect(list).toMatch(/✗ error +step +4 +duplicate-request-id/);
        expect(list).toMatch(/! warning +step +12 +resource-not-subscribed/);
        from = app.mark();
        app.press('\r');
        const fourth = await app.waitFor(/step 4\/39[\s\S]*duplicate-request-id/, from);
        expect(fourth).not.toContain('Violations (22)');
        from = app.mark();
        app.press(']');
        await app.waitFor(/step 6\/39[\s\S]*response-without-request/, from);
        app.press('q');
        expect(await app.exit()).toBe(0);
      } finally {
        app.kill();
      }
    },
    60_000,
  );

  it.skipIf(!hasScript)(
    'Tab focuses the envelope, e opens its field tree, / finds a field, q goes back: at 80×24',
    async () => {
      const app = await faultsGallery('inspect-');
      try {
        let from = app.mark();
        app.press(':35\r');
        // The lesson's own meaning of this step opens the envelope pane.
        await app.waitFor(
          /step 35\/39[\s\S]*\/id The bug: a notification never carries an id/,
          from,
        );
        from = app.mark();
        app.press('\t');
        await app.waitFor(/▶ envelope · client → server/, from);
        from = app.mark();
        app.press('e');
        const tree = await app.waitFor(/▶ fields · envelope[\s\S]*›▾ \{/, from);
        expect(tree).toContain('"method": "notifications/initialized"');
        from = app.mark();
        app.press('/id\r');
        await app.waitFor(/› +"id": 9[\s\S]*The bug: a notification never carries an id/, from);
        from = app.mark();
        app.press('q');
        // Back in the lesson, the envelope still has the focus; q now quits.
        await app.waitFor(/▶ envelope · client → server/, from);
        app.press('q');
        expect(await app.exit()).toBe(0);
      } finally {
        app.kill();
      }
    },
    60_000,
  );

  it('points at --plain and exits 2 without a terminal', async () => {
    const result = await runCli([], { stdin: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-sim: [^\n]*--plain[^\n]*\n$/);
    const lesson = await runCli(['lesson', 'first-session'], { stdin: '' });
    expect(lesson.code).toBe(2);
    expect(lesson.stderr).toContain('--plain');
  });
});
