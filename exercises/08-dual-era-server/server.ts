import type {
  Caller,
  CallToolResult,
  Connection,
  JsonObject,
  Reply,
  Request,
  RpcError,
  Tool,
} from './mcp-sim.js';

/** The revisions with the per-request `_meta` envelope that this server serves. */
export const MODERN_VERSIONS = ['2026-07-28'];
/** The handshake-era revisions this server still negotiates at initialize (latest first). */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];

const SERVER_INFO = { name: 'dual-era-demo', version: '1.0.0' };
const CAPABILITIES = { tools: {} };

// The 2026-07-28 `_meta` keys (basic/index › _meta).
export const PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

const WHOAMI: Tool = {
  name: 'whoami',
  description: 'Says who the server thinks is calling: client, protocol version, capabilities.',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: {
    type: 'object',
    properties: {
      client: { type: ['string', 'null'] },
      protocolVersion: { type: 'string' },
      capabilities: { type: 'array', items: { type: 'string' } },
    },
    required: ['client', 'protocolVersion', 'capabilities'],
  },
};

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const fail = (code: number, message: string, data?: unknown): Reply => ({
  error: data === undefined ? { code, message } : ({ code, message, data } satisfies RpcError),
});

/** The whoami tool: what the server knows of its caller, for this one request. */
export function whoami(caller: Caller): CallToolResult {
  const capabilities = Object.keys(caller.clientCapabilities).sort();
  const name = caller.clientInfo
    ? `${caller.clientInfo.name} ${caller.clientInfo.version}`
    : 'an unnamed client';
  return {
    content: [
      {
        type: 'text',
        text: `You are ${name}, speaking ${caller.protocolVersion}, with ${capabilities.length > 0 ? capabilities.join(', ') : 'no optional capabilities'}.`,
      },
    ],
    structuredContent: {
      client: caller.clientInfo?.name ?? null,
      protocolVersion: caller.protocolVersion,
      capabilities,
    },
  };
}

/** tools/list and tools/call, the same in both eras once the caller is known. */
function operate(request: Request, caller: Caller): Reply {
  const params = request.params ?? {};
  switch (request.method) {
    case 'tools/list':
      return { result: { tools: [WHOAMI] } };
    case 'tools/call':
      if (params.name !== WHOAMI.name) {
        return fail(-32602, `Unknown tool: ${String(params.name)}`);
      }
      return { result: whoami(caller) };
    default:
      return fail(-32601, `Method not found: ${request.method}`);
  }
}

// ---- The handshake era: initialize opens a session on the connection. ----

/** What each legacy connection declared at initialize: the session, one per connection. */
const sessions = new Map<string, Caller>();

function initialize(params: JsonObject, connection: Connection): Reply {
  const requested = params.protocolVersion;
  const version =
    typeof requested === 'string' && LEGACY_VERSIONS.includes(requested)
      ? requested
      : (LEGACY_VERSIONS[0] as string);
  sessions.set(connection.id, {
    protocolVersion: version,
    clientInfo: isObject(params.clientInfo) ? (params.clientInfo as Caller['clientInfo']) : null,
    clientCapabilities: isObject(params.capabilities) ? params.capabilities : {},
  });
  return {
    result: { protocolVersion: version, capabilities: CAPABILITIES, serverInfo: SERVER_INFO },
  };
}

// ---- 2026-07-28: every request stands on its own `_meta`. ----

// TODO: serve the modern era (2026-07-28) next to the handshake era. Read the README first.
//  - server/discover: a DiscoverResult (supportedVersions, capabilities, resultType, ttlMs,
//    cacheScope, and the server's name in _meta["io.modelcontextprotocol/serverInfo"]).
//  - A request carrying the `_meta` envelope is served from that envelope alone: its
//    protocolVersion, clientCapabilities and clientInfo. Never from an initialize, never from an
//    earlier request on the same connection.
//  - A version this server does not serve: -32022 with data.supported and data.requested.
//  - A request missing a required `_meta` key: -32602.
//  - Every modern result carries resultType (tools/list also ttlMs and cacheScope).

/** Answers one request of a connection. */
export function handle(request: Request, connection: Connection): Reply {
  const params = request.params ?? {};
  if (request.method === 'initialize') return initialize(params, connection);
  // TODO: server/discover and requests with the `_meta` envelope are modern: serve them here.
  const session = sessions.get(connection.id);
  if (!session) return fail(-32600, 'Invalid Request: send initialize first');
  return operate(request, session);
}
