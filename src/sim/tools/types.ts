import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool of the simulated server whose answer needs nothing but its arguments. Tools that report
 * progress or call back into the client are handled by the server itself.
 */
export type PureTool = {
  readonly definition: Tool;
  /**
   * Runs the tool. Bad arguments and failures of the tool itself are a result with `isError: true`
   * (Server › Tools › Error Handling), never a thrown error.
   */
  readonly run: (args: Readonly<Record<string, unknown>>) => CallToolResult;
};
