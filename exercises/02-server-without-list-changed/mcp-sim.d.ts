/** What the simulated server hands your code. Shapes as in the MCP schema (2025-11-25). */

export type Tool = {
  name: string;
  description?: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
};

/** The capabilities a server declares in its initialize result. */
export type ServerCapabilities = {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: Record<string, never>;
  completions?: Record<string, never>;
};

export type ServerNotification = { method: string; params?: Record<string, unknown> };

export type ServerContext = {
  /** Exactly what this server declared in its initialize result. */
  readonly capabilities: ServerCapabilities;
  /** Every tool the server offers right now (after an addition: the new one too). */
  readonly tools: readonly Tool[];
  /** Sends a notification to the client; `jsonrpc: "2.0"` is added for you. */
  readonly notify: (notification: ServerNotification) => void;
};

/** The result of tools/list. */
export type ListToolsResult = { tools: Tool[] };
