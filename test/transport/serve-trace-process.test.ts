import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI, runCli, WORK } from '../helpers/cli.js';

const work = mkdtempSync(join(tmpdir(), 'mcp-sim-trace-process-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const methods = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).message.method)
    .filter(Boolean);

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'p', version: '1' },
  },
});

/** A `serve` process over stdio; resolves `answered` on its first line of stdout. */
function startStdio(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve', ...args], { cwd: WORK });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (b: Buffer) => {
    stdout += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    send: (line: string) => child.stdin?.write(`${line}\n`),
    end: () => child.stdin?.end(),
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

describe('serve --trace-file: one file per process', () => {
  it("an SDK v2 auto client's probe process and session process keep a file each", async () => {
    const file = join(work, 'v2.jsonl');
    // The base StdioClientTransport: the SDK probes in a short-lived sibling process first.
    const transport = new StdioV2({
      command: process.execPath,
      args: [CLI, 'serve', '--trace-file', file],
      cwd: WORK,
      stderr: 'pipe',
    });
    const client = new ClientV2(
      { name: 'sdk-v2', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(transport);
    expect(client.getProtocolEra()).toBe('modern');
    await client.listTools();
    await client.close();
    // The session is in the file named; the probe beside it, never mixed in.
    await vi.waitFor(() => expect(methods(file)).toEqual(['tools/list']), { timeout: 10_000 });
    const probe = join(work, 'v2.2.jsonl');
    expect(methods(probe)).toEqual(['server/discover']);
    for (const path of [file, probe]) {
      const traced = await runCli(['trace', path, '--strict']);
      expect(traced.code, traced.stdout).toBe(0);
    }
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('two processes at once: the second writes the next numbered file and says so', async () => {
    const file = join(work, 'two.jsonl');
    const first = startStdio(['--trace-file', file]);
    first.send(INIT);
    await vi.waitFor(() => expect(first.stdout()).toContain('"id":1'), { timeout: 10_000 });
    const second = startStdio(['--trace-file', file]);
    second.send(INIT);
    second.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    second.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    await vi.waitFor(() => expect(second.stdout()).toContain('"id":2'), { timeout: 10_000 });
    second.end();
    expect(await second.exited).toBe(0);
    first.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    first.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'prompts/list' }));
    first.end();
    expect(await first.exited).toBe(0);
    const later = join(work, 'two.2.jsonl');
    expect(second.stderr()).toContain(
      `--trace-file: ${file} is being written by another mcp-sim serve (pid `,
    );
    expect(second.stderr()).toContain(`this process records in ${later}`);
    expect(methods(file)).toEqual(['initialize', 'notifications/initialized', 'prompts/list']);
    expect(methods(later)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    // The first process is gone: a third run writes the file named again.
    const third = startStdio(['--trace-file', file]);
    third.send(INIT);
    third.end();
    expect(await third.exited).toBe(0);
    expect(methods(file)).toEqual(['initialize']);
    expect(third.stderr()).not.toContain('--trace-file');
  });
});

describe('serve over stdio: a line that is not UTF-8', () => {
  it('is a parse error (-32700), kept in the transcript as the line it was', async () => {
    const file = join(work, 'utf8.jsonl');
    const broken = Buffer.concat([
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"',
      ),
      Buffer.from([0xc3, 0x28]), // a lead byte without its continuation
      Buffer.from('","version":"1"}}}\n'),
    ]);
    const result = await runCli(['serve', '--trace-file', file], { stdin: broken });
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } }]);
    expect(result.stderr).toContain(
      'transport: client->server: a line that is not valid UTF-8 (MCP messages are UTF-8 text); answered -32700',
    );
    const first = JSON.parse(readFileSync(file, 'utf8').split('\n')[0] ?? '{}');
    expect(first.direction).toBe('client->server');
    // Not served as a message: the reason serve gave, and the lossy text it read.
    expect(first.message).toBeUndefined();
    expect(first.unreadable).toBe('not valid UTF-8 (MCP messages are UTF-8 text)');
    expect(first.text).toContain('\uFFFD');
    const traced = JSON.parse((await runCli(['trace', file, '--json'])).stdout);
    expect(traced.problems).toEqual([{ line: 1, message: first.unreadable }]);
  });
});
