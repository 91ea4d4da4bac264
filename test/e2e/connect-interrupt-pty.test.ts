import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { running, until } from '../helpers/processes.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

const work = terminalWorkdir('mcp-sim-connect-interrupt-');
const DEAF = resolve('test/fixtures/connect/deaf-server.mjs');

/**
 * `connect -- node deaf-server.mjs` at 80×24 (a server that answers nothing and ignores SIGINT,
 * SIGTERM and SIGHUP), in a shell that ignores SIGINT and prints connect's pid, its exit code and the
 * terminal's modes. Resolves once the spinner is drawn and the server runs.
 */
async function connecting(): Promise<{
  app: ScriptPty;
  connect: number;
  server: number;
  trace: string;
}> {
  const dir = mkdtempSync(join(work, 'run-'));
  const pidFile = join(dir, 'server.pid');
  const trace = join(dir, 'trace.jsonl');
  const cli = [...TERMINAL_ENV, process.execPath, CLI].map((word) => `'${word}'`).join(' ');
  const server = `-- '${process.execPath}' '${DEAF}' '${pidFile}'`;
  const args = `connect --era legacy --timeout 60000 --trace-file '${trace}' ${server}`;
  // `exec` keeps the inner shell's pid: the one it prints is connect's.
  const run = `sh -c 'echo "pid=$$"; exec "$@"' sh ${cli} ${args}`;
  const line = `trap '' INT; ${run}; echo "rc=$?"; stty -a`;
  const app = new ScriptPty(['sh', '-c', line], { cwd: dir, cols: 80, rows: 24 });
  try {
    const shown = await app.waitFor(/connecting to/);
    const connect = Number(/pid=(\d+)/.exec(shown)?.[1]);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'server up');
    return { app, connect, server: Number(readFileSync(pidFile, 'utf8')), trace };
  } catch (error) {
    app.kill();
    throw error;
  }
}

/**
 * A signal that ends `connect` while it waits for its server ends the server too, keeps the
 * --trace-file of what crossed so far (it was written only at the end: none at all), and leaves
 * the terminal as the shell had it. The server outlived connect, running with nobody to read it (the
 * terminal's SIGINT reaches it too, but it may ignore it; a SIGTERM to connect alone does not);
 * and a SIGTERM left the terminal raw, echo and line editing off, once the spinner was drawn.
 */
describe('connect, ended by a signal while it runs', () => {
  for (const { how, signal, code } of [
    { how: 'Ctrl+C', signal: null, code: 130 },
    { how: 'SIGTERM', signal: 'SIGTERM', code: 143 },
  ] as const) {
    it.skipIf(!hasScript || process.platform !== 'linux')(
      `${how}: ends with ${code}, the server killed, the terminal put back`,
      async () => {
        const { app, connect, server, trace } = await connecting();
        try {
          const from = app.mark();
          if (signal) process.kill(connect, signal);
          else app.press('\x03');
          const after = await app.waitFor(/rc=\d+[\s\S]*\becho(?:ctl|ke)\b[^\n]*\n/, from);
          expect(after).toContain(`rc=${code}`);
          expect(after).toMatch(/(?<!-)\becho\b/);
          expect(after).toMatch(/(?<!-)\bicanon\b/);
          await until(() => !running(server), 'the server ended', 5000);
          // What crossed before the signal is kept: the initialize the server never answered.
          const lines = readFileSync(trace, 'utf8').split('\n');
          expect(lines.pop()).toBe('');
          expect(lines.map((line) => JSON.parse(line))).toEqual([
            {
              direction: 'client->server',
              message: expect.objectContaining({ method: 'initialize' }),
            },
          ]);
        } finally {
          app.kill();
          if (running(server)) process.kill(server, 'SIGKILL');
        }
      },
      30_000,
    );
  }
});
