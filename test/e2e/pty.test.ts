import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, runCli } from '../helpers/cli.js';
import { hasScript, ScriptPty } from '../helpers/script-pty.js';

/** tmux gives the built CLI a real pseudo-terminal; CI machines without it skip, saying why. */
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const session = `mcp-sim-e2e-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-e2e-'));

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const pane = () => tmux('capture-pane', '-p', '-t', session);
const alive = () => spawnSync('tmux', ['has-session', '-t', session]).status === 0;

/** Polls the pane until `pattern` shows (or the session is gone), up to a deadline. */
async function waitForPane(pattern: RegExp, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    last = alive() ? pane() : last;
    if (pattern.test(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the pane never showed ${pattern}; last screen:\n${last}`);
}

async function waitForExit(ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

afterAll(() => {
  if (hasTmux && alive()) spawnSync('tmux', ['kill-session', '-t', session]);
  rmSync(work, { recursive: true, force: true });
});

describe('the built CLI in a terminal', () => {
  it.skipIf(!hasTmux)(
    'menu → lesson → next → back to the menu → quit, at 80×24 (skipped without tmux)',
    async () => {
      // CI=0: with CI set, Ink shows nothing until exit. A fresh directory for .mcp-sim/progress.json.
      // The `; echo` keeps the pane open after the app ends, to read its exit status.
      tmux(
        'new-session',
        '-d',
        '-x',
        '80',
        '-y',
        '24',
        '-s',
        session,
        '-c',
        work,
        `env -u NO_COLOR CI=0 ${process.execPath} ${CLI}; echo "EXITED rc=$?"; sleep 30`,
      );
      const menu = await waitForPane(/↑\/↓ choose · Enter open · q quit/);
      expect(menu).toContain('mcp-sim — learn MCP one envelope at a time');
      expect(menu).toMatch(/› 1\. The first session +new/);

      tmux('send-keys', '-t', session, 'Enter');
      const first = await waitForPane(/step 1\/10/);
      expect(first).toContain('"method": "initialize"');
      expect(first).toContain('q menu');

      tmux('send-keys', '-t', session, 'n');
      const second = await waitForPane(/step 2\/10/);
      expect(second).toMatch(/client ● operation +server ● initialization/);
      expect(second).toContain('✓ allowed by the rules');
      for (const line of second.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      tmux('send-keys', '-t', session, 'q');
      await waitForPane(/› 1\. The first session +in progress/);

      tmux('send-keys', '-t', session, 'q');
      await waitForPane(/EXITED rc=0/);
      const progress = JSON.parse(readFileSync(join(work, '.mcp-sim', 'progress.json'), 'utf8'));
      expect(progress).toMatchObject({
        lang: 'en',
        lessons: { 'first-session': { finished: false, lastStep: 1 } },
      });
      spawnSync('tmux', ['kill-session', '-t', session]);
      await waitForExit();
      expect(alive()).toBe(false);
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
        const first = await app.waitFor(/步骤 1\/10/, from);
        expect(first).toContain('"method": "initialize"');
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

  it('points at --plain and exits 2 without a terminal', async () => {
    const result = await runCli([], { stdin: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-sim: [^\n]*--plain[^\n]*\n$/);
    const lesson = await runCli(['lesson', 'first-session'], { stdin: '' });
    expect(lesson.code).toBe(2);
    expect(lesson.stderr).toContain('--plain');
  });
});
