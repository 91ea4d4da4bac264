import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, WORK } from '../helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-serve-modern-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** Probes in place (a subclass): the session's own wire carries server/discover (stateless-era.md §2.3). */
class InPlaceStdio extends StdioV2 {}

/** An SDK v2 client in `auto` mode, spawning `mcp-sim serve` (the built CLI) over stdio. */
async function connectV2(args: string[] = [], inPlace = false): Promise<ClientV2> {
  const Transport = inPlace ? InPlaceStdio : StdioV2;
  const transport = new Transport({
    command: process.execPath,
    args: [CLI, 'serve', ...args],
    cwd: WORK,
    stderr: 'pipe',
  });
  const client = new ClientV2(
    { name: 'sdk-v2-test', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(transport);
  open.push(client);
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: Array<{ type: string; text: string }> }).content[0] as { text: string })
    .text;

describe('mcp-sim serve over stdio in the 2026-07-28 era', () => {
  it('gives an SDK v2 auto client a modern session: tools listed, called, progress reported', async () => {
    const file = join(dir, 'progress.jsonl');
    const client = await connectV2(['--trace-file', file]);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['calculator_arithmetic', 'weather_current', 'db_query']),
    );
    const sum = await client.callTool({
      name: 'calculator_arithmetic',
      arguments: { expression: '2 + 3 * 4' },
    });
    expect(textOf(sum)).toContain('14');
    const progress: number[] = [];
    const done = await client.callTool(
      { name: 'long_running_task', arguments: { steps: 3, delayMs: 150 } },
      { onprogress: (p: { progress: number }) => progress.push(p.progress) },
    );
    expect(textOf(done)).toContain('Finished all 3 steps');
    await client.close();
    // serve sent every step's progress, with the call's token, before the result (its trace)...
    type Line = { direction: string; message: Record<string, unknown> };
    const wire = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const call = wire.find(
      (l) => (l.message.params as { name?: string } | undefined)?.name === 'long_running_task',
    );
    const token = (call?.message.params as { _meta?: { progressToken?: unknown } })?._meta
      ?.progressToken;
    expect(token).toBeDefined();
    const after = wire.slice(wire.indexOf(call as Line) + 1);
    const answer = after.findIndex((l) => l.message.id === call?.message.id);
    const sent = after
      .slice(0, answer)
      .filter((l) => l.message.method === 'notifications/progress')
      .map((l) => l.message.params as { progressToken: unknown; progress: number });
    expect(sent).toEqual(
      [1, 2, 3].map((n) => expect.objectContaining({ progressToken: token, progress: n })),
    );
    // ...and the client got a prefix of them, in order. The SDK drops a progress that it reads in
    // one chunk with the result (TypeScript SDK #2580): serve leaves 25 ms between the last one and
    // the result, but a client whose process is busy (a loaded CI machine: one CI run got none of
    // the three) may read the tail, or all three, at once with it. What serve sent is proved above.
    expect(progress).toEqual([1, 2, 3].slice(0, progress.length));
  });

  it('its own modern traffic, probe included, breaks no rule of the referee', async () => {
    const file = join(dir, 'modern.jsonl');
    const client = await connectV2(['--trace-file', file], true);
    expect(client.getProtocolEra()).toBe('modern');
    await client.listTools();
    await client.callTool({ name: 'calculator_arithmetic', arguments: { expression: '1 + 1' } });
    await client.callTool(
      { name: 'long_running_task', arguments: { steps: 2, delayMs: 20 } },
      { onprogress: () => {} },
    );
    await client.listPrompts();
    await client.listResources();
    await client.close();
    const wire = readFileSync(file, 'utf8');
    expect(wire).toContain('"server/discover"');
    const traced = await runCli(['trace', file, '--json', '--strict']);
    const report = JSON.parse(traced.stdout) as {
      problems: unknown[];
      summary: { violations: number; era: string };
    };
    expect(report.problems).toEqual([]);
    expect(report.summary.violations).toBe(0);
    expect(report.summary.era).toBe('modern');
    expect(traced.code).toBe(0);
  });

  it('still gives the SDK v1 client a legacy session', async () => {
    const transport = new StdioV1({
      command: process.execPath,
      args: [CLI, 'serve'],
      cwd: WORK,
      stderr: 'pipe',
    });
    const client = new ClientV1({ name: 'sdk-v1-test', version: '1.0.0' });
    await client.connect(transport);
    open.push(client);
    expect(client.getServerVersion()).toEqual({ name: 'mcp-sim', version: '0.1.0' });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
  });

  it('--era legacy: a v2 auto client falls back to a legacy session', async () => {
    const client = await connectV2(['--era', 'legacy']);
    expect(client.getProtocolEra()).toBe('legacy');
    const sum = await client.callTool({
      name: 'calculator_arithmetic',
      arguments: { expression: '2 + 2' },
    });
    expect(textOf(sum)).toContain('4');
  });

  it('--era modern: an initialize gets -32022 naming the versions served', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const result = await runCli(['serve', '--era', 'modern'], {
      stdin: `${JSON.stringify(init)}\n`,
    });
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout.trim().split('\n')[0] ?? '{}');
    expect(answer.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
    const client = await connectV2(['--era', 'modern']);
    expect(client.getProtocolEra()).toBe('modern');
  });

  it('a change nobody is told of says why: the server lacks the capability, not the stream the filter', async () => {
    // The listen asks for both; --without leaves the server without tools.listChanged and
    // resources.subscribe, so its acknowledgment honours neither (subscriptions › Acknowledgment).
    // The tools' texts said the stream had not asked, which it had.
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'subscriptions/listen',
        params: {
          notifications: {
            toolsListChanged: true,
            resourceSubscriptions: ['file:///project/notes.txt'],
          },
          _meta: meta,
        },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'toggle_tool', arguments: { name: 'db_query' }, _meta: meta },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'add_note', arguments: { text: 'x' }, _meta: meta },
      },
    ];
    const result = await runCli(
      ['serve', '--without', 'tools.listChanged', '--without', 'resources.subscribe'],
      { stdin: `${lines.map((l) => JSON.stringify(l)).join('\n')}\n` },
    );
    const answers = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: number; params?: unknown; result?: unknown });
    expect(answers[0]?.params).toMatchObject({ notifications: {} });
    const said = (id: number) => JSON.stringify(answers.find((a) => a.id === id)?.result);
    expect(said(2)).toContain('this server declares no tools.listChanged');
    expect(said(2)).not.toContain('no subscriptions/listen stream asked');
    expect(said(3)).toContain('this server declares no resources.subscribe');
  });

  it('rejects a bad --era with a usage error (--era with --http: serve-http-modern.test.ts)', async () => {
    const bad = await runCli(['serve', '--era', 'future']);
    expect(bad.code).toBe(2);
    const help = await runCli(['serve', '--help']);
    expect(help.stdout).toMatch(/--era/);
  });
});
