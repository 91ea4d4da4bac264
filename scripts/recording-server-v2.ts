/**
 * A small dual-era MCP server built on SDK v2 (`@modelcontextprotocol/server` 2.4.0), used only by
 * `scripts/record-eras.ts` as a real stdio child process:
 *
 *   node --import tsx scripts/recording-server-v2.ts
 *
 * `serveStdio(factory, { legacy: 'serve' })` pins one instance per connection: a modern opening
 * (`server/discover` or any request with the 2026-07-28 `_meta` envelope) gets a modern instance,
 * an `initialize` gets a 2025-era instance. The tools are written once for both eras: on a modern
 * request `inputRequired(...)` goes on the wire as an `input_required` result; on a legacy
 * connection the SDK's legacy shim turns it into real server→client requests.
 *
 * All texts are fixed so that recordings are repeatable.
 */
import {
  acceptedContent,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const SERVER_INFO = { name: 'mcp-sim-recording-server', version: '0.1.0' };
const INSTRUCTIONS = 'Recording server for mcp-sim fixtures. Every text is fixed.';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

/** Sends progress for the request's token, if it carried one. */
async function progress(ctx: ServerContext, value: number, total: number, message: string) {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return;
  await ctx.mcpReq.notify({
    method: 'notifications/progress',
    params: { progressToken: token, progress: value, total, message },
  });
}

function createServer(): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: true }, logging: {} },
    instructions: INSTRUCTIONS,
  });

  server.registerTool(
    'count',
    {
      description: 'Counts from 1 to n, one progress notification per step.',
      inputSchema: z.object({ n: z.number().int().min(1).max(10) }),
    },
    async ({ n }, ctx) => {
      for (let i = 1; i <= n; i++) {
        await sleep(40);
        await progress(ctx, i, n, `step ${i} of ${n}`);
      }
      // Let the last progress leave in its own chunk, before the result (SDK issue #2580).
      await sleep(40);
      return text(`counted to ${n}`);
    },
  );

  server.registerTool(
    'greet',
    {
      description: 'Greets someone and logs about it (notifications/message).',
      inputSchema: z.object({ name: z.string() }),
    },
    async ({ name }, ctx) => {
      await ctx.mcpReq.log('info', `greeting ${name}`, 'greeter');
      return text(`Hello, ${name}!`);
    },
  );

  const confirmSchema = z.object({ confirm: z.boolean() });
  server.registerTool(
    'deploy',
    {
      description: 'Deploys after the user confirms (elicitation).',
      inputSchema: z.object({ env: z.string() }),
    },
    async ({ env }, ctx) => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmSchema);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Deploy to ${env}?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Confirm' } },
                required: ['confirm'],
              },
            }),
          },
        });
      }
      return text(answer.confirm ? `deployed to ${env}` : `deployment to ${env} declined`);
    },
  );

  server.registerTool(
    'summarize',
    {
      description: 'Asks the client to sample a one-line summary (sampling).',
      inputSchema: z.object({ topic: z.string() }),
    },
    async ({ topic }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'summary');
      if (answer.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [
                {
                  role: 'user',
                  content: { type: 'text', text: `Summarize ${topic} in one line.` },
                },
              ],
              maxTokens: 50,
            }),
          },
          requestState: 'summarize:v1',
        });
      }
      const c = answer.result.content;
      const said = !Array.isArray(c) && c.type === 'text' ? c.text : '(no text)';
      return text(`summary: ${said}`);
    },
  );

  server.registerTool(
    'workspace',
    {
      description: "Lists the client's roots (roots).",
      inputSchema: z.object({}),
    },
    async (_args, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (answer.kind !== 'roots') {
        return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      }
      return text(`roots: ${answer.roots.map((r) => r.uri).join(', ')}`);
    },
  );

  server.registerTool(
    'wait',
    {
      description: 'Waits up to ms milliseconds; stops early when cancelled.',
      inputSchema: z.object({ ms: z.number().int().min(0).max(10_000) }),
    },
    async ({ ms }, ctx) => {
      await sleep(ms, ctx.mcpReq.signal);
      return text(`waited ${ms} ms`);
    },
  );

  let extraAdded = false;
  server.registerTool(
    'add-tool',
    {
      description: 'Registers the tool "extra" (emits notifications/tools/list_changed).',
      inputSchema: z.object({}),
    },
    async () => {
      if (!extraAdded) {
        extraAdded = true;
        server.registerTool(
          'extra',
          { description: 'Added at run time.', inputSchema: z.object({}) },
          async () => text('extra'),
        );
      }
      return text('added tool extra');
    },
  );

  return server;
}

serveStdio(() => createServer(), {
  legacy: 'serve',
  onerror: (error) => process.stderr.write(`recording-server-v2: ${error.message}\n`),
});
