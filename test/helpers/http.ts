import { spawn } from 'node:child_process';
import { type ClientRequest, request } from 'node:http';
import { CLI, WORK } from './cli.js';

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

/** A `serve --http` child of a test: its URL once it listens, its stderr, and how to stop it. */
export type Serving = {
  readonly url: Promise<URL>;
  /** SIGTERM, once; resolves with the exit code and everything it wrote to stderr. */
  readonly stop: () => Promise<{ code: number | null; stderr: string }>;
  readonly stderr: () => string;
};

/**
 * `mcp-sim serve --http 0 …` as a child; `url` resolves once it says where it listens (in either
 * language). `started`, when given, collects its `stop` for the file's afterAll.
 */
export function startServe(
  args: readonly string[] = [],
  started?: Array<() => Promise<unknown>>,
): Serving {
  const child = spawn(process.execPath, [CLI, 'serve', '--http', '0', ...args], { cwd: WORK });
  let stderr = '';
  const url = new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      const match = /(?:listening on|正在监听) (http:\S+)/.exec(stderr);
      if (match?.[1]) resolve(new URL(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  let stopped: Promise<{ code: number | null; stderr: string }> | null = null;
  const stop = () => {
    stopped ??= new Promise((resolve) => {
      if (child.exitCode !== null) return resolve({ code: child.exitCode, stderr });
      child.on('exit', (code) => resolve({ code, stderr }));
      child.kill('SIGTERM');
    });
    return stopped;
  };
  started?.push(stop);
  return { url, stop, stderr: () => stderr };
}
