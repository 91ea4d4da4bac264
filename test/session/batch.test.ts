import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BATCH_PROBLEM,
  batchProblem,
  readTranscript,
  SessionLog,
  type Step,
  traceProblemOf,
} from '../../src/session/index.js';
import { runCli } from '../helpers/cli.js';

const initialize = (version: string, id = 0) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
});
const result = (version: string, id = 0) => ({
  jsonrpc: '2.0',
  id,
  result: {
    protocolVersion: version,
    capabilities: { tools: {} },
    serverInfo: { name: 's', version: '1' },
  },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

/** A session of `version` after its handshake, then the lines given, as a transcript's bare lines. */
function transcript(version: string, ...more: unknown[]): Step[] {
  const lines = [initialize(version), result(version), initialized, ...more];
  const log = new SessionLog();
  readTranscript(
    lines.map((value, i) => ({ line: i + 1, text: JSON.stringify(value) })),
    log,
  );
  return [...log.steps];
}

describe('a JSON-RPC batch (2025-03-26 basic/index › Batching)', () => {
  it('is read, in a 2025-03-26 session, as its messages: a step each, on the same line, in order', () => {
    const steps = transcript(
      '2025-03-26',
      [list(1), ping(2)],
      [
        { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        { jsonrpc: '2.0', id: 2, result: {} },
      ],
    );
    const batch = steps.slice(3);
    expect(batch.map((s) => [s.kind, s.line, s.batch, s.direction])).toEqual([
      ['message', 4, { index: 0, size: 2 }, 'client->server'],
      ['message', 4, { index: 1, size: 2 }, 'client->server'],
      ['message', 5, { index: 0, size: 2 }, 'server->client'],
      ['message', 5, { index: 1, size: 2 }, 'server->client'],
    ]);
    // Each message judged as if alone: the answers answer the requests, and nothing is broken.
    expect(batch.map((s) => [s.verdict?.method, s.verdict?.violations.length])).toEqual([
      ['tools/list', 0],
      ['ping', 0],
      ['tools/list', 0],
      ['ping', 0],
    ]);
    expect(steps.slice(0, 3).every((s) => s.batch === null)).toBe(true);
  });

  it('is one unreadable line in a session of a revision without batches, as its peer reads it', () => {
    const later = transcript('2025-11-25', [ping(1), ping(2)]);
    expect(later.slice(3).map((s) => [s.kind, s.problem, s.line])).toEqual([
      ['unreadable', BATCH_PROBLEM.en, 4],
    ]);
    const earlier = transcript('2024-11-05', [ping(1), ping(2)]);
    expect(earlier.at(-1)?.problem).toBe(
      "a batch (JSON-RPC batches came in 2025-03-26; this session's revision 2024-11-05 has none)",
    );
    // Unread, so the pings inside it were never sent: ids 1 and 2 are still free.
    const log = new SessionLog();
    readTranscript(
      [initialize('2025-11-25'), result('2025-11-25'), initialized, [ping(1)], ping(1)].map(
        (value, i) => ({ line: i + 1, text: JSON.stringify(value) }),
      ),
      log,
    );
    expect(log.steps.at(-1)?.verdict?.violations).toEqual([]);
  });

  it('goes by the negotiated version, not the one offered', () => {
    const log = new SessionLog();
    for (const message of [initialize('2025-03-26'), result('2024-11-05'), initialized]) {
      log.push({ type: 'message', direction: null, message });
    }
    expect(log.push({ type: 'message', direction: null, message: [ping(1)] }).kind).toBe(
      'unreadable',
    );
  });

  it('reads a batch that holds initialize offering 2025-03-26, and the referee flags it', () => {
    const log = new SessionLog();
    const steps = log.pushAll({
      type: 'message',
      direction: null,
      message: [initialize('2025-03-26')],
    });
    expect(steps).toHaveLength(1);
    expect(steps[0]?.verdict?.violations.map((v) => v.rule)).toEqual(['initialize-in-batch']);
    // The same initialize on its own is clean.
    const alone = new SessionLog().push({
      type: 'message',
      direction: null,
      message: initialize('2025-03-26'),
    });
    expect(alone.verdict?.violations).toEqual([]);
  });

  it('a batch holding initialize refused as a whole (one -32600, id null): the handshake starts over', () => {
    const log = new SessionLog();
    log.pushAll({
      type: 'message',
      direction: 'client->server',
      message: [initialize('2025-03-26', 1)],
    });
    const refusal = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
    expect(
      log.push({ type: 'message', direction: 'server->client', message: refusal }).verdict
        ?.violations,
    ).toEqual([]);
    // Nothing of it was processed: initialize on its own line is the client's first, not a second.
    const again = log.push({
      type: 'message',
      direction: 'client->server',
      message: initialize('2025-03-26', 2),
    });
    expect(again.verdict?.violations).toEqual([]);
    expect(
      log.push({ type: 'message', direction: 'server->client', message: result('2025-03-26', 2) })
        .verdict?.violations,
    ).toEqual([]);
    expect(
      log.push({ type: 'message', direction: 'client->server', message: initialized }).verdict
        ?.violations,
    ).toEqual([]);
    expect(log.view().pending).toEqual([]);
  });

  it('a batch holding initialize refused member by member (an array, each error with its id): the handshake failed', () => {
    const log = new SessionLog();
    log.pushAll({
      type: 'message',
      direction: 'client->server',
      message: [initialize('2025-03-26', 1), ping(2)],
    });
    const refused = (id: number) => ({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: 'Invalid Request: initialize MUST NOT be part of a batch' },
    });
    const answers = log.pushAll({
      type: 'message',
      direction: 'server->client',
      message: [refused(1), refused(2)],
    });
    expect(answers.map((s) => s.verdict?.violations)).toEqual([[], []]);
    expect(log.view().handshake.initialize).toBe('failed');
    // The refused initialize was its answer: the next one, on its own line, is no duplicate.
    const again = log.push({
      type: 'message',
      direction: 'client->server',
      message: initialize('2025-03-26', 3),
    });
    expect(again.verdict?.violations).toEqual([]);
    expect(
      log.push({ type: 'message', direction: 'server->client', message: result('2025-03-26', 3) })
        .verdict?.violations,
    ).toEqual([]);
    expect(log.view().pending).toEqual([]);
  });

  it('not an initialize sent on its own line: a -32600 with id null answers no request of it', () => {
    const log = new SessionLog();
    log.push({
      type: 'message',
      direction: 'client->server',
      message: initialize('2025-03-26', 1),
    });
    log.push({
      type: 'message',
      direction: 'server->client',
      message: { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } },
    });
    const again = log.push({
      type: 'message',
      direction: 'client->server',
      message: initialize('2025-03-26', 2),
    });
    expect(again.verdict?.violations.map((v) => v.rule)).toEqual(['duplicate-initialize']);
  });

  it('is never read by a log that reads no batch (outside any HTTP session), initialize or not', () => {
    const log = new SessionLog({ readsBatches: false });
    const batch = [initialize('2025-03-26'), ping(1)];
    expect(log.batchProblem(batch)?.en).toMatch(/^a batch before any revision is agreed/);
    const steps = log.pushAll({ type: 'message', direction: 'client->server', message: batch });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: 'unreadable', raw: batch });
    expect(steps[0]?.problem).toMatch(/^a batch before any revision is agreed/);
    // Nothing of it opened a session: a batch after it is read no differently.
    expect(log.batchProblem([ping(2)])?.en).toMatch(/^a batch before any revision is agreed/);
  });

  it('names which member of a batch is not a JSON-RPC message', () => {
    const steps = transcript('2025-03-26', [ping(1), { jsonrpc: '1.0', id: 2, method: 'ping' }]);
    const broken = steps.at(-1);
    expect(broken && traceProblemOf(broken)).toEqual({
      line: 4,
      message:
        'not a JSON-RPC message: "jsonrpc" must be exactly "2.0" (at /jsonrpc) (message 2 of the batch of 2)',
      messageZh: expect.stringContaining('（批量消息 2 条中的第 2 条）'),
    });
  });

  it('an empty array, or one before any revision, is not read', () => {
    expect(batchProblem('2025-03-26', 0)?.en).toMatch(/empty batch/);
    expect(batchProblem(null, 1)?.en).toMatch(/before any revision/);
    expect(batchProblem('2026-07-28', 2)).toBe(BATCH_PROBLEM);
    expect(batchProblem('2025-03-26', 2)).toBeNull();
    const log = new SessionLog();
    expect(log.push({ type: 'message', direction: null, message: [ping(1)] }).problem).toMatch(
      /before any revision/,
    );
  });

  it('trace labels each message of the batch with its line, and names its place in the text report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-batch-'));
    const file = join(dir, 'batch.jsonl');
    const lines = [
      initialize('2025-03-26'),
      result('2025-03-26'),
      initialized,
      [list(1), ping(2)],
      [
        { jsonrpc: '2.0', id: 1, result: { tools: [] } },
        { jsonrpc: '2.0', id: 2, result: {} },
      ],
    ];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const json = await runCli(['trace', file, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      messages: { line: number; method: string; kind: string }[];
      problems: unknown[];
    };
    expect(report.problems).toEqual([]);
    expect(report.messages.slice(3).map((m) => [m.line, m.kind, m.method])).toEqual([
      [4, 'request', 'tools/list'],
      [4, 'request', 'ping'],
      [5, 'response', 'tools/list'],
      [5, 'response', 'ping'],
    ]);
    const text = await runCli(['trace', file]);
    expect(text.stdout).toMatch(/ping #2 \[batch 2\/2\]/);
    // The handout names each message's place too, in either language.
    const handout = await runCli(['play', file, '--plain']);
    expect(handout.stdout).toContain(
      '## step 5 · client → server · `ping #2` (request) · batch 2/2',
    );
    const zh = await runCli(['play', file, '--plain', '--lang', 'zh']);
    expect(zh.stdout).toContain(
      '## 步骤 6 · 服务器 → 客户端 · `tools/list #1`（回应） · 批量消息 1/2',
    );
  });
});

