/**
 * A small SDK v2 server (`@modelcontextprotocol/server` 2.4.0) whose tools break the media and
 * URL rules in ways a real server can, recorded against mcp-sim connect for
 * test/fixtures/real/v2-media-connect.jsonl (see the README there):
 *
 *   node dist/cli/main.js connect --era modern ... -- node --import tsx scripts/recording-server-v2-media.ts
 *
 * `media` returns valid MIME types (and an embedded resource with none, which no rule judges);
 * `media-bad` a bare "png" image and a "markdown" embedded resource; `sample-bad` asks, through
 * an input_required round, for sampling of messages whose image, and the image inside a
 * tool_result, say "jpeg"; `connect-leaky` asks for a URL-mode elicitation whose URL carries an
 * access_token. Each round's tool completes on the retry, whatever the client answered.
 */
import { inputRequired, inputResponse, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const text = (t: string) => ({ type: 'text' as const, text: t });
const none = z.object({});

function createServer(): McpServer {
  const server = new McpServer({ name: 'mcp-sim-media-server', version: '0.1.0' }, {});
  server.registerResource(
    'note',
    'file:///notes/a.md',
    { mimeType: 'text/markdown' },
    async () => ({
      contents: [{ uri: 'file:///notes/a.md', mimeType: 'text/markdown', text: '# A' }],
    }),
  );
  server.registerTool('media', { description: 'Valid media.', inputSchema: none }, async () => ({
    content: [
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'file:///notes/a.md', mimeType: 'text/markdown', text: '# A' },
      },
      { type: 'resource', resource: { uri: 'file:///notes/c.txt', text: 'no mimeType' } },
    ],
  }));
  server.registerTool('media-bad', { description: 'Bare types.', inputSchema: none }, async () => ({
    content: [
      { type: 'image', data: PNG, mimeType: 'png' },
      {
        type: 'resource',
        resource: { uri: 'file:///notes/a.md', mimeType: 'markdown', text: '# A' },
      },
    ],
  }));
  server.registerTool(
    'sample-bad',
    { description: 'Sampling.', inputSchema: none },
    async (_a, ctx) => {
      if (ctx.mcpReq.inputResponses?.look !== undefined) return { content: [text('seen')] };
      const image = { type: 'image' as const, data: PNG, mimeType: 'jpeg' };
      return inputRequired({
        inputRequests: {
          look: inputRequired.createMessage({
            messages: [
              { role: 'user', content: [text('What is this?'), image] },
              {
                role: 'assistant',
                content: [{ type: 'tool_use', id: 'u1', name: 'zoom', input: {} }],
              },
              {
                role: 'user',
                content: [{ type: 'tool_result', toolUseId: 'u1', content: [image] }],
              },
            ],
            tools: [{ name: 'zoom', inputSchema: { type: 'object' } }],
            maxTokens: 40,
          }),
        },
      });
    },
  );
  server.registerTool(
    'connect-leaky',
    { description: 'URL elicitation.', inputSchema: none },
    async (_a, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'link');
      if (answer.kind === 'elicit') return { content: [text(`the user chose: ${answer.action}`)] };
      const url = 'https://auth.example.com/connect?access_token=sk-live-4f9a8b7c6d5e';
      return inputRequired({
        inputRequests: { link: inputRequired.elicitUrl({ message: 'Connect your account', url }) },
      });
    },
  );
  return server;
}

serveStdio(createServer);
