/**
 * Records the three era sessions (see test/fixtures/real/README.md) over real stdio child processes:
 *
 * - `v2-modern`: SDK v2 `Client` (`versionNegotiation: {mode:'auto'}`) ↔ `recording-server-v2.ts`
 *   (`serveStdio`, dual-era). The probe runs in place, so `server/discover` is on the pipe.
 * - `v2-dual-everything`: the same client ↔ server-everything (legacy): probe → -32601 → initialize.
 * - `v1-legacy-v2-server`: SDK v1 `Client` ↔ `recording-server-v2.ts` (legacy session; the v2
 *   server's legacy shim turns `input_required` into real server→client requests).
 *
 * Used by `scripts/record.ts` (`npm run record`, or `npm run record -- eras` for these three only).
 */

import { join } from 'node:path';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport as TransportV1 } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  assert,
  CLIENT_INFO,
  type Entry,
  FAKE_PROJECT,
  isMethod,
  msg,
  ROOT_DIR,
  recordSession,
  sleep,
} from './record-shared.js';
import { RecordingTransport, type StdioLikeTransport } from './record-transport.js';

const SESSION_TIMEOUT_MS = 15_000;
const V2_SERVER = {
  command: process.execPath,
  args: ['--import', 'tsx', 'scripts/recording-server-v2.ts'],
};
const EVERYTHING = {
  command: process.execPath,
  args: [
    join('node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js'),
    'stdio',
  ],
};
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
const SAMPLED_TEXT = 'MCP lets hosts talk to tools over JSON-RPC.';

const C2S = 'client->server';
const S2C = 'server->client';

async function run(
  name: string,
  inner: StdioLikeTransport,
  body: (rec: RecordingTransport, notes: string[]) => Promise<void>,
  check: (entries: Entry[]) => void,
): Promise<void> {
  const rec = new RecordingTransport(inner);
  const notes: string[] = [];
  await recordSession(name, rec, notes, () => body(rec, notes), check, SESSION_TIMEOUT_MS);
}

const spawnV2 = (params: { command: string; args: string[] }) =>
  new StdioV2({ ...params, cwd: ROOT_DIR, stderr: 'pipe' });

function modernClient(notes: string[]): ClientV2 {
  const client = new ClientV2(CLIENT_INFO, {
    capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
    versionNegotiation: { mode: 'auto' },
  });
  client.onerror = (error) => notes.push(`client.onerror: ${error.message}`);
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { confirm: true },
  }));
  client.setRequestHandler('sampling/createMessage', async () => ({
    model: 'mcp-sim-fake-model',
    role: 'assistant',
    content: { type: 'text', text: SAMPLED_TEXT },
    stopReason: 'endTurn',
  }));
  client.setRequestHandler('roots/list', async () => ({
    roots: [{ uri: FAKE_PROJECT, name: 'project' }],
  }));
  return client;
}

async function recordV2Modern(): Promise<void> {
  await run(
    'v2-modern',
    spawnV2(V2_SERVER),
    async (rec, notes) => {
      const client = modernClient(notes);
      await client.connect(rec);
      assert(client.getProtocolEra() === 'modern', 'modern era negotiated');
      await client.listTools();
      const sub = await client.listen({ toolsListChanged: true });
      await client.callTool({ name: 'add-tool', arguments: {} });
      await rec.waitFor('tools/list_changed', isMethod(S2C, 'notifications/tools/list_changed'));
      await client.callTool({ name: 'count', arguments: { n: 3 } }, { onprogress: () => {} });
      await client.callTool({
        name: 'greet',
        arguments: { name: 'Ada' },
        _meta: { [LOG_LEVEL]: 'info' },
      });
      await client.callTool({ name: 'deploy', arguments: { env: 'staging' } });
      await client.callTool({ name: 'summarize', arguments: { topic: 'MCP' } });
      await client.callTool({ name: 'workspace', arguments: {} });
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort('User cancelled the operation'), 300);
      try {
        await client.callTool({ name: 'wait', arguments: { ms: 5000 } }, { signal: ac.signal });
      } catch {
        // expected: the SDK rejects the promise when the signal aborts
      } finally {
        clearTimeout(timer);
      }
      await sleep(300);
      await sub.close();
      await sleep(200);
      await client.close();
    },
    (entries) => {
      assert(
        msg(entries[0] as Entry).method === 'server/discover',
        'first message is server/discover',
      );
      for (const m of ['subscriptions/listen', 'tools/list']) {
        assert(entries.some(isMethod(C2S, m)), `${m} sent`);
      }
      for (const m of [
        'notifications/subscriptions/acknowledged',
        'notifications/progress',
        'notifications/message',
      ]) {
        assert(entries.some(isMethod(S2C, m)), `${m} received`);
      }
      const irq = entries.filter((e) => msg(e).result?.resultType === 'input_required');
      assert(irq.length === 3, `three input_required results (got ${irq.length})`);
      const cancels = entries.filter(isMethod(C2S, 'notifications/cancelled'));
      assert(cancels.length === 2, `two cancellations (call + listen) (got ${cancels.length})`);
      assert(
        !entries.some(
          (e) => e.direction === S2C && msg(e).method !== undefined && msg(e).id !== undefined,
        ),
        'no server requests',
      );
    },
  );
}