describe('what the simulated server answers to an array it cannot take as a batch', () => {
  /** The server after a handshake at `version` (or none), then the one array line; its answer. */
  async function answerTo(version: string | null, line: string): Promise<unknown> {
    const { SimServer } = await import('../../src/sim/server/sim-server.js');
    const { serverConfigSchema } = await import('../../src/sim/scenario/schema.js');
    const server = new SimServer(
      serverConfigSchema.parse({
        versions: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      }),
    );
    if (version !== null) {
      server.receive(initialize(version), 0);
      server.next();
      server.receive(initialized, 0);
    }
    server.receiveRaw(line, 1);
    return server.take()?.message;
  }
  const errorText = (answer: unknown) =>
    (answer as { error: { code: number; message: string } }).error;

  it('an empty array is an invalid request in every revision, 2025-03-26 too (JSON-RPC 2.0 › Batch)', async () => {
    expect(errorText(await answerTo('2025-03-26', '[]'))).toEqual({
      code: -32600,
      message: 'Invalid Request: an empty batch',
    });
    expect(errorText(await answerTo('2025-11-25', '[]')).message).toBe(
      'Invalid Request: an empty batch',
    );
  });

  it('says why a batch is refused: removed, not yet there, or no revision agreed', async () => {
    const batch = JSON.stringify([ping(5)]);
    expect(errorText(await answerTo('2025-11-25', batch)).message).toMatch(/removed in 2025-06-18/);
    expect(errorText(await answerTo('2024-11-05', batch)).message).toMatch(/2024-11-05 has none/);
    expect(errorText(await answerTo(null, batch)).message).toMatch(/no revision agreed yet/);
    // And a batch in 2025-03-26 is taken: the answer is an array.
    expect(Array.isArray(await answerTo('2025-03-26', batch))).toBe(true);
  });
});
