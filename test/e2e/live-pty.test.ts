import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';

/** tmux gives `serve --http 0 --ui` a real terminal; machines without tmux skip, saying why. */
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const session = `mcp-sim-live-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-live-'));

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const alive = () => spawnSync('tmux', ['has-session', '-t', session]).status === 0;
const pane = () => tmux('capture-pane', '-p', '-t', session);

/** Polls the pane until `pattern` shows, up to a deadline (tmux has no event to wait on). */
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

afterAll(() => {
  if (hasTmux && alive()) spawnSync('tmux', ['kill-session', '-t', session]);
  rmSync(work, { recursive: true, force: true });
});

describe('serve --http 0 --ui in a terminal', () => {
  it.skipIf(!hasTmux)(
    'shows a real client’s session live at 80×24, and q stops the server (skipped without tmux)',
    async () => {
      const trace = join(work, 'live.jsonl');
      const log = join(work, 'stderr.txt');
      // CI=0: with CI set, Ink draws nothing until exit. stderr goes to a file to read afterwards.
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
        `env -u NO_COLOR CI=0 ${process.execPath} ${CLI} serve --http 0 --ui --trace-file ${trace} 2>${log}; echo "EXITED rc=$?"; sleep 30`,
      );
      const waiting = await waitForPane(/Listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
      const url = /Listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(waiting)?.[1] as string;
      expect(waiting).toContain('s session · q quit');

      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: 'pty-client', version: '1.0.0' });
      await client.connect(transport);
      const handshake = await waitForPane(/step 3\/3/);
      expect(handshake).toContain('Live: pty-client 1.0.0 ⇄ mcp-sim');
      expect(handshake).toMatch(/● live · session 1\/1 [0-9a-f]{8}/);
      expect(handshake).toContain('notifications/initialized');

      await client.callTool({ name: 'weather_current', arguments: { location: 'Tokyo' } });
      const call = await waitForPane(/step 5\/5/);
      expect(call).toContain('tools/call #1');
      expect(call).toContain('✓ allowed by the rules');
      for (const line of call.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      tmux('send-keys', '-t', session, 'p');
      await waitForPane(/‖ paused at step 4 · 1 new · G follows/);
      tmux('send-keys', '-t', session, 'q');
      await waitForPane(/EXITED rc=0/);
      await client.close();

      // The log lines waited until the screen was gone; the transcript is complete.
      const stderr = readFileSync(log, 'utf8');
      expect(stderr).toMatch(/^mcp-sim serve: listening on http:/);
      expect(stderr).toMatch(/session \S+ closed/);
      const lines = readFileSync(trace, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(5);
    },
    60_000,
  );
});
