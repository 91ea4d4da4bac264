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
  for (let step = 1; step <= args.steps; step++) {
    await sleep(args.delayMs);
    // TODO 1: after each step, report progress with extra.sendNotification(...) — but only if the
    //         client asked for it: extra._meta?.progressToken. Echo that token, let `progress`
    //         grow with every step, and give `total`.
    // TODO 2: the client may cancel (extra.signal is then aborted): stop working, send nothing more.
  }
  return { content: [{ type: 'text', text: `Finished all ${args.steps} steps.` }] };
}
