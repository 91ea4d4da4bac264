/** One message of a session: who sent it, and the JSON-RPC message exactly as sent. */
export type WireMessage = {
  readonly direction: 'client->server' | 'server->client';
  readonly message: JsonRpcMessage;
};

/**
 * A JSON-RPC 2.0 message as MCP sends it. A request has `method` and `id`; a notification has
 * `method` and no `id`; a response has `id` and `result`; an error response has `id` and `error`.
 */
export type JsonRpcMessage = {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
};

export type SessionStats = {
  requests: number;
  /** Successful responses (with `result`); error responses are counted in `errors` only. */
  responses: number;
  errors: number;
  notifications: number;
  /** Messages of the initialization phase: up to and including notifications/initialized. */
  lifecycle: number;
  /** Messages after notifications/initialized. */
  operation: number;
  /** lifecycle / operation, or null when no message reached the operation phase. */
  lifecycleToOperationRatio: number | null;
};
