/**
 * Records real MCP sessions against `@modelcontextprotocol/server-everything` (stdio) into
 * `test/fixtures/real/*.jsonl`, in the project's "wrapped" transcript format:
 *
 *   {"seq":0,"t_ms":10,"direction":"client->server","message":{...JSON-RPC message...}}
 *
 * Messages are captured AT THE TRANSPORT by `RecordingTransport`, a `Transport` that delegates to
 * the SDK's `StdioClientTransport`. Outgoing messages are recorded in `send` (what the SDK
 * serialises is exactly what goes on the wire). Incoming messages are recorded in `onmessage`, in
 * the order the SDK dispatches them, but the recorded object is the parse of the raw stdout line
 * (tapped with a prepended `data` listener) so that key order and any fields the SDK's schema
 * would strip are kept exactly as the server sent them. Nothing relies on `onprogress`.
 *
 * Also writes two derived variants of the cancel session (bare JSON-RPC lines, host-log style).
 *
 * Usage: npm run record   (tsx scripts/record.ts); `npm run record -- everything-tasks` records
 * only the sessions named.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  type ClientCapabilities,
  ListRootsRequestSchema,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';
import { recordEraSessions } from './record-eras.js';
import {
  assert,
  CLIENT_INFO,
  children,
  type Entry,
  FAKE_PROJECT,
  isMethod,
  killChild,
  msg,
  OUT_DIR,
  ROOT_DIR,
  recordSession,
  relativeToRoot,
  scrub,
  scrubbed,
  sleep,
} from './record-shared.js';
import { RecordingTransport } from './record-transport.js';

const SERVER_ENTRY = join(
  ROOT_DIR,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const SESSION_TIMEOUT_MS = 10_000;
const GLOBAL_TIMEOUT_MS = 60_000;
/** Fixed base time for the host-log variant (t_ms is added to it). */
const HOSTLOG_BASE_MS = Date.parse('2026-11-29T12:00:00.000Z');

interface Recording {
  entries: Entry[];
  /** The server's stderr (not part of the transcript; used for the host-log variant). */
  stderr: string;
}

// ---------------------------------------------------------------------------------------------
// Session runner
// ---------------------------------------------------------------------------------------------

interface SessionContext {
  client: Client;
  rec: RecordingTransport;
  notes: string[];
}

async function runSession(
  name: string,
  capabilities: ClientCapabilities,
  body: (ctx: SessionContext) => Promise<void>,
  check: (entries: Entry[]) => void,
): Promise<Recording> {
  const inner = new StdioClientTransport({
    command: process.execPath,
    args: [SERVER_ENTRY, 'stdio'],
    cwd: ROOT_DIR,
    stderr: 'pipe',
  });
  const rec = new RecordingTransport(inner);
  const client = new Client(CLIENT_INFO, { capabilities });
  const notes: string[] = [];
  client.onerror = (error) => notes.push(`client.onerror: ${error.message}`);
  await recordSession(
    name,
    rec,
    notes,
    async () => {
      await body({ client, rec, notes });
      await client.close();
    },
    check,
    SESSION_TIMEOUT_MS,
  );
  return { entries: rec.entries, stderr: rec.stderrText.join('') };
}

/** Answers roots/list from a mutable list. */
function serveRoots(client: Client, roots: () => Root[]): void {
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots() }));
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

const LONG_OP = 'trigger-long-running-operation';

async function recordBasics(): Promise<Recording> {
  return runSession(
    'everything-basics',
    { roots: { listChanged: true } },
    async ({ client, rec }) => {
      serveRoots(client, () => [{ uri: FAKE_PROJECT, name: 'project' }]);
      await client.connect(rec);
      // The server asks for roots ~350 ms after notifications/initialized, then logs about it.
      await sleep(600);
      await rec.waitFor(
        'roots/list log message',
        isMethod('server->client', 'notifications/message'),
      );
      await client.ping();
      await client.listTools();
      await client.listPrompts();
      await client.listResources();
      await client.callTool({ name: 'echo', arguments: { message: 'hello' } });
      try {
        await client.callTool({ name: 'no-such-tool', arguments: {} });
      } catch {
        // A JSON-RPC error is as good a recording as an isError result.
      }
    },
    (entries) => {
      assert(entries.some(isMethod('server->client', 'roots/list')), 'server sent roots/list');
      assert(entries.some(isMethod('client->server', 'tools/call')), 'tools/call sent');
      const last = entries[entries.length - 1];
      assert(last && last.direction === 'server->client', 'session ends with a server reply');
    },
  );
}

