import type { JsonObject, RequestId } from '../../src/protocol/index.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

/**
 * Envelopes of the modern era (2026-07-28) for rule tests: every request carries its revision and
 * capabilities in `_meta` (basic/index › _meta), every result its `resultType`.
 */
export const MODERN = '2026-07-28';
export const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CAPS_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const INFO_KEY = 'io.modelcontextprotocol/clientInfo';
export const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
export const SUBSCRIPTION_KEY = 'io.modelcontextprotocol/subscriptionId';

/** What a typical modern client declares on each request. */
export const MODERN_CAPS: JsonObject = { elicitation: { form: {} }, sampling: {}, roots: {} };

export type EnvelopeOptions = {
  readonly version?: string;
  readonly capabilities?: JsonObject;
  /** Extra `_meta` keys (progressToken, logLevel…). */
  readonly meta?: JsonObject;
  /** Leave these keys out of the envelope. */
  readonly without?: readonly string[];
};

export function envelope(options: EnvelopeOptions = {}): JsonObject {
  const meta: JsonObject = {
    [VERSION_KEY]: options.version ?? MODERN,
    [CAPS_KEY]: options.capabilities ?? MODERN_CAPS,
    [INFO_KEY]: { name: 'rules-test-client', version: '1.0.0' },
    ...options.meta,
  };
  for (const key of options.without ?? []) delete meta[key];
  return meta;
}

/** A modern request: `params._meta` holds the envelope. */
export function modernRequest(
  id: RequestId,
  method: string,
  params: JsonObject = {},
  options: EnvelopeOptions = {},
): JsonObject {
  const extra = typeof params._meta === 'object' && params._meta !== null ? params._meta : {};
  return rpc.request(id, method, {
    ...params,
    _meta: { ...envelope(options), ...(extra as JsonObject) },
  });
}

/** A modern result: `resultType` (complete unless given) and the server's identity in `_meta`. */
export function modernResult(id: RequestId, result: JsonObject = {}): JsonObject {
  return rpc.result(id, {
    resultType: 'complete',
    ...result,
    _meta: { [SERVER_INFO_KEY]: { name: 'rules-test-server', version: '1.0.0' } },
  });
}

export const SERVER_CAPS_MODERN: JsonObject = {
  tools: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  prompts: { listChanged: true },
  logging: {},
  completions: {},
};

/** A DiscoverResult (server/discover): cacheable, so ttlMs and cacheScope. */
export function discoverResult(id: RequestId, versions: readonly string[] = [MODERN]): JsonObject {
  return modernResult(id, {
    supportedVersions: [...versions],
    capabilities: SERVER_CAPS_MODERN,
    ttlMs: 0,
    cacheScope: 'private',
  });
}

/** A modern session opened by server/discover and its DiscoverResult. */
export function discovered(): SessionBuilder {
  return session()
    .client(modernRequest('probe', 'server/discover'))
    .server(discoverResult('probe'));
}

/** A modern session whose first message is an ordinary request (no probe). */
export function modernSession(): SessionBuilder {
  return session();
}
