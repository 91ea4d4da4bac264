import { type ClientRequest, request } from 'node:http';

export type RawResponse = {
  readonly status: number;
  readonly body: string;
  /** The Mcp-Session-Id the server gave, if any. */
  readonly session: string | undefined;
};

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** A raw HTTP request to an MCP endpoint (node:http lets a test set Host, unlike fetch). */
export function raw(
  url: string | URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...HEADERS, ...headers } }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => {
        text += b.toString();
      });
      res.on('end', () => {
        const session = res.headers['mcp-session-id'];
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          session: typeof session === 'string' ? session : undefined,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens the GET event stream of a session; resolves once the server has answered its headers. */
export function openStream(
  url: string | URL,
  headers: Record<string, string>,
): Promise<{ readonly status: number; readonly request: ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { ...HEADERS, ...headers } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, request: req });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Destroying the stream on purpose ends it with ECONNRESET; anything else is a failure.
      if (error.code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

export const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});
