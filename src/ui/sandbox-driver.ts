import type { Bilingual } from '../i18n/lang.js';
import type { SessionView, Severity, SidePhases } from '../machine/index.js';
import type { Side } from '../protocol/capabilities.js';
import type { JsonObject } from '../protocol/json.js';
import type { Step } from '../session/index.js';

/**
 * What the sandbox screen reads and asks of the session it shows (src/sim/sandbox's
 * SandboxSession fits it; the CLI hands it over). The screen is an observer: it reads the log's
 * steps and the offers, and sends the learner's choice as an intent; it imports no source.
 */
export type OfferRow = {
  readonly key: string;
  readonly kind: 'request' | 'notification' | 'result' | 'error';
  readonly method: string;
  readonly label: Bilingual;
  readonly envelope: JsonObject;
  readonly blocks: ReadonlyArray<{
    readonly rule: string;
    readonly severity: Severity;
    readonly spec: Bilingual;
  }>;
};

export type SandboxDriver = {
  readonly era: 'legacy' | 'modern';
  readonly side: Side;
  readonly log: {
    readonly steps: readonly Step[];
    view(): SessionView;
    phases(): SidePhases;
  };
  offers(): readonly OfferRow[];
  /** Sends the learner's envelope; the first step is theirs, the rest the peer's answer. */
  send(envelope: unknown): readonly Step[];
};
