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
 * Usage: npm run record   (tsx scripts/record.ts)
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type ClientCapabilities,
  type JSONRPCMessage,
  ListRootsRequestSchema,
  type MessageExtraInfo,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';

const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT_DIR, 'test', 'fixtures', 'real');
const SERVER_ENTRY = join(
  ROOT_DIR,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const CLIENT_INFO = { name: 'mcp-sim-recorder', version: '0.1.0' };
const FAKE_PROJECT = 'file:///home/learner/project';
const SESSION_TIMEOUT_MS = 10_000;
const GLOBAL_TIMEOUT_MS = 30_000;
/** Fixed base time for the host-log variant (t_ms is added to it). */
const HOSTLOG_BASE_MS = Date.parse('2026-11-29T12:00:00.000Z');

type Direction = 'client->server' | 'server->client';

interface Entry {
  seq: number;
  t_ms: number;
  direction: Direction;
  message: unknown;
}

interface Recording {
  entries: Entry[];
  /** The server's stderr (not part of the transcript; used for the host-log variant). */
  stderr: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Every child process we spawned, so a failure or the global timeout can kill exactly those. */
const children = new Set<ChildProcess>();

function killChild(proc: ChildProcess): void {
  if (proc.exitCode === null && proc.signalCode === null) {
    try {
      proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scrubbing of machine-specific strings
// ---------------------------------------------------------------------------------------------

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Machine-specific path prefixes and their fixed stand-ins. A prefix only matches as a whole path
 * (not preceded or followed by a name character), so e.g. a home of `/root` does not touch
 * `notifications/roots/list_changed`.
 */
const scrubRules: Array<{ re: RegExp; to: string }> = (() => {
  const pairs: Array<[string, string]> = [];
  const add = (from: string, to: string) => {
    if (from.length > 1 && from !== '/' && !pairs.some(([f]) => f === from)) pairs.push([from, to]);
  };
  add(`file://${ROOT_DIR}`, FAKE_PROJECT);
  add(ROOT_DIR, '/home/learner/project');
  add(process.cwd(), '/home/learner/project');
  add(homedir(), '/home/learner');
  // Longest first so the more specific path wins.
  return pairs
    .sort((a, b) => b[0].length - a[0].length)
    .map(([from, to]) => ({
      re: new RegExp(`(?<![\\w.-])${escapeRegExp(from)}(?![\\w.-])`, 'g'),
      to,
    }));
})();

let scrubCount = 0;

function scrub(value: unknown): unknown {
  if (typeof value === 'string') {
    let s = value;
    for (const { re, to } of scrubRules) {
      const next = s.replace(re, to);
      if (next !== s) scrubCount++;
      s = next;
    }
    return s;
  }
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[scrub(k) as string] = scrub(v);
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Recording transport
// ---------------------------------------------------------------------------------------------

class RecordingTransport implements Transport {
  readonly inner: StdioClientTransport;
  readonly entries: Entry[] = [];
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  readonly stderrText: string[] = [];
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?:
    | (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void)
    | undefined;

  private readonly t0 = performance.now();
  private readonly rawLines: string[] = [];
  private rawBuffer = '';
  private readonly decoder = new StringDecoder('utf8');
  private rawTapped = false;

  constructor(inner: StdioClientTransport) {
    this.inner = inner;
    inner.onmessage = (message: JSONRPCMessage) => {
      this.record('server->client', this.wireForm(message));
      this.onmessage?.(message);
    };
    inner.onerror = (error: Error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
    // stderr: 'pipe' returns a PassThrough immediately; drain it so the server never blocks.
    inner.stderr?.on('data', (chunk: Buffer) => this.stderrText.push(chunk.toString('utf8')));
  }

  get process(): ChildProcess | undefined {
    return (this.inner as unknown as { _process?: ChildProcess })._process;
  }

  async start(): Promise<void> {
    await this.inner.start();
    const proc = this.process;
    if (proc) children.add(proc);
    const stdout = proc?.stdout;
    if (stdout) {
      // Prepended so the raw line is queued before the SDK's own listener parses the same chunk.
      stdout.prependListener('data', (chunk: Buffer) => {
        this.rawBuffer += this.decoder.write(chunk);
        let nl = this.rawBuffer.indexOf('\n');
        while (nl !== -1) {
          const line = this.rawBuffer.slice(0, nl).replace(/\r$/, '');
          this.rawBuffer = this.rawBuffer.slice(nl + 1);
          if (line.trim() !== '') this.rawLines.push(line);
          nl = this.rawBuffer.indexOf('\n');
        }
      });
      this.rawTapped = true;
    } else {
      this.problems.push('could not tap raw stdout; recording SDK-parsed messages instead');
    }
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    // Serialised with JSON.stringify by the SDK, so this object is exactly the wire form.
    // (StdioClientTransport.send takes no options: relatedRequestId etc. only matter for HTTP.)
    this.record('client->server', JSON.parse(JSON.stringify(message)));
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  private wireForm(parsed: JSONRPCMessage): unknown {
    if (!this.rawTapped) return JSON.parse(JSON.stringify(parsed));
    const line = this.rawLines.shift();
    if (line === undefined) {
      this.problems.push('raw stdout queue empty when a message was dispatched');
      return JSON.parse(JSON.stringify(parsed));
    }
    const raw: unknown = JSON.parse(line);
    if (!isDeepStrictEqual(raw, JSON.parse(JSON.stringify(parsed)))) {
      // Not fatal: the wire form is what we keep, but say so (e.g. the SDK stripped a field).
      this.warnings.push(`SDK-parsed message differs from the wire line: ${line.slice(0, 200)}`);
    }
    return raw;
  }

  private record(direction: Direction, message: unknown): void {
    this.entries.push({
      seq: this.entries.length,
      t_ms: Math.round(performance.now() - this.t0),
      direction,
      message: scrub(message),
    });
  }

  /** Resolves once `pred` holds for some recorded entry, rejects after `timeoutMs`. */
  async waitFor(what: string, pred: (e: Entry) => boolean, timeoutMs = 3000): Promise<Entry> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const hit = this.entries.find(pred);
      if (hit) return hit;
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Session runner
// ---------------------------------------------------------------------------------------------

interface Msg {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
}
const msg = (e: Entry) => e.message as Msg;
const isMethod = (dir: Direction, method: string) => (e: Entry) =>
  e.direction === dir && msg(e).method === method;

interface SessionContext {
  client: Client;
  rec: RecordingTransport;
  notes: string[];
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
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
  try {
    await withTimeout(
      (async () => {
        await body({ client, rec, notes });
        await client.close();
      })(),
      SESSION_TIMEOUT_MS,
      `session ${name}`,
    );
    if (rec.problems.length > 0) {
      throw new Error(`transport problems:\n  ${rec.problems.join('\n  ')}`);
    }
    check(rec.entries);
  } catch (error) {
    const stderr = rec.stderrText.join('').trim();
    const detail = error instanceof Error ? error.message : String(error);
    if (process.env.RECORD_DEBUG) {
      for (const e of rec.entries) console.error(name, JSON.stringify(e).slice(0, 300));
    }
    throw new Error(`${name}: ${detail}${stderr ? `\n--- server stderr ---\n${stderr}` : ''}`);
  } finally {
    const proc = rec.process;
    if (proc) {
      killChild(proc);
      children.delete(proc);
    }
  }
  const file = join(OUT_DIR, `${name}.jsonl`);
  writeFileSync(file, `${rec.entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
  for (const w of rec.warnings) console.warn(`WARNING (${name}): ${w}`);
  const extra = notes.length > 0 ? ` (client notes: ${notes.join('; ')})` : '';
  console.log(`wrote ${relativeToRoot(file)}: ${rec.entries.length} messages${extra}`);
  warnIfExpectedIsStale(name, rec.entries);
  return { entries: rec.entries, stderr: rec.stderrText.join('') };
}

/**
 * The `*.expected.json` labels are written by hand for one specific recording. Real sessions are
 * not byte-for-byte repeatable (timings, and the order of concurrent messages can shift), so after
 * re-recording, warn if the hand labels no longer line up with the new file. This only compares
 * the mechanical fields (count, direction, id, request/notification method); it never produces
 * labels.
 */
function warnIfExpectedIsStale(name: string, entries: Entry[]): void {
  const file = join(OUT_DIR, `${name}.expected.json`);
  if (!existsSync(file)) return;
  let expected: Array<{ line: number; direction: string; id: unknown; method: string }>;
  try {
    expected = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.warn(`WARNING: ${relativeToRoot(file)} is not valid JSON`);
    return;
  }
  const mismatches: string[] = [];
  if (expected.length !== entries.length) {
    mismatches.push(`${expected.length} labels for ${entries.length} messages`);
  }
  entries.forEach((e, i) => {
    const x = expected[i];
    const m = msg(e);
    if (!x) return;
    const id = m.id ?? null;
    if (x.line !== i + 1 || x.direction !== e.direction || x.id !== id) {
      mismatches.push(`line ${i + 1}: direction/id differ`);
    } else if (m.method !== undefined && x.method !== m.method) {
      mismatches.push(`line ${i + 1}: ${m.method} vs labelled ${x.method}`);
    }
  });
  if (mismatches.length > 0) {
    console.warn(
      `WARNING: ${relativeToRoot(file)} no longer matches the new recording; re-check the labels ` +
        `by hand (or restore the recording from git):\n  ${mismatches.slice(0, 5).join('\n  ')}`,
    );
  }
}

function relativeToRoot(p: string): string {
  return p.startsWith(ROOT_DIR) ? p.slice(ROOT_DIR.length + 1) : p;
}

function assert(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Error(`check failed: ${what}`);
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

async function main(): Promise<void> {
  const started = performance.now();
  mkdirSync(OUT_DIR, { recursive: true });
  // One fresh server process per session, run one after another so that timings are not skewed
  // by four servers starting at once. Every session is attempted even if an earlier one fails.
  const sessions: Array<[string, () => Promise<Recording>]> = [
    ['everything-basics', recordBasics],
    ['everything-progress', recordProgress],
    ['everything-cancel', recordCancel],
    ['everything-roots', recordRoots],
  ];
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
  if (failures.length > 0) throw new Error(failures.join('\n'));
  if (scrubCount > 0) console.log(`scrubbed ${scrubCount} machine-specific string(s)`);
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
