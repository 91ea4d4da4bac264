import type { Bilingual } from '../i18n/lang.js';
import type { SessionView, Severity, SidePhases } from '../machine/index.js';
import type { Side } from '../protocol/capabilities.js';
import type { RequestId } from '../protocol/envelope.js';
import type { JsonObject } from '../protocol/json.js';
import type { Step } from '../session/index.js';

/**
 * What the sandbox screen reads and asks of the session it shows (src/sim/sandbox's
 * SandboxSession fits it; the CLI hands it over). The screen is an observer: it reads the log's
 * steps and the offers, and sends the learner's choice as an intent; it imports no source.
 */
/** What the learner's side can do to the transport itself: no message is written. */
export type TransportAct =
  | { readonly type: 'close' }
  /** The client closes the HTTP response stream of its request `id` (2026-07-28: it cancels). */
  | { readonly type: 'abandon'; readonly id: RequestId }
  /** The learner lets time pass until the simulated server's next message is due. */
  | { readonly type: 'wait' };

export type OfferRow = {
  readonly key: string;
  readonly method: string;
  readonly label: Bilingual;
  readonly blocks: ReadonlyArray<{
    readonly rule: string;
    readonly severity: Severity;
    readonly spec: Bilingual;
  }>;
  /**
   * Allowed by the rules, but the server is not known to serve it (a 2026-07-28 client that never
   * learnt the server's capabilities): a short tag for the row, why, and the spec section.
   */
  readonly unsure?: {
    readonly tag: Bilingual;
    readonly why: Bilingual;
    readonly spec: Bilingual;
  } | null;
} & (
  | {
      readonly kind: 'request' | 'notification' | 'result' | 'error';
      readonly envelope: JsonObject;
    }
  | { readonly kind: 'transport'; readonly act: TransportAct }
);

/** An offer that is a message (it has an envelope to show, fill in and edit). */
export type MessageOfferRow = Extract<OfferRow, { readonly envelope: JsonObject }>;

export type SandboxDriver = {
  readonly era: 'legacy' | 'modern';
  readonly side: Side;
  readonly log: {
    readonly steps: readonly Step[];
    view(): SessionView;
    phases(): SidePhases;
  };
  offers(): readonly OfferRow[];
  /**
   * The step an offer's envelope would make if sent now, not taken (the log's verdict on it):
   * what `i` shows of the chosen offer.
   */
  preview(envelope: JsonObject): Step;
  /** Sends the learner's envelope; the first step is theirs, the rest the peer's answer. */
  send(envelope: unknown): readonly Step[];
  /** Why the simulated peer closed, or that it has nothing more to ask; null when nothing to say. */
  note?(): Bilingual | null;
  /**
   * Does the learner's act on the transport; the first step is it, the rest the peer's answer (a
   * wait writes no step of its own: every step is the peer's).
   */
  act(act: TransportAct): readonly Step[];
};
