import type { CallToolResult, ToolContext } from './mcp-sim.js';

/**
 * The `summarize_text` tool: asks the client's language model (sampling) for a one-sentence
 * summary. The simulated server calls it for every tools/call and sends what it returns.
 */
export async function summarizeText(
  args: { text: string },
  ctx: ToolContext,
): Promise<CallToolResult> {
  // TODO: not every client declares `sampling`. Sending sampling/createMessage to one that did not
  //       breaks the capability rules. Look at ctx.clientCapabilities first, and when sampling is
  //       missing, answer with a tool result that says why (isError: true) or with a fallback.
  const reply = await ctx.createMessage({
    messages: [
      { role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n${args.text}` } },
    ],
    maxTokens: 100,
  });
  return { content: [{ type: 'text', text: `Summary: ${reply.content.text}` }] };
}
