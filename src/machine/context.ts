import {
  type CapabilityPath,
  type Direction,
  type Envelope,
  type HandshakeVersion,
  type JsonObject,
  LATEST_HANDSHAKE_VERSION,
  type Primitive,
  type RequestId,
  type Side,
} from '../protocol/index.js';
import { Ledger } from './ledger.js';
import type { Violation } from './rules.js';

export type Phase = 'initialization' | 'operation' | 'shutdown';

export type InitializeStatus = 'none' | 'sent' | 'succeeded' | 'failed';

/** A request still waiting for its answer. */
export type PendingRequest = {
  readonly requester: Side;
  readonly id: RequestId;
  readonly method: string;
  readonly progressToken?: string | number;
  readonly step: number;
};

/** What the referee remembers of every request it has seen (kept in the ledger). */
export type RequestRecord = {
  readonly id: RequestId;
  readonly method: string;
  readonly primitive: Primitive | null;
  readonly capability: CapabilityPath | null;
  readonly status: 'pending' | 'answered' | 'cancelled';
  readonly progressToken?: string | number;
  readonly uri?: string;
  /** The request broke the envelope rules: its id is kept only to recognise its error answer. */
  readonly invalid?: true;
};

/** A progress token handed out by a requester, and how far its progress has got. */
export type TokenRecord = {
  readonly requestKey: string;
  readonly status: 'active' | 'completed' | 'cancelled';
  /** The highest progress so far (progress must go above it). */
  readonly last: number | null;
  /** The progress of the latest notification, when it is not `last` (it went down). */
  readonly previous?: number;
  readonly total?: number;
};

export type ProgressReport = {
  readonly token: string | number;
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
};

/** The referee's verdict on one envelope: the labels the tracer prints and the UI shows. */
export type StepReport = {
  readonly index: number;
  readonly direction: Direction;
  readonly kind: Envelope['kind'];
  readonly envelope: Envelope;
  readonly id: RequestId | null;
  readonly method: string | null;
  readonly primitive: Primitive | null;
  /** The protocol's phase when the message was sent (DESIGN.md › trace --json). */
  readonly phase: Phase;
  readonly capability: CapabilityPath | null;
  readonly violations: readonly Violation[];
  /** The progress a notifications/progress reported, for the UI's progress bar. */
  readonly progress: ProgressReport | null;
};

export type Handshake = {
  readonly initialize: InitializeStatus;
  readonly initializeId: RequestId | null;
  /** The version the client offered in initialize. */
  readonly offeredVersion: string | null;
  /** The version the server answered with. */
  readonly negotiatedVersion: string | null;
  readonly initializedSent: boolean;
};

export type SessionContext = {
  /** How many envelopes the referee has seen. */
  readonly step: number;
  /** The revision whose rules apply: negotiated, else offered, else the latest with a handshake. */
  readonly ruleVersion: HandshakeVersion;
  readonly handshake: Handshake;
  readonly capabilities: { readonly client: JsonObject | null; readonly server: JsonObject | null };
  readonly info: { readonly client: JsonObject | null; readonly server: JsonObject | null };
  readonly pending: readonly PendingRequest[];
  readonly closed: boolean;
  readonly ledger: Ledger;
  readonly last: StepReport | null;
  readonly violationCount: number;
};

export type SessionInput = {
  /** Rules to apply before a version is negotiated (default: the latest with a handshake). */
  readonly version?: HandshakeVersion;
  /**
   * Keep the history behind every snapshot (default), so any earlier snapshot stays readable and
   * stepping back is free. A one-pass reader such as `trace` turns it off to keep memory flat.
   */
  readonly history?: boolean;
};

export function initialContext(input: SessionInput = {}): SessionContext {
  return {
    step: 0,
    ruleVersion: input.version ?? LATEST_HANDSHAKE_VERSION,
    handshake: {
      initialize: 'none',
      initializeId: null,
      offeredVersion: null,
      negotiatedVersion: null,
      initializedSent: false,
    },
    capabilities: { client: null, server: null },
    info: { client: null, server: null },
    pending: [],
    closed: false,
    ledger: input.history === false ? Ledger.flat() : Ledger.persistent(),
    last: null,
    violationCount: 0,
  };
}
