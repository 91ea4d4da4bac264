/** A protocol revision: a date string such as "2026-07-28". */
export type ProtocolVersion = string;

/** The probe the client sent first: server/discover, with the 2026-07-28 `_meta` envelope. */
export type DiscoverProbe = {
  readonly jsonrpc: '2.0';
  readonly id: string | number;
  readonly method: 'server/discover';
  readonly params: {
    readonly _meta: {
      /** The version this probe asked for. */
      readonly 'io.modelcontextprotocol/protocolVersion': ProtocolVersion;
      readonly 'io.modelcontextprotocol/clientCapabilities': Readonly<Record<string, unknown>>;
      readonly 'io.modelcontextprotocol/clientInfo'?: Readonly<Record<string, unknown>>;
    };
  };
};

/** A JSON-RPC response to the probe, exactly as the server wrote it: a result or an error. */
export type ProbeAnswer = {
  readonly jsonrpc: '2.0';
  readonly id: string | number | null;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
};

/** What happened after the client wrote the probe to the server's stdin. */
export type ProbeOutcome =
  /** The server answered the probe. */
  | { readonly kind: 'answer'; readonly probe: DiscoverProbe; readonly message: ProbeAnswer }
  /** No answer within the client's time limit (the server is still running). */
  | { readonly kind: 'timeout'; readonly probe: DiscoverProbe; readonly waitedMs: number }
  /** The server process exited, or closed its stdout, before answering. */
  | {
      readonly kind: 'closed';
      readonly probe: DiscoverProbe;
      readonly exitCode: number | null;
      readonly signal: string | null;
    };

/** The modern versions the client speaks, the one it prefers most first. */
export type ClientVersions = readonly ProtocolVersion[];

/** What the client does next. */
export type ProbeVerdict =
  /** A modern server: carry on in the modern era with this version (no initialize). */
  | { readonly action: 'modern'; readonly version: ProtocolVersion }
  /** A modern server that refused the version asked for: probe again with this one. */
  | { readonly action: 'retry'; readonly version: ProtocolVersion }
  /**
   * A modern server that shares no version with the client, or refused the probe with another
   * modern error (−32020, −32021): no session; tell the user why.
   */
  | { readonly action: 'incompatible' }
  /** A legacy server: send initialize (the 2025-11-25 handshake). */
  | { readonly action: 'initialize' }
  /** The server is gone: start it again, and open with initialize. */
  | { readonly action: 'relaunch' };