async function recordProgress(): Promise<Recording> {
  return runSession(
    'everything-progress',
    {},
    async ({ client, rec }) => {
      await client.connect(rec);
      await client.callTool({ name: LONG_OP, arguments: { duration: 1, steps: 4 } }, undefined, {
        onprogress: () => {},
      });
      await client.callTool({ name: LONG_OP, arguments: { duration: 1, steps: 4 } });
    },
    (entries) => {
      const progress = entries.filter(isMethod('server->client', 'notifications/progress'));
      assert(progress.length === 4, `4 progress notifications (got ${progress.length})`);
      const calls = entries.filter(isMethod('client->server', 'tools/call'));
      assert(calls.length === 2, 'two tools/call requests');
      const meta = msg(calls[0] as Entry).params?._meta as Record<string, unknown> | undefined;
      assert(meta?.progressToken !== undefined, 'first call carries a progressToken');
      assert(msg(calls[1] as Entry).params?._meta === undefined, 'second call has no _meta');
    },
  );
}

async function recordCancel(): Promise<Recording> {
  return runSession(
    'everything-cancel',
    {},
    async ({ client, rec }) => {
      await client.connect(rec);
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort('User cancelled the operation'), 1200);
      try {
        await client.callTool({ name: LONG_OP, arguments: { duration: 3, steps: 3 } }, undefined, {
          onprogress: () => {},
          signal: ac.signal,
        });
      } catch {
        // expected: the SDK rejects the promise when the signal aborts
      } finally {
        clearTimeout(timer);
      }
      // Keep listening: the server keeps running the operation and sending progress.
      await sleep(2500);
    },
    (entries) => {
      const cancelIdx = entries.findIndex(isMethod('client->server', 'notifications/cancelled'));
      assert(cancelIdx >= 0, 'client sent notifications/cancelled');
      const after = entries
        .slice(cancelIdx + 1)
        .filter(isMethod('server->client', 'notifications/progress'));
      assert(after.length > 0, 'server sent progress after the cancellation');
    },
  );
}

