/** One message of a session: who sent it, and the JSON-RPC message exactly as sent. */
export type WireMessage = {
  readonly direction: 'client->server' | 'server->client';
  readonly message: JsonRpcMessage;
};

export type JsonRpcMessage = {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
};

export type Kind = 'request' | 'response' | 'error' | 'notification';

export type Primitive =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'roots'
  | 'sampling'
  | 'elicitation'
  | 'lifecycle'
  | 'utility';

/** A capability path: the side that declares it, then the keys, e.g. "server.tools.listChanged". */
export type CapabilityPath = string;

/** What `mcp-sim trace` prints for a message (its other columns left out). */
export type Label = {
  kind: Kind;
  /** The method; on a response or error response, the method of the request it answers. */
  method: string | null;
  primitive: Primitive | null;
  phase: 'initialization' | 'operation';
  /** The capability that gates the message (for a response: its request's), or null. */
  capability: CapabilityPath | null;
};
