import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { hasTmux, TmuxScreen } from '../helpers/tmux.js';

const screen = new TmuxScreen('mcp-sim-live');
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-live-'));

afterAll(async () => {
  if (hasTmux) await screen.kill();
  rmSync(work, { recursive: true, force: true });
});

describe('serve --http 0 --ui in a terminal', () => {
  it.skipIf(!hasTmux)(
    'shows a real client’s session live at 80×24, and q stops the server (skipped without tmux)',
    async () => {
      const trace = join(work, 'live.jsonl');
      const log = join(work, 'stderr.txt');
      // CI=0: with CI set, Ink draws nothing until exit. stderr goes to a file to read afterwards.
      screen.start(
        `env -u NO_COLOR CI=0 ${process.execPath} ${CLI} serve --http 0 --ui --trace-file ${trace} 2>${log}`,
        { cwd: work, columns: 80, rows: 24 },
      );
      const waiting = await screen.waitFor(/Listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/);
      const url = /Listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(waiting)?.[1] as string;
      expect(waiting).toContain('s session · q quit');

      const transport = new StreamableHTTPClientTransport(new URL(url));
      const client = new Client({ name: 'pty-client', version: '1.0.0' });
      await client.connect(transport);
      const handshake = await screen.waitFor(/step 3\/3/);
      expect(handshake).toContain('Live: pty-client 1.0.0 ⇄ mcp-sim');
      expect(handshake).toMatch(/● live · session 1\/1 [0-9a-f]{8}/);
      expect(handshake).toContain('notifications/initialized');

      await client.callTool({ name: 'weather_current', arguments: { location: 'Tokyo' } });
      const call = await screen.waitFor(/step 5\/5/);
      expect(call).toContain('tools/call #1');
      expect(call).toContain('✓ allowed by the rules');
      for (const line of call.split('\n')) expect(line.length).toBeLessThanOrEqual(80);

      screen.keys('p');
      await screen.waitFor(/‖ paused at step 4 · 1 after it · G follows/);
      screen.keys('q');
      await screen.waitFor(/EXITED rc=0/);
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