async function recordV2DualEverything(): Promise<void> {
  await run(
    'v2-dual-everything',
    spawnV2(EVERYTHING),
    async (rec, notes) => {
      const client = new ClientV2(CLIENT_INFO, {
        capabilities: {},
        versionNegotiation: { mode: 'auto' },
      });
      client.onerror = (error) => notes.push(`client.onerror: ${error.message}`);
      await client.connect(rec);
      assert(client.getProtocolEra() === 'legacy', 'legacy era after fallback');
      await client.listTools();
      await client.callTool(
        { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } },
        { onprogress: () => {} },
      );
      await sleep(100);
      await client.close();
    },
    (entries) => {
      assert(msg(entries[0] as Entry).method === 'server/discover', 'probe first');
      assert(msg(entries[1] as Entry).error !== undefined, 'probe answered with an error');
      assert(msg(entries[2] as Entry).method === 'initialize', 'fallback to initialize');
      const progress = entries.filter(isMethod(S2C, 'notifications/progress'));
      assert(progress.length === 3, `3 progress notifications (got ${progress.length})`);
    },
  );
}

async function recordV1LegacyV2Server(): Promise<void> {
  const inner = new StdioV1({ ...V2_SERVER, cwd: ROOT_DIR, stderr: 'pipe' });
  await run(
    'v1-legacy-v2-server',
    inner,
    async (rec, notes) => {
      const client = new ClientV1(CLIENT_INFO, { capabilities: { elicitation: {}, sampling: {} } });
      client.onerror = (error) => notes.push(`client.onerror: ${error.message}`);
      client.setRequestHandler(ElicitRequestSchema, async () => ({
        action: 'accept',
        content: { confirm: true },
      }));
      client.setRequestHandler(CreateMessageRequestSchema, async () => ({
        model: 'mcp-sim-fake-model',
        role: 'assistant',
        content: { type: 'text', text: SAMPLED_TEXT },
        stopReason: 'endTurn',
      }));
      await client.connect(rec as unknown as TransportV1);
      await client.listTools();
      await client.callTool({ name: 'count', arguments: { n: 3 } }, undefined, {
        onprogress: () => {},
      });
      await client.setLoggingLevel('info');
      await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      await client.callTool({ name: 'deploy', arguments: { env: 'staging' } });
      await client.callTool({ name: 'summarize', arguments: { topic: 'MCP' } });
      await client.close();
    },
    (entries) => {
      assert(msg(entries[0] as Entry).method === 'initialize', 'initialize first');
      for (const m of ['elicitation/create', 'sampling/createMessage']) {
        assert(entries.some(isMethod(S2C, m)), `server sent ${m}`);
      }
      const progress = entries.filter(isMethod(S2C, 'notifications/progress'));
      assert(progress.length === 3, `3 progress notifications (got ${progress.length})`);
      assert(!entries.some((e) => msg(e).method === 'server/discover'), 'no probe');
    },
  );
}

/** Records the three sessions one after another; returns the failures (empty when all worked). */
export async function recordEraSessions(): Promise<string[]> {
  const failures: string[] = [];
  for (const record of [recordV2Modern, recordV2DualEverything, recordV1LegacyV2Server]) {
    try {
      await record();
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return failures;
}
