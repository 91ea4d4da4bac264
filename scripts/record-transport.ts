/**
 * The recording transport shared by `scripts/record.ts` and `scripts/record-eras.ts`: it captures
 * every JSON-RPC message at the stdio transport, outgoing ones as sent, incoming ones as the parse
 * of the raw stdout line.
 */
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Stream } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { isDeepStrictEqual } from 'node:util';
import { children, type Direction, type Entry, scrub, sleep } from './record-shared.js';

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
