import type { CallToolResult, LongTaskArgs, RequestHandlerExtra } from './mcp-sim.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The `long_running_task` tool: works through `args.steps` steps of `args.delayMs` each, then
 * answers. The simulated server calls it for every tools/call request and sends what it returns
 * as the result.
 */
export async function longRunningTask(
  args: LongTaskArgs,
  extra: RequestHandlerExtra,
): Promise<CallToolResult> {
  const token = extra._meta?.progressToken;
  for (let step = 1; step <= args.steps; step++) {
    await sleep(args.delayMs);
    // Cancelled: stop here. The server sends no response to a cancelled request.
    if (extra.signal.aborted) {
      return { content: [{ type: 'text', text: 'Cancelled.' }], isError: true };
    }
    // Only for a token the client sent; awaited, so every notification goes out before the result.
    if (token !== undefined) {
      await extra.sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: step,
          total: args.steps,
          message: `step ${step} of ${args.steps}`,
        },
      });
    }
  }
  return { content: [{ type: 'text', text: `Finished all ${args.steps} steps.` }] };
}
