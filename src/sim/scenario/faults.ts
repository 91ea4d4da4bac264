import type { Direction, JsonObject, RequestId } from '../../protocol/index.js';
import type { SessionLog } from '../../session/index.js';
import type { SimClient } from '../client/sim-client.js';
import type { SimServer } from '../server/sim-server.js';
import { modernFault } from './faults-modern.js';

/** What a buggy peer does, by name: each produces one envelope that breaks one rule. */
export const FAULT_NAMES = [
  'request-before-initialize',
  'request-before-initialized',
  'reuse-id',
  'answer-unknown-id',
  'undeclared-notification',
  'undeclared-request',
  'decreasing-progress',
  'progress-after-completion',
  'progress-after-cancellation',
  'unknown-progress-token',
  'response-after-cancellation',
  'wrong-version',
  'null-id',
  'notification-with-id',
  'update-without-subscribe',
  'unknown-method',
  'undeclared-method',
  'cancel-initialize',
  // 2026-07-28 (lessons 26–30)
  'request-without-meta',
  'server-sends-request',
  'result-without-type',
  'result-without-cache-hints',
  'answer-unsupported-version',
  'version-error-without-supported',
  'input-request-not-declared',
  'capability-error-without-data',
  'result-without-server-info',
  'log-nobody-asked-for',
  'initialize-in-modern-session',
  'removed-method',
  'retired-error-code',
  'input-required-on-list',
  'input-required-empty-round',
  'retry-with-original-id',
  'retry-with-altered-state',
  'retry-without-answers',
  'retry-of-no-round',
  'notification-before-ack',
  'ack-beyond-filter',
  'list-changed-without-listen',
  'notification-not-in-filter',
  'server-cancels-request',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export type FaultContext = {
  readonly client: SimClient;
  readonly server: SimServer;
  /** The session so far, asked through the log (never the referee's own records). */
  readonly log: SessionLog;
  /** Client requests cancelled while still pending, oldest first, with their progress tokens. */
  readonly cancelled: ReadonlyArray<{ readonly id: RequestId; readonly token?: string }>;
  /** Client progress tokens whose request was answered, oldest first. */
  readonly completedTokens: readonly (string | number)[];
  readonly params: JsonObject;
};

export type FaultResult =
  | { readonly ok: true; readonly direction: Direction; readonly message: JsonObject }
  | { readonly ok: false; readonly error: string };

const C2S: Direction = 'client->server';
const S2C: Direction = 'server->client';
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

function activeToken(ctx: FaultContext): { token: string | number; last: number } | null {
  for (const p of [...ctx.log.view().pending].reverse()) {
    if (p.requester !== 'client' || p.progressToken === undefined) continue;
    const record = ctx.log.tokenProgress('client', p.progressToken);
    return { token: p.progressToken, last: record?.last ?? 0 };
  }
  return null;
}

const progress = (token: string | number, value: number): JsonObject => ({
  jsonrpc: '2.0',
  method: 'notifications/progress',
  params: { progressToken: token, progress: value },
});

/** Builds the faulty envelope; the engine then sends it like any other. */
export function makeFault(name: FaultName, ctx: FaultContext): FaultResult {
  const { client, server, params } = ctx;
  switch (name) {
    case 'request-before-initialize':
    case 'reuse-id': {
      const method = str(params.method, name === 'reuse-id' ? 'ping' : 'tools/list');
      if (name === 'request-before-initialize') {
        return { ok: true, direction: C2S, message: client.request(method) };
      }
      const used = client.peekId() - 1;
      if (used < 1) return { ok: false, error: 'reuse-id needs an earlier client request' };
      return { ok: true, direction: C2S, message: { jsonrpc: '2.0', id: used, method } };
    }
    case 'request-before-initialized':
      return {
        ok: true,
        direction: S2C,
        message: server.makeRequest(str(params.method, 'roots/list')),
      };
    case 'answer-unknown-id':
      return { ok: true, direction: S2C, message: { jsonrpc: '2.0', id: 999, result: {} } };
    case 'undeclared-notification':
      return {
        ok: true,
        direction: S2C,
        message: { jsonrpc: '2.0', method: str(params.method, 'notifications/tools/list_changed') },
      };
    case 'undeclared-request':
      return {
        ok: true,
        direction: S2C,
        message: server.makeRequest('sampling/createMessage', {
          messages: [{ role: 'user', content: { type: 'text', text: 'Hello?' } }],
          maxTokens: 50,
        }),
      };
    case 'decreasing-progress': {
      const active = activeToken(ctx);
      if (!active)
        return { ok: false, error: 'decreasing-progress needs a request with a progress token' };
      return {
        ok: true,
        direction: S2C,
        message: progress(active.token, Math.max(0, active.last - 1)),
      };
    }
    case 'progress-after-completion': {
      const token = ctx.completedTokens.at(-1);
      if (token === undefined)
        return {
          ok: false,
          error: 'progress-after-completion needs a completed request with a progress token',
        };
      return { ok: true, direction: S2C, message: progress(token, 99) };
    }
    case 'progress-after-cancellation': {
      // The token the cancelled request itself carried: progress on it is what a server that
      // ignores the cancellation keeps sending.
      const token = ctx.cancelled.findLast((c) => c.token !== undefined)?.token;
      if (token === undefined)
        return {
          ok: false,
          error: 'progress-after-cancellation needs a cancelled request with a progress token',
        };
      return { ok: true, direction: S2C, message: progress(token, 99) };
    }
    case 'unknown-progress-token':
      return { ok: true, direction: S2C, message: progress('nobody-sent-this-token', 1) };
    case 'response-after-cancellation': {
      const id = ctx.cancelled.at(-1)?.id;
      if (id === undefined)
        return { ok: false, error: 'response-after-cancellation needs a cancelled request' };
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          id,
          result: { content: [{ type: 'text', text: 'Done anyway.' }] },
        },
      };
    }
    case 'wrong-version': {
      const init = client.pending().find((p) => p.method === 'initialize');
      if (!init) return { ok: false, error: 'wrong-version needs a pending initialize' };
      server.outbox.dropAbout(init.id);
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          id: init.id,
          result: {
            protocolVersion: str(params.version, '2099-01-01'),
            capabilities: server.config.capabilities,
            serverInfo: { name: server.config.name, version: server.config.version },
          },
        },
      };
    }
    case 'unknown-method':
      return {
        ok: true,
        direction: C2S,
        message: client.request(str(params.method, 'weather/forecast')),
      };
    case 'undeclared-method':
      return {
        ok: true,
        direction: C2S,
        message: client.request(str(params.method, 'resources/list')),
      };
    case 'cancel-initialize': {
      const init = client.pending().find((p) => p.method === 'initialize');
      if (!init) return { ok: false, error: 'cancel-initialize needs a pending initialize' };
      return {
        ok: true,
        direction: C2S,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: init.id, reason: 'taking too long' },
        },
      };
    }
    case 'null-id':
      return { ok: true, direction: C2S, message: { jsonrpc: '2.0', id: null, method: 'ping' } };
    case 'notification-with-id':
      return {
        ok: true,
        direction: C2S,
        message: { jsonrpc: '2.0', id: client.allocateId(), method: 'notifications/initialized' },
      };
    case 'update-without-subscribe':
      return {
        ok: true,
        direction: S2C,
        message: {
          jsonrpc: '2.0',
          method: 'notifications/resources/updated',
          params: { uri: str(params.uri, 'file:///project/README.md') },
        },
      };
    default:
      return modernFault(name, ctx);
  }
}
