/** What the simulated server hands your tool. Shapes as in the MCP schema (2025-11-25). */

/** The capabilities the client declared in its initialize request. */
export type ClientCapabilities = {
  roots?: { listChanged?: boolean };
  sampling?: Record<string, unknown>;
  elicitation?: Record<string, unknown>;
};

export type TextContent = { type: 'text'; text: string };

/** The params of sampling/createMessage (Client › Sampling). `maxTokens` is required. */
export type CreateMessageParams = {
  messages: Array<{ role: 'user' | 'assistant'; content: TextContent }>;
  maxTokens: number;
  systemPrompt?: string;
};

/** The client's answer: what its language model wrote. */
export type CreateMessageResult = {
  role: 'assistant';
  content: TextContent;
  model: string;
  stopReason?: string;
};

export type ToolContext = {
  /** Exactly what the client declared in initialize. */
  readonly clientCapabilities: ClientCapabilities;
  /**
   * Sends sampling/createMessage to the client and waits for its answer. Rejects when the client
   * answers with an error (a client without sampling answers -32601, Method not found).
   */
  readonly createMessage: (params: CreateMessageParams) => Promise<CreateMessageResult>;
};

export type CallToolResult = { content: TextContent[]; isError?: boolean };
