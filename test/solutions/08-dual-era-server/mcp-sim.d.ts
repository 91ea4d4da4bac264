/**
 * What the grader hands your server. Shapes as in the MCP schemas: 2026-07-28 for modern requests
 * (each carries its own `_meta` envelope), 2025-11-25 for the handshake era (initialize first).
 */

export type JsonObject = { [key: string]: unknown };

/** A client's or server's name and version (`Implementation` in the schema). */
export type Implementation = { name: string; version: string; title?: string };

/**
 * What a client declares it can do: in its initialize request (handshake era), or in each
 * request's `_meta["io.modelcontextprotocol/clientCapabilities"]` (2026-07-28). `{}`: nothing optional.
 */
export type ClientCapabilities = {
  roots?: Record<string, unknown>;
  sampling?: Record<string, unknown>;
  elicitation?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  [other: string]: unknown;
};

/** A JSON-RPC request as the client sent it (without `jsonrpc`, which the grader adds back). */
export type Request = {
  id: string | number;
  method: string;
  params?: JsonObject;
};

/** A JSON-RPC error object: `data` is optional, but some errors need it (-32022: `data.supported`). */
export type RpcError = { code: number; message: string; data?: unknown };

/** What `handle` returns: the response's `result`, or its `error`. */
export type Reply = { result: JsonObject } | { error: RpcError };

/**
 * One transport connection: a stdio process, say. Every request on it has the same `id`. In the
 * handshake era the connection is the session; in 2026-07-28 it is "not a conversation or session".
 */
export type Connection = { readonly id: string };

/** Who is calling, as far as the server may know it for one request. */
export type Caller = {
  /** The protocol version this request is served in. */
  protocolVersion: string;
  clientInfo: Implementation | null;
  clientCapabilities: ClientCapabilities;
};

export type Tool = {
  name: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
  outputSchema?: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
};

export type TextContent = { type: 'text'; text: string };

export type CallToolResult = {
  content: TextContent[];
  structuredContent?: JsonObject;
  isError?: boolean;
};
