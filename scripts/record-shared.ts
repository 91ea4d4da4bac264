/**
 * Shared pieces of the recorders (`scripts/record.ts`, `scripts/record-eras.ts`): the recording
 * transport, scrubbing of machine-specific paths, the child-process registry and the check that
 * hand-written `*.expected.json` labels still line up with a fresh recording.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Stream } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT_DIR, 'test', 'fixtures', 'real');
export const CLIENT_INFO = { name: 'mcp-sim-recorder', version: '0.1.0' };
export const FAKE_PROJECT = 'file:///home/learner/project';

export type Direction = 'client->server' | 'server->client';

export interface Entry {
  seq: number;
  t_ms: number;
  direction: Direction;
  message: unknown;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Every child process we spawned, so a failure or the global timeout can kill exactly those. */
export const children = new Set<ChildProcess>();

export function killChild(proc: ChildProcess): void {
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

/** How many strings `scrub` has changed so far. */
export const scrubbed = () => scrubCount;

export function scrub(value: unknown): unknown {
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

/**
 * What the recorder needs from the SDK's stdio client transport. Both v1's and v2's
 * `StdioClientTransport` fit, so one recorder serves both SDKs.
 */
export interface StdioLikeTransport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the v1 and v2 message types differ nominally.
  onmessage?: ((message: any, extra?: any) => void) | undefined;
  start(): Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  send(message: any, options?: any): Promise<void>;
  close(): Promise<void>;
  readonly stderr: Stream | null;
  readonly pid: number | null;
}

/**
 * A `Transport` that delegates to a stdio client transport and records every message. It is not
 * the SDK's own class, so an SDK v2 `Client` in `versionNegotiation: 'auto'` mode probes in place
 * (on this pipe) instead of on a disposable sibling process. It exposes `stderr` and `pid`, so the
 * v2 client still recognises it as stdio (a probe timeout there means "legacy", not "outage").
 */
export class RecordingTransport {
  readonly inner: StdioLikeTransport;
  readonly entries: Entry[] = [];
  readonly problems: string[] = [];
  readonly warnings: string[] = [];
  readonly stderrText: string[] = [];
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: // biome-ignore lint/suspicious/noExplicitAny: see StdioLikeTransport.
  ((message: any, extra?: any) => void) | undefined;

  private readonly t0 = performance.now();
  private readonly rawLines: string[] = [];
  private rawBuffer = '';
  private readonly decoder = new StringDecoder('utf8');
  private rawTapped = false;

  constructor(inner: StdioLikeTransport) {
    this.inner = inner;
    inner.onmessage = (message: unknown) => {
      this.record('server->client', this.wireForm(message));
      this.onmessage?.(message);
    };
    inner.onerror = (error: Error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
    // stderr: 'pipe' returns a PassThrough immediately; drain it so the server never blocks.
    inner.stderr?.on('data', (chunk: Buffer) => this.stderrText.push(chunk.toString('utf8')));
  }

  get stderr(): Stream | null {
    return this.inner.stderr;
  }

  get pid(): number | null {
    return this.inner.pid;
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

  async send(message: unknown, _options?: unknown): Promise<void> {
    // Serialised with JSON.stringify by the SDK, so this object is exactly the wire form.
    // (StdioClientTransport.send takes no options: relatedRequestId etc. only matter for HTTP.)
    this.record('client->server', JSON.parse(JSON.stringify(message)));
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  private wireForm(parsed: unknown): unknown {
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
// Helpers for sessions
// ---------------------------------------------------------------------------------------------

export interface Msg {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
}
export const msg = (e: Entry) => e.message as Msg;
export const isMethod = (dir: Direction, method: string) => (e: Entry) =>
  e.direction === dir && msg(e).method === method;

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
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

export function assert(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Error(`check failed: ${what}`);
}

export function relativeToRoot(p: string): string {
  return p.startsWith(ROOT_DIR) ? p.slice(ROOT_DIR.length + 1) : p;
}

/** Writes `<name>.jsonl` (one wrapped entry per line) and reports it. */
export function writeRecording(name: string, rec: RecordingTransport, notes: string[]): void {
  const file = join(OUT_DIR, `${name}.jsonl`);
  writeFileSync(file, `${rec.entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
  for (const w of rec.warnings) console.warn(`WARNING (${name}): ${w}`);
  const extra = notes.length > 0 ? ` (client notes: ${notes.join('; ')})` : '';
  console.log(`wrote ${relativeToRoot(file)}: ${rec.entries.length} messages${extra}`);
  warnIfExpectedIsStale(name, rec.entries);
}

/**
 * The `*.expected.json` labels are written by hand for one specific recording. Real sessions are
 * not byte-for-byte repeatable (timings, and the order of concurrent messages can shift), so after
 * re-recording, warn if the hand labels no longer line up with the new file. This only compares
 * the mechanical fields (count, direction, id, request/notification method); it never produces
 * labels.
 */
export function warnIfExpectedIsStale(name: string, entries: Entry[]): void {
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
