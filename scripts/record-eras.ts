/**
 * Records the four era sessions (see test/fixtures/real/README.md) over real stdio child processes:
 *
 * - `v2-modern`: SDK v2 `Client` (`versionNegotiation: {mode:'auto'}`) ↔ `recording-server-v2.ts`
 *   (`serveStdio`, dual-era). The probe runs in place, so `server/discover` is on the pipe.
 * - `v2-dual-everything`: the same client ↔ server-everything (legacy): probe → -32601 → initialize.
 * - `v1-legacy-v2-server`: SDK v1 `Client` ↔ `recording-server-v2.ts` (legacy session; the v2
 *   server's legacy shim turns `input_required` into real server→client requests).
 * - `v2-client-mcp-sim`: the same v2 client ↔ mcp-sim's own `serve` (from source), modern era.
 *
 * Used by `scripts/record.ts` (`npm run record`, `npm run record -- eras` for these four only, or
 * `npm run record -- eras v2-client-mcp-sim` for the named ones).
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
/** mcp-sim's own server, run from source like the recording server. */
const MCP_SIM_SERVE = {
  command: process.execPath,
  args: ['--import', 'tsx', 'src/cli/main.ts', 'serve'],
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

/**
 * The v2 client of the modern sessions. `accepted` is what the user "enters" for any elicitation;
 * it must fit the form the server asks for, because neither SDK v2 nor every server checks it
 * against `requestedSchema` (both only SHOULD, client/elicitation.mdx › Security).
 */
function modernClient(
  notes: string[],
  accepted: Record<string, string | number | boolean> = { confirm: true },
): ClientV2 {
  const client = new ClientV2(CLIENT_INFO, {
    capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
    versionNegotiation: { mode: 'auto' },
  });
  client.onerror = (error) => notes.push(`client.onerror: ${error.message}`);
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: accepted,
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

/** Aborts a call after `ms`; the SDK rejects its promise then, which is the expected outcome. */
async function callAndAbort(call: (signal: AbortSignal) => Promise<unknown>, ms: number) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort('User cancelled the operation'), ms);
  try {
    await call(ac.signal);
  } catch {
    // expected: the SDK rejects the promise when the signal aborts
  } finally {
    clearTimeout(timer);
  }
}

/** How both modern sessions end: a long call cancelled, the listen stream closed, then the client. */
async function endModernSession(
  client: ClientV2,
  sub: { close(): Promise<void> },
  longCall: { name: string; arguments: Record<string, unknown> },
): Promise<void> {
  await callAndAbort((signal) => client.callTool(longCall, { signal }), 300);
  await sleep(300);
  await sub.close();
  await sleep(200);
  await client.close();
}

/**
 * What every modern recording must hold: the probe first, the server's `notifications` named,
 * three input_required rounds, two cancellations (the call and the listen stream), and no request
 * from the server (2026-07-28 servers send none).
 */
function checkModernSession(entries: Entry[], received: readonly string[]): void {
  assert(msg(entries[0] as Entry).method === 'server/discover', 'first message is server/discover');
  for (const m of received) assert(entries.some(isMethod(S2C, m)), `${m} received`);
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
      await endModernSession(client, sub, { name: 'wait', arguments: { ms: 5000 } });
    },
    (entries) => {
      for (const m of ['subscriptions/listen', 'tools/list']) {
        assert(entries.some(isMethod(C2S, m)), `${m} sent`);
      }
      checkModernSession(entries, [
        'notifications/subscriptions/acknowledged',
        'notifications/progress',
        'notifications/message',
      ]);
    },
  );
}

async function recordV2McpSim(): Promise<void> {
  await run(
    'v2-client-mcp-sim',
    spawnV2(MCP_SIM_SERVE),
    async (rec, notes) => {
      // collect_feedback's form asks for a required integer rating (1–5) and a comment.
      const client = modernClient(notes, { rating: 5, comment: 'Clear!' });
      await client.connect(rec);
      assert(client.getProtocolEra() === 'modern', 'modern era negotiated');
      await client.listTools();
      const sub = await client.listen({ toolsListChanged: true });
      await client.callTool({ name: 'toggle_tool', arguments: { name: 'db_query' } });
      await rec.waitFor('tools/list_changed', isMethod(S2C, 'notifications/tools/list_changed'));
      await client.callTool(
        { name: 'long_running_task', arguments: { steps: 3, delayMs: 50 } },
        { onprogress: () => {} },
      );
      await client.callTool({
        name: 'summarize_text',
        arguments: { text: 'MCP is a protocol that lets hosts use tools over JSON-RPC.' },
      });
      await client.callTool({ name: 'collect_feedback', arguments: { topic: 'MCP' } });
      await client.callTool({ name: 'list_project_roots', arguments: {} });
      await client.callTool({
        name: 'calculator_arithmetic',
        arguments: { expression: '6*7' },
        _meta: { [LOG_LEVEL]: 'debug' },
      });
      await endModernSession(client, sub, {
        name: 'long_running_task',
        arguments: { steps: 20, delayMs: 200 },
      });
    },
    (entries) => {
      checkModernSession(entries, [
        'notifications/subscriptions/acknowledged',
        'notifications/tools/list_changed',
        'notifications/progress',
        'notifications/message',
      ]);
      const cancels = entries.filter(isMethod(C2S, 'notifications/cancelled'));
      // stdio.mdx › Cancellation: no further message for the cancelled call (nor for the stream).
      const firstCancel = entries.indexOf(cancels[0] as Entry);
      assert(
        !entries.slice(firstCancel).some((e) => e.direction === S2C),
        'nothing from the server after the cancellations',
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

const ERA_SESSIONS = {
  'v2-modern': recordV2Modern,
  'v2-dual-everything': recordV2DualEverything,
  'v1-legacy-v2-server': recordV1LegacyV2Server,
  'v2-client-mcp-sim': recordV2McpSim,
} as const satisfies Record<string, () => Promise<void>>;

/**
 * Records the era sessions one after another (only those named in `only`, when it is not empty);
 * returns the failures (empty when all worked), an unknown name among them.
 */
export async function recordEraSessions(only: readonly string[] = []): Promise<string[]> {
  const failures = only
    .filter((name) => !Object.hasOwn(ERA_SESSIONS, name))
    .map((name) => `unknown era session ${name} (known: ${Object.keys(ERA_SESSIONS).join(', ')})`);
  const chosen = Object.entries(ERA_SESSIONS).filter(
    ([name]) => only.length === 0 || only.includes(name),
  );
  for (const [, record] of chosen) {
    try {
      await record();
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return failures;
}
