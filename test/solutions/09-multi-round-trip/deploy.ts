import type {
  ElicitParams,
  ElicitResult,
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

// ---- requestState: sealed with an HMAC (SHA-256) under the shared secret. ----

/** What a round's state carries: the call it belongs to, what was decided, and until when. */
type State = { tool: 'deploy'; service: string; environment: 'production'; exp: number };

/** How long a round's state is accepted. */
const STATE_TTL_MS = 5 * 60_000;

const encoder = new TextEncoder();

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

async function mac(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toBase64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body))));
}

/** Equal strings, compared in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function seal(secret: string, state: State): Promise<string> {
  const body = toBase64url(encoder.encode(JSON.stringify(state)));
  return `${body}.${await mac(secret, body)}`;
}

/** The state, when it is one this server sealed, still fresh, for this very call; else why not. */
async function open(
  secret: string,
  text: string,
  service: string,
  now: number,
): Promise<State | string> {
  const [body, tag, ...rest] = text.split('.');
  if (!body || !tag || rest.length > 0) return 'requestState is not a state this server issued';
  // The MAC first: nothing of a forged state is read.
  if (!sameText(tag, await mac(secret, body))) {
    return 'requestState failed its integrity check; it was changed or made elsewhere';
  }
  const json = fromBase64url(body);
  let state: State;
  try {
    state = JSON.parse(json ?? '') as State;
  } catch {
    return 'requestState is not a state this server issued';
  }
  if (typeof state.exp !== 'number' || now >= state.exp) {
    return 'requestState has expired; call the tool again without it';
  }
  if (state.tool !== 'deploy' || state.service !== service) {
    return 'requestState belongs to another call; echo it only on the retry of its own call';
  }
  return state;
}

/** A round: what to ask, and the state the retry must bring back. */
function round(key: string, params: ElicitParams, requestState?: string): Reply {
  const result: InputRequiredResult & { _meta: typeof SERVER_META } = {
    resultType: 'input_required',
    inputRequests: { [key]: { method: 'elicitation/create', params } },
    ...(requestState !== undefined ? { requestState } : {}),
    _meta: SERVER_META,
  };
  return { result };
}

/** The answer of one key of inputResponses, when the client accepted the form. */
function accepted(responses: unknown, key: string): ElicitResult | null | 'declined' {
  const answer = isObject(responses) ? responses[key] : undefined;
  if (!isObject(answer)) return null;
  if (answer.action !== 'accept') return 'declined';
  return answer as ElicitResult;
}

/** Answers tools/call (2026-07-28): rounds of input_required, then the result. */
export async function callTool(request: Request, ctx: ServerContext): Promise<Reply> {
  const { name, arguments: args, _meta, inputResponses, requestState } = request.params;
  if (name !== 'deploy') return fail(-32602, `Unknown tool: ${String(name)}`);
  const service = isObject(args) ? args.service : undefined;
  if (typeof service !== 'string' || service === '') {
    return done('The argument "service" (a non-empty string) is required.', true);
  }
  // mrtr › Server Requirements (Basic Workflow): ask only what this request declared it can answer.
  const caps = isObject(_meta) ? _meta['io.modelcontextprotocol/clientCapabilities'] : undefined;
  const elicitation = isObject(caps) ? caps.elicitation : undefined;
  const form =
    isObject(elicitation) && (Object.keys(elicitation).length === 0 || isObject(elicitation.form));
  if (!form) {
    return fail(-32021, 'Missing required client capability: elicitation (form mode)', {
      requiredCapabilities: { elicitation: { form: {} } },
    });
  }

  // The second round's retry: its state says production was chosen for this service.
  if (requestState !== undefined) {
    const state = await open(ctx.secret, String(requestState), service, ctx.now);
    if (typeof state === 'string') return fail(-32602, `Invalid params: ${state}`);
    const sure = accepted(inputResponses, 'confirm');
    // mrtr › Error Handling: input missing → ask again (with the same state).
    if (sure === null) return round('confirm', CONFIRM_FORM(service), String(requestState));
    if (sure === 'declined') return done(`Deployment of ${service} cancelled.`);
    if (sure.content?.confirm !== service) {
      return done(`The confirmation did not match "${service}"; nothing was deployed.`, true);
    }
    return done(`Deployed ${service} to ${state.environment}.`);
  }

  // The first round's retry (or the first call): where to?
  const where = accepted(inputResponses, 'environment');
  if (where === null) return round('environment', ENVIRONMENT_FORM(service));
  const environment = where === 'declined' ? undefined : where.content?.environment;
  if (environment !== 'staging' && environment !== 'production') {
    return done(`Deployment of ${service} cancelled.`);
  }
  if (environment === 'staging') return done(`Deployed ${service} to staging.`);
  const state = await seal(ctx.secret, {
    tool: 'deploy',
    service,
    environment,
    exp: ctx.now + STATE_TTL_MS,
  });
  return round('confirm', CONFIRM_FORM(service), state);
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
  const { inputResponses: _old, requestState: _oldState, ...params } = original.params;
  return {
    id: newId,
    method: original.method,
    params: {
      ...params,
      inputResponses: responses,
      ...(round.requestState !== undefined ? { requestState: round.requestState } : {}),
    },
  };
}
