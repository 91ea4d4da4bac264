/**
 * What the grader hands your code. Shapes as in the MCP schema, 2026-07-28
 * (basic/patterns/mrtr: InputRequiredResult, InputRequests, InputResponses).
 */

export type JsonObject = { [key: string]: unknown };

export type RequestId = string | number;

/** A JSON-RPC request as the client sent it (without `jsonrpc`, which the grader adds back). */
export type Request = {
  id: RequestId;
  method: string;
  params: JsonObject & {
    name?: string;
    arguments?: JsonObject;
    /** The envelope: protocolVersion, clientCapabilities, clientInfo (basic/index › _meta). */
    _meta?: JsonObject;
    /** On a retry only: the client's answers, by the keys of the round's inputRequests. */
    inputResponses?: InputResponses;
    /** On a retry only: the round's requestState, echoed exactly. */
    requestState?: string;
  };
};

export type RpcError = { code: number; message: string; data?: unknown };

/** What the server answers: the response's `result`, or its `error`. */
export type Reply = { result: JsonObject } | { error: RpcError };

/** A request schema of form-mode elicitation: a flat object of primitive properties. */
export type RequestedSchema = {
  type: 'object';
  properties: Record<string, JsonObject>;
  required?: string[];
};

/** The params of elicitation/create in form mode (client/elicitation › Form Mode). */
export type ElicitParams = { mode?: 'form'; message: string; requestedSchema: RequestedSchema };

/** The client's answer to an elicitation (ElicitResult). */
export type ElicitResult = {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
};

/** An input request embedded in an input_required result: no `jsonrpc`, no `id`. */
export type InputRequest = { method: 'elicitation/create'; params: ElicitParams };

export type InputRequests = Record<string, InputRequest>;
export type InputResponses = Record<string, ElicitResult | JsonObject>;

/** The interim result of a round (mrtr › InputRequiredResult). */
export type InputRequiredResult = {
  resultType: 'input_required';
  inputRequests?: InputRequests;
  requestState?: string;
};

export type TextContent = { type: 'text'; text: string };

/** The final result of a call. */
export type CallToolResult = {
  resultType: 'complete';
  content: TextContent[];
  isError?: boolean;
};

/** What every instance of this server gets from its configuration. */
export type ServerContext = {
  /**
   * The key every instance of the server shares (from its configuration, never sent to clients):
   * the retry may reach another instance than the round did.
   */
  readonly secret: string;
  /** The time now, in milliseconds (Date.now() on the server's clock). */
  readonly now: number;
};

/** The handshake era's tool context: the server could send requests to the client. */
export type LegacyToolContext = {
  /** Sends elicitation/create to the client (a JSON-RPC request of the server's) and waits. */
  readonly elicit: (params: ElicitParams) => Promise<ElicitResult>;
};
