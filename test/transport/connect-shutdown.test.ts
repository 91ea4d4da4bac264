import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../helpers/cli.js';
import { running, until } from '../helpers/processes.js';

const SERVER = join(ROOT, 'test', 'fixtures', 'connect', 'shutdown-server.mjs');
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-shutdown-'));

/** `connect --plain --era legacy <options> -- <command>` in `dir`, without colour. */
function spawnConnect(
  dir: string,
  options: readonly string[],
  command: readonly string[],
  stdio: 'pipe',
): ChildProcessWithoutNullStreams;
function spawnConnect(
  dir: string,
  options: readonly string[],
  command: readonly string[],
  stdio: 'ignore',
): ChildProcess;
function spawnConnect(
  dir: string,
  options: readonly string[],
  command: readonly string[],
  stdio: 'ignore' | 'pipe',
): ChildProcess {
  return spawn(
    process.execPath,
    [CLI, 'connect', '--plain', '--era', 'legacy', ...options, '--', ...command],
    { cwd: dir, stdio, env: { ...process.env, NO_COLOR: '1' } },
  );
}

/**
 * `connect --plain` against shutdown-server.mjs (it answers nothing and records how it was asked
 * to end); `signal` is sent to connect once the server runs (none: the initialize times out after
 * `--timeout`, and the session ends as usual). Resolves with how connect ended, the record, and the
 * --trace-file's lines.
 */
async function connectTo(
  mode: 'polite' | 'stubborn',
  signal: NodeJS.Signals | null,
  againAfterMs: number | null = null,
): Promise<{
  code: number | null;
  signal: string | null;
  record: string[];
  trace: string[];
  ms: number;
}> {
  const dir = mkdtempSync(join(work, 'run-'));
  const [pidFile, recordFile, trace] = ['server.pid', 'record', 'trace.jsonl'].map((f) =>
    join(dir, f),
  );
  const timeout = signal ? '60000' : '300';
  const child = spawnConnect(
    dir,
    ['--timeout', timeout, '--trace-file', trace as string],
    [process.execPath, SERVER, pidFile as string, recordFile as string, mode],
    'ignore',
  );
  const ended = new Promise<[number | null, string | null]>((resolve) =>
    child.on('exit', (code, sig) => resolve([code, sig])),
  );
  let server = 0;
  try {
    await until(
      () => existsSync(pidFile as string) && readFileSync(pidFile as string, 'utf8') !== '',
      'server up',
    );
    server = Number(readFileSync(pidFile as string, 'utf8'));
    const start = Date.now();
    if (signal) child.kill(signal);
    if (signal && againAfterMs !== null) {
      await new Promise((done) => setTimeout(done, againAfterMs));
      child.kill(signal);
    }
    const [code, sig] = await ended;
    const ms = Date.now() - start;
    await until(() => !running(server), 'the server ended', 5000);
    const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
    return {
      code,
      signal: sig,
      record: lines(recordFile as string),
      trace: lines(trace as string),
      ms,
    };
  } finally {
    child.kill('SIGKILL');
    if (server && running(server)) process.kill(server, 'SIGKILL');
  }
}

/**
 * 2025-11-25 basic/lifecycle › Shutdown › stdio: the client closes the server's stdin, waits for it
 * to exit, sends SIGTERM if it has not exited within a reasonable time, then SIGKILL. connect does
 * so at the end of a session and, with short waits, when a signal ends it (it killed the server
 * with SIGKILL at once, which no server can notice: a polite one never saw its stdin close).
 */
