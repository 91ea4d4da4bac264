/**
 * What the simulated server hands your tool. The shapes follow the official TypeScript SDK
 * (`RequestHandlerExtra`, `CallToolResult`), trimmed to what this exercise needs.
 */

export type ProgressToken = string | number;

/** notifications/progress (Utilities › Progress). `total` and `message` are optional in the spec. */
export type ProgressNotification = {
  method: 'notifications/progress';
  params: {
    progressToken: ProgressToken;
    progress: number;
    total?: number;
    message?: string;
  };
};

export type ServerNotification =
  | ProgressNotification
  | { method: string; params?: Record<string, unknown> };

export type RequestHandlerExtra = {
  /** The request's `params._meta`; `progressToken` is there only when the client asked for progress. */
  readonly _meta?: { readonly progressToken?: ProgressToken };
  /** The id of the tools/call request you are answering. */
  readonly requestId: string | number;
  /** Aborted when the client sends notifications/cancelled for this request. */
  readonly signal: AbortSignal;
  /** Sends a notification to the client right away; `jsonrpc: "2.0"` is added for you. */
  readonly sendNotification: (notification: ServerNotification) => Promise<void>;
};

export type CallToolResult = {
  content: Array<{ type: 'text'; text: string }>;
  isError?: boolean;
};

/** The tool's arguments: how many steps, and how long each one takes. */
export type LongTaskArgs = { steps: number; delayMs: number };
