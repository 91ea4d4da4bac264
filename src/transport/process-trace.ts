import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import type { Step } from '../session/index.js';
import { sessionTracePath } from './session-traces.js';
import { type Claim, claimTracePath } from './trace-claim.js';
import { TraceWriter } from './trace-writer.js';

/** Is this client step the opening of a discovery probe: the request `server/discover`? */
const isDiscover = (step: Step): boolean =>
  step.kind === 'message' &&
  typeof step.message === 'object' &&
  step.message !== null &&
  (step.message as { method?: unknown }).method === 'server/discover';

/**
 * `serve --trace-file <file>` on stdio: the transcript of this process, one file per process.
 *
 * The rule, so that two processes never write one file: `<file>` is the session's. A process
 * whose client sent nothing but a `server/discover` probe (an SDK v2 client in `auto` mode probes
 * in a short-lived process of its own and starts the session in another, stateless-era.md §2.6)
 * is recorded beside it instead, in the first free numbered sibling (`<stem>.2<ext>`, …); so is a
 * process that finds `<file>` being written by another live `serve`. Either way stderr says
 * where. Until the client has sent something other than the probe, the steps wait in memory, so
 * the probe's process never touches `<file>`.
 */
export class ProcessTrace {
  readonly #file: string;
  readonly #announce: (line: Bilingual) => void;
  #held: Step[] = [];
  #writer: TraceWriter | null = null;
  #claim: (Claim & { ok: true }) | null = null;
  #probeOnly = true;
  /** The pid of the process found writing `<file>` (for the line that says so). */
  #holder = 0;

  constructor(file: string, announce: (line: Bilingual) => void) {
    this.#file = file;
    this.#announce = announce;
  }

  writeStep(step: Step): void {
    if (this.#writer) {
      this.#writer.writeStep(step);
      return;
    }
    this.#held.push(step);
    const fromClient = step.kind !== 'close' && step.direction === 'client->server';
    if (!fromClient) return;
    const clientSteps = this.#held.filter(
      (s) => s.kind !== 'close' && s.direction === 'client->server',
    );
    if (clientSteps.length > 1 || !isDiscover(step)) {
      this.#probeOnly = false;
      this.#open(1);
    }
  }

  /** Claims the first free path from the n-th (1: the file itself) and writes what was held. */
  #open(from: number): void {
    let n = from;
    for (;;) {
      const path = sessionTracePath(this.#file, n);
      const claim = claimTracePath(path);
      if (claim.ok) {
        this.#claim = claim;
        if (n > 1) {
          this.#announce(
            this.#probeOnly && this.#held.some(isDiscover)
              ? filled(SERVE_STRINGS.traceProbeOnly, { file: this.#file, path })
              : filled(SERVE_STRINGS.traceTaken, { file: this.#file, pid: this.#holder, path }),
          );
        }
        this.#writer = new TraceWriter(path);
        for (const step of this.#held) this.#writer.writeStep(step);
        this.#held = [];
        return;
      }
      if (n === from) this.#holder = claim.pid;
      n += 1;
    }
  }

  /**
   * The process ends: a probe-only process writes its numbered sibling now (any other wrote
   * `<file>` as it went); rejects when the file could not be written.
   */
  async close(): Promise<void> {
    if (!this.#writer) this.#open(this.#probeOnly && this.#held.some(isDiscover) ? 2 : 1);
    try {
      await this.#writer?.close();
    } finally {
      this.#claim?.release();
    }
  }
}