describe('connect shuts its stdio server down as the spec says', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`${signal} to connect: the server's stdin is closed and it exits by itself; connect ends by the signal, the trace kept`, async () => {
      const run = await connectTo('polite', signal);
      expect(run.record).toEqual(['stdin closed']);
      expect(run.signal).toBe(signal);
      // What crossed before the signal: the initialize the server never answered.
      expect(run.trace.map((l) => JSON.parse(l).message.method)).toEqual(['initialize']);
    }, 20_000);
  }

  it('SIGTERM to connect, a server that outlives its stdin: it gets SIGTERM after a short wait', async () => {
    const run = await connectTo('stubborn', 'SIGTERM');
    expect(run.record).toEqual(['stdin closed', 'SIGTERM']);
    expect(run.signal).toBe('SIGTERM');
    // One short wait (500 ms), not the end of a session's 2 s ones.
    expect(run.ms).toBeLessThan(1800);
  }, 20_000);

  it('a second signal during the shutdown does not wait: the server is killed at once', async () => {
    const run = await connectTo('stubborn', 'SIGTERM', 100);
    // Its stdin was closed; SIGKILL came before the SIGTERM that was 500 ms away.
    expect(run.record).toEqual(['stdin closed']);
    expect(run.signal).toBe('SIGTERM');
    expect(run.ms).toBeLessThan(450);
  }, 20_000);

  it('at the end of a session: stdin closed, then (the server still running) SIGTERM', async () => {
    const polite = await connectTo('polite', null);
    expect(polite.record).toEqual(['stdin closed']);
    expect(polite.code).toBe(1);
    const stubborn = await connectTo('stubborn', null);
    expect(stubborn.record).toEqual(['stdin closed', 'SIGTERM']);
    expect(stubborn.code).toBe(1);
  }, 30_000);
});

/**
 * `connect` of the stubborn server (it outlives its stdin and records the signals it hears, but
 * ends on none but SIGKILL) started through `sh -c <script>`, a wrapper that neither execs the
 * server nor passes a signal on. Resolves with connect's exit code (or 'still running' after
 * 12 s), its stdout, the server's record and whether the server is still running after it.
 */
async function wrapped(script: string) {
  const dir = mkdtempSync(join(work, 'wrapped-'));
  const [pidFile, recordFile] = ['server.pid', 'record'].map((f) => join(dir, f)) as [
    string,
    string,
  ];
  const child = spawnConnect(
    dir,
    ['--timeout', '300'],
    ['sh', '-c', script, process.execPath, SERVER, pidFile, recordFile, 'stubborn'],
    'pipe',
  );
  let stdout = '';
  child.stdout.on('data', (b: Buffer) => {
    stdout += b.toString();
  });
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
  let server = 0;
  try {
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'server up');
    server = Number(readFileSync(pidFile, 'utf8'));
    const code = await Promise.race([
      ended,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 12_000)),
    ]);
    // A killed process is gone a moment after the pipes it held close.
    let alive = running(server);
    for (let i = 0; alive && i < 20; i++) {
      await new Promise((done) => setTimeout(done, 50));
      alive = running(server);
    }
    return {
      code,
      stdout: stdout.replace(/\s+/g, ' '),
      record: readFileSync(recordFile, 'utf8').split('\n').filter(Boolean),
      alive,
    };
  } finally {
    child.kill('SIGKILL');
    if (server && running(server)) process.kill(server, 'SIGKILL');
  }
}

/**
 * A server started through a wrapper that neither execs it nor passes SIGTERM on (`sh -c '…; …'`,
 * a script, a launcher). connect starts the server's command in a process group of its own and
 * sends the shutdown's signals to the group, so they reach the server behind the wrapper. Before,
 * they reached the wrapper alone: the server kept running and connect waited for the stdout it
 * held (for ever for this one).
 */
describe('connect and a server behind a wrapper that does not exec it', () => {
  it('the shutdown reaches the server behind the wrapper: SIGTERM, then SIGKILL; connect ends and nothing is left running', async () => {
    const run = await wrapped('"$0" "$@"; true');
    expect(run.code).toBe(1);
    expect(run.record).toEqual(['stdin closed', 'SIGTERM']);
    expect(run.alive).toBe(false);
    expect(run.stdout).not.toContain('stdout stayed open');
  }, 30_000);

  it.skipIf(process.platform !== 'linux')(
    'a server that left the group (setsid): connect stops reading the pipes it holds, ends, and says why',
    async () => {
      const run = await wrapped('setsid -w "$0" "$@"; true');
      expect(run.code).toBe(1);
      // No signal of the shutdown reached it: it is in a session of its own.
      expect(run.record).toEqual(['stdin closed']);
      expect(run.stdout).toContain(
        "The server's process (sh) ended, but its stdout stayed open: a process it started still held it",
      );
    },
    30_000,
  );
});
