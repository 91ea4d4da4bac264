import type { CallToolResult, ToolContext } from './mcp-sim.js';

/**
 * The `summarize_text` tool: asks the client's language model (sampling) for a one-sentence
 * summary. The simulated server calls it for every tools/call and sends what it returns.
 */
export async function summarizeText(
  args: { text: string },
  ctx: ToolContext,
): Promise<CallToolResult> {
  // Only negotiated capabilities may be used: no sampling declared, no sampling/createMessage.
  if (!ctx.clientCapabilities.sampling) {
    return {
      content: [
        {
          type: 'text',
          text: 'No summary: this client did not declare the sampling capability, so the server cannot ask its model.',
        },
      ],
      isError: true,
    };
  }
  const reply = await ctx.createMessage({
    messages: [
      { role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n${args.text}` } },
    ],
    maxTokens: 100,
  });
  return { content: [{ type: 'text', text: `Summary: ${reply.content.text}` }] };
}
