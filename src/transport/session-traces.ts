import { extname } from 'node:path';
import { type Bilingual, filled } from '../i18n/lang.js';
import { SERVE_STRINGS } from '../i18n/serve-strings.js';
import type { Step } from '../session/index.js';
import { MODERN_SESSION } from './http-modern.js';
import { UNREAD_SESSION } from './http-server.js';
import { claimTracePath } from './trace-claim.js';
import { sessionTracePath } from './trace-path.js';
import { TraceWriter } from './trace-writer.js';

export { sessionTracePath };

/**
 * Where the log of the bodies POSTed outside any session goes (UNREAD_SESSION): beside `file`,
 * named apart and not numbered with the sessions (`talk.unread.jsonl`; `talk.unread.2.jsonl` when
 * another live `serve` writes that one), so that a client which POSTs junk before its first
 * session (a fuzzer, a probe) does not push that session out of the file named.
 */
export function unreadTracePath(file: string, n: number): string {
  const ext = extname(file);
  const stem = `${file.slice(0, file.length - ext.length)}.unread`;
  return n <= 1 ? `${stem}${ext}` : `${stem}.${n}${ext}`;
}

/**
 * One transcript per HTTP session. Each session has its own id space and its own handshake, so
 * two sessions in one file would read as one session that re-initializes and reuses every id.
 * The 2026-07-28 requests, which have no session, share one transcript per client (the first
 * client's is MODERN_SESSION, a later one's `modern-<n>`), in wire order: in that era an id is
 * only taken while its request is in flight, so requests of one after another read as they were.
 * The bodies POSTed outside any session that the server cannot take (UNREAD_SESSION) share one
 * transcript for the run, in arrival order, as they share one session log, in a file of its own
 * (unreadTracePath) outside the numbering. Session files are numbered in the order sessions open;
 * `announce` is told which file each one got.
 */
export class SessionTraces {
  readonly #file: string;
  readonly #announce: (line: Bilingual) => void;
  readonly #open = new Map<string, TraceWriter>();
  readonly #releases = new Map<string, () => void>();
  readonly #closing: Promise<Error | null>[] = [];
  #count = 0;

  constructor(file: string, announce: (line: Bilingual) => void) {
    this.#file = file;
    this.#announce = announce;
  }

  /** What the numbering will be, in one line, for the start-up log. */
  describe(): Bilingual {
    return filled(SERVE_STRINGS.tracesNumbered, {
      file: this.#file,
      second: sessionTracePath(this.#file, 2),
      third: sessionTracePath(this.#file, 3),
      unread: unreadTracePath(this.#file, 1),
    });
  }

  /** A new session: its transcript file is created now. */
  open(session: string): void {
    if (this.#open.has(session)) return;
    // A number another live `serve` is writing is skipped (trace-claim.ts): no file has two writers.
    let path: string;
    for (let unread = 1; ; unread += 1) {
      if (session === UNREAD_SESSION) path = unreadTracePath(this.#file, unread);
      else {
        this.#count += 1;
        path = sessionTracePath(this.#file, this.#count);
      }
      const claim = claimTracePath(path);
      if (claim.ok) {
        this.#releases.set(session, claim.release);
        break;
      }
    }
    const writer = new TraceWriter(
      path,
      (error) =>
        this.#announce(
          filled(SERVE_STRINGS.cannotWrite, { id: session, path, error: error.message }),
        ),
      // The log outside any session reads no batch: its transcript says why it was not read.
      session !== UNREAD_SESSION,
    );
    this.#open.set(session, writer);
    this.#announce(
      session === MODERN_SESSION
        ? filled(SERVE_STRINGS.modernTranscriptIn, { path })
        : session === UNREAD_SESSION
          ? filled(SERVE_STRINGS.unreadTranscriptIn, { path })
          : filled(SERVE_STRINGS.transcriptIn, { id: session, path }),
    );
  }

  write(session: string, step: Step): void {
    if (!this.#open.has(session)) this.open(session);
    this.#open.get(session)?.writeStep(step);
  }

  /** The session ended: its file is complete (and readable by trace and play) from here on. */
  end(session: string): void {
    const writer = this.#open.get(session);
    if (!writer) return;
    this.#open.delete(session);
    const release = this.#releases.get(session);
    this.#releases.delete(session);
    this.#closing.push(
      writer
        .close()
        .finally(() => release?.())
        .then(
          () => null,
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
    );
  }

  /** Ends every session still open; resolves with the files that could not be written. */
  async close(): Promise<Error[]> {
    for (const session of [...this.#open.keys()]) this.end(session);
    const outcomes = await Promise.all(this.#closing);
    return outcomes.filter((e): e is Error => e !== null);
  }
}
