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

/** Is this a request of the modern era? Either required `_meta` key makes it one. */
function carriesEnvelope(params: JsonObject): boolean {
  const meta = params._meta;
  return isObject(meta) && (PROTOCOL_VERSION in meta || CLIENT_CAPABILITIES in meta);
}

/** The modern fields every result carries: resultType, and the server's name in `_meta`. */
function complete(result: JsonObject, cacheable: boolean): JsonObject {
  return {
    ...result,
    resultType: 'complete',
    ...(cacheable ? { ttlMs: 0, cacheScope: 'private' } : {}),
    _meta: { [SERVER_INFO_KEY]: SERVER_INFO },
  };
}

function modern(request: Request): Reply {
  const params = request.params ?? {};
  const meta = isObject(params._meta) ? params._meta : {};
  const version = meta[PROTOCOL_VERSION];
  const capabilities = meta[CLIENT_CAPABILITIES];
  const info = meta[CLIENT_INFO];
  // basic/index › _meta: a request without a required key is malformed.
  if (typeof version !== 'string') {
    return fail(-32602, `Invalid params: _meta["${PROTOCOL_VERSION}"] is required`);
  }
  if (!isObject(capabilities)) {
    return fail(
      -32602,
      `Invalid params: _meta["${CLIENT_CAPABILITIES}"] is required ({} for none)`,
    );
  }
  // basic/versioning › Protocol Version Negotiation. A handshake-era version declared here is
  // refused too: those are spoken only after initialize, never per request. So data.supported
  // names the versions a client can retry this request with, the modern ones.
  if (!MODERN_VERSIONS.includes(version)) {
    return fail(-32022, 'Unsupported protocol version', {
      supported: [...MODERN_VERSIONS],
      requested: version,
    });
  }
  if (request.method === 'server/discover') {
    return {
      result: complete(
        { supportedVersions: [...MODERN_VERSIONS], capabilities: CAPABILITIES },
        true,
      ),
    };
  }
  // Who is calling: this request's envelope, and nothing else.
  const caller: Caller = {
    protocolVersion: version,
    clientInfo: isObject(info) ? (info as Caller['clientInfo']) : null,
    clientCapabilities: capabilities,
  };
  const reply = operate(request, caller);
  if ('error' in reply) return reply;
  return { result: complete(reply.result, request.method === 'tools/list') };
}

/** Answers one request of a connection. */
export function handle(request: Request, connection: Connection): Reply {
  const params = request.params ?? {};
  if (request.method === 'initialize') return initialize(params, connection);
  // server/discover is modern whatever it carries: without the envelope it is a malformed one.
  if (request.method === 'server/discover' || carriesEnvelope(params)) return modern(request);
  const session = sessions.get(connection.id);
  if (!session) return fail(-32600, 'Invalid Request: send initialize first');
  return operate(request, session);
}