async function recordRoots(): Promise<Recording> {
  return runSession(
    'everything-roots',
    { roots: { listChanged: true } },
    async ({ client, rec }) => {
      let roots: Root[] = [{ uri: FAKE_PROJECT, name: 'project' }];
      serveRoots(client, () => roots);
      await client.connect(rec);
      await rec.waitFor(
        'first roots log message',
        isMethod('server->client', 'notifications/message'),
      );
      roots = [
        { uri: FAKE_PROJECT, name: 'project' },
        { uri: 'file:///home/learner/notes', name: 'notes' },
      ];
      await client.sendRootsListChanged();
      const logs = () => rec.entries.filter(isMethod('server->client', 'notifications/message'));
      await rec.waitFor('second roots log message', (e) => logs().length >= 2 && e === logs()[1]);
      await sleep(100);
    },
    (entries) => {
      const lists = entries.filter(isMethod('server->client', 'roots/list'));
      assert(lists.length === 2, `two roots/list requests (got ${lists.length})`);
      assert(
        entries.some(isMethod('client->server', 'notifications/roots/list_changed')),
        'client sent notifications/roots/list_changed',
      );
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Derived variants
// ---------------------------------------------------------------------------------------------

function writeVariants(name: string, { entries, stderr }: Recording): void {
  const bare = join(OUT_DIR, `${name}.bare.jsonl`);
  writeFileSync(bare, `${entries.map((e) => JSON.stringify(e.message)).join('\n')}\n`);
  console.log(`wrote ${relativeToRoot(bare)}: ${entries.length} messages`);

  const stamp = (t: number) => new Date(HOSTLOG_BASE_MS + t).toISOString();
  const line = (t: number, level: string, text: string) =>
    `${stamp(t)} [everything] [${level}] ${text}`;
  const first = entries[0]?.t_ms ?? 0;
  const last = entries[entries.length - 1]?.t_ms ?? 0;
  const out: string[] = [line(0, 'info', 'Initializing server...')];
  // Like Claude Desktop's mcp-server-*.log, the server's own stderr appears verbatim (no prefix).
  for (const s of stderr.split('\n')) if (s.trim() !== '') out.push(scrub(s) as string);
  out.push(line(Math.max(0, first - 1), 'info', 'Server started and connected successfully'));
  entries.forEach((e, i) => {
    const who = e.direction === 'client->server' ? 'client' : 'server';
    out.push(line(e.t_ms, 'info', `Message from ${who}: ${JSON.stringify(e.message)}`));
    // Interleave an unrelated line right after the initialize exchange, like real host logs.
    if (i === 1) out.push(line(e.t_ms, 'info', 'Server capabilities received'));
  });
  out.push(line(last + 5, 'info', 'Client transport closed'));
  out.push(line(last + 6, 'info', 'Server transport closed'));
  const hostlog = join(OUT_DIR, `${name}.hostlog.log`);
  writeFileSync(hostlog, `${out.join('\n')}\n`);
  console.log(`wrote ${relativeToRoot(hostlog)}: ${entries.length} messages, ${out.length} lines`);
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

/**
 * 2025-11-25 tasks: the research tool runs only as a task (execution.taskSupport "required"). The
 * SDK's task stream sends tools/call with params.task, polls tasks/get until the task is terminal
 * and fetches tasks/result; then the client lists the tasks and asks to cancel the finished one,
 * which the server must refuse with -32602 (basic/utilities/tasks › Task Cancellation).
 */
async function recordTasks(): Promise<Recording> {
  return runSession(
    'everything-tasks',
    {},
    async ({ client, rec }) => {
      await client.connect(rec);
      await client.listTools();
      let taskId: string | undefined;
      const stream = client.experimental.tasks.callToolStream(
        { name: 'simulate-research-query', arguments: { topic: 'tides' } },
        undefined,
        { task: { ttl: 60_000 } },
      );
      for await (const message of stream) {
        if (message.type === 'taskCreated') taskId = message.task.taskId;
      }
      assert(taskId !== undefined, 'the server created a task');
      await client.experimental.tasks.listTasks();
      try {
        await client.experimental.tasks.cancelTask(taskId);
      } catch {
        // Expected: a finished task cannot be cancelled.
      }
    },
    (entries) => {
      assert(entries.some(isMethod('client->server', 'tasks/get')), 'client polled tasks/get');
      assert(entries.some(isMethod('client->server', 'tasks/cancel')), 'client sent tasks/cancel');
    },
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(OUT_DIR, { recursive: true });
  // One fresh server process per session, run one after another so that timings are not skewed
  // by four servers starting at once. Every session is attempted even if an earlier one fails.
  // `npm run record -- eras` records only the era sessions (record-eras.ts); names after `eras`
  // narrow that to those sessions (`npm run record -- eras v2-client-mcp-sim`).
  const onlyEras = process.argv[2] === 'eras';
  // Names of these sessions (`npm run record -- everything-tasks`) record only them, no era session.
  const named = onlyEras ? [] : process.argv.slice(2);
  const all: Array<[string, () => Promise<Recording>]> = onlyEras
    ? []
    : [
        ['everything-basics', recordBasics],
        ['everything-progress', recordProgress],
        ['everything-cancel', recordCancel],
        ['everything-roots', recordRoots],
        ['everything-tasks', recordTasks],
      ];
  const sessions = named.length > 0 ? all.filter(([name]) => named.includes(name)) : all;
  if (named.length > 0 && sessions.length !== named.length)
    throw new Error(`record: unknown session in ${named.join(', ')}`);
  const failures: string[] = [];
  const recorded = new Map<string, Recording>();
  for (const [name, record] of sessions) {
    try {
      recorded.set(name, await record());
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  const cancel = recorded.get('everything-cancel');
  if (cancel) writeVariants('everything-cancel', cancel);
  if (named.length === 0)
    failures.push(...(await recordEraSessions(onlyEras ? process.argv.slice(3) : [])));
  if (failures.length > 0) throw new Error(failures.join('\n'));
  if (scrubbed() > 0) console.log(`scrubbed ${scrubbed()} machine-specific string(s)`);
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
}

const hardStop = setTimeout(() => {
  console.error(`record: global timeout after ${GLOBAL_TIMEOUT_MS} ms`);
  for (const proc of children) killChild(proc);
  process.exit(1);
}, GLOBAL_TIMEOUT_MS);
hardStop.unref();

main()
  .then(() => {
    clearTimeout(hardStop);
  })
  .catch((error: unknown) => {
    console.error(`record failed: ${error instanceof Error ? error.message : String(error)}`);
    for (const proc of children) killChild(proc);
    process.exitCode = 1;
  });
