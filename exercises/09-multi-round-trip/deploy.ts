import type {
  ElicitParams,
  InputRequiredResult,
  InputResponses,
  JsonObject,
  LegacyToolContext,
  Reply,
  Request,
  RequestId,
  ServerContext,
} from './mcp-sim.js';

export const SERVER_META = {
  'io.modelcontextprotocol/serverInfo': { name: 'deploy-bot', version: '2.0.0' },
};

/** What the first question asks: where to deploy. */
export const ENVIRONMENT_FORM = (service: string): ElicitParams => ({
  mode: 'form',
  message: `Deploy ${service} to which environment?`,
  requestedSchema: {
    type: 'object',
    properties: { environment: { type: 'string', enum: ['staging', 'production'] } },
    required: ['environment'],
  },
});

/** What production needs as well: the service's name typed again. */
export const CONFIRM_FORM = (service: string): ElicitParams => ({
  mode: 'form',
  message: `Type ${service} to deploy it to production.`,
  requestedSchema: {
    type: 'object',
    properties: { confirm: { type: 'string' } },
    required: ['confirm'],
  },
});

/** A final result: its text, marked as the end of the call. */
export function done(text: string, isError = false): Reply {
  return {
    result: {
      resultType: 'complete',
      content: [{ type: 'text', text }],
      ...(isError ? { isError: true } : {}),
      _meta: SERVER_META,
    },
  };
}

const fail = (code: number, message: string, data?: unknown): Reply => ({
  error: data === undefined ? { code, message } : { code, message, data },
});

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The tool as it was in the handshake era: the server sent elicitation/create to the client itself
 * (a JSON-RPC request with an id of the server's) and waited, the call held open meanwhile.
 * 2026-07-28 has no server-to-client requests; `callTool` below replaces this.
 */
export async function deployHandshakeEra(
  args: { service: string },
  ctx: LegacyToolContext,
): Promise<string> {
  const where = await ctx.elicit(ENVIRONMENT_FORM(args.service));
  const environment = where.action === 'accept' ? where.content?.environment : undefined;
  if (environment !== 'staging' && environment !== 'production') {
    return `Deployment of ${args.service} cancelled.`;
  }
  if (environment === 'production') {
    const sure = await ctx.elicit(CONFIRM_FORM(args.service));
    if (sure.action !== 'accept') return `Deployment of ${args.service} cancelled.`;
    if (sure.content?.confirm !== args.service) {
      return `The confirmation did not match "${args.service}"; nothing was deployed.`;
    }
  }
  return `Deployed ${args.service} to ${environment}.`;
}

// ---- 2026-07-28: no server-to-client requests; rounds of input_required instead. ----

/**
 * Answers tools/call of `deploy` in 2026-07-28 (basic/patterns/mrtr): the first call gets an
 * input_required result asking ENVIRONMENT_FORM; the client's retry (a new id, the same name and
 * arguments, `inputResponses`, the round's `requestState` echoed) goes on where it left off.
 */
export async function callTool(request: Request, ctx: ServerContext): Promise<Reply> {
  // TODO: turn deployHandshakeEra into rounds. Read the README first:
  //  - a request whose clientCapabilities has no elicitation (form): -32021, never a round;
  //  - first call: { resultType: "input_required", inputRequests: { environment: ... } };
  //  - retry with environment "staging": done(`Deployed ${service} to staging.`);
  //  - retry with "production": a second round asking CONFIRM_FORM (key "confirm"), with a
  //    requestState that carries what the server must remember, sealed with an HMAC under
  //    ctx.secret, bound to this call (the service) and with an expiry (ctx.now);
  //  - a requestState that fails verification, has expired or belongs to another call: an error.
  //  Keep nothing in module variables: the retry may reach another instance of the server.
  void ctx;
  void isObject;
  return fail(-32601, `Method not found: ${request.method} (not served in 2026-07-28 yet)`);
}

/**
 * The client's half: the retry of `original` after its input_required `round`, with the answers
 * the client gathered (mrtr › Client Requirements (Basic Workflow)).
 */
export function buildRetry(
  original: Request,
  round: InputRequiredResult,
  responses: InputResponses,
  newId: RequestId,
): Request {
  // TODO: a new id, the same method, name, arguments and _meta, the answers as inputResponses,
  //       and the round's requestState exactly as it came (none when the round had none).
  void round;
  void responses;
  void newId;
  return original;
}
