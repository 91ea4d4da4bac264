import { hasCapability } from '../../protocol/capabilities.js';
import { idText } from '../../protocol/envelope.js';
import {
  CATALOGUE,
  CLIENT_CAPABILITIES_META,
  CLIENT_INFO_META,
  directionsIn,
  existsIn,
  type JsonObject,
  LATEST_STATELESS_VERSION,
  METHOD_NAMES,
  type MethodName,
  PROTOCOL_VERSION_META,
  type RequestId,
  SERVER_INFO_META,
  SUBSCRIPTION_ID_META,
} from '../../protocol/index.js';
import { answerInputRequests, retryParams } from '../client/input-rounds.js';
import { ACKNOWLEDGED, LISTEN } from '../client/listen-streams.js';
import { CACHEABLE } from '../server/served.js';
import { defaultParams, defaultResult, NOTES, toolCallParams } from './defaults.js';
import {
  type Candidate,
  call,
  errorAnswer,
  nextPages,
  type OfferKind,
  type OfferState,
  theirs,
  utilities,
} from './offers.js';

/** The revision every modern request names. */
export const MODERN_VERSION = LATEST_STATELESS_VERSION;

/** Requests that may get an input_required result (basic/patterns/mrtr › Supported Requests). */
const MRTR = new Set(['tools/call', 'prompts/get', 'resources/read']);
/** Handshake-era messages a client might still try: the referee says why each is gone. */
const REMOVED: readonly MethodName[] = [
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'notifications/roots/list_changed',
];

const offer = (
  key: string,
  kind: OfferKind,
  method: string,
  label: Candidate['label'],
  envelope: JsonObject,
): Candidate => ({ key, kind, method, label, envelope });

const same = (text: string) => ({ en: text, zh: text });

/**
 * 2026-07-28, the learner as client: a retry for each input_required round (first: the round
 * waits for it), every request of the revision with its `_meta` envelope, cancellation of its requests in flight; then what a
 * learner might try that the revision does not allow (the referee says which rule): a request
 * without the envelope, and (once the session is modern) the handshake and the removed methods.
 */
export function modernClientOffers(state: OfferState): Candidate[] {
  const { me, view } = state;
  const meta = {
    [PROTOCOL_VERSION_META]: MODERN_VERSION,
    [CLIENT_CAPABILITIES_META]: me.capabilities,
    [CLIENT_INFO_META]: { name: me.name, version: me.version },
  };
  const id = state.nextId;
  // server/discover first: what a modern client asks before anything else.
  const requests = [
    'server/discover' as const,
    ...METHOD_NAMES.filter((m) => m !== 'server/discover'),
  ]
    .filter(
      (m) =>
        existsIn(m, MODERN_VERSION) &&
        CATALOGUE[m].kind === 'request' &&
        'client->server' in directionsIn(m, MODERN_VERSION),
    )
    .map((method) =>
      offer(
        `request:${method}`,
        'request',
        method,
        same(method),
        call(id, method, {
          ...((method === 'tools/call' ? toolCallParams(state.served) : defaultParams(method)) ??
            {}),
          _meta: meta,
        }),
      ),
    );
  const retries = state.rounds.flatMap((round) => {
    // client/elicitation › URL Mode: the user only consents; no content comes back.
    const answered = answerInputRequests(round.inputRequests, me.capabilities, (m, p) =>
      m === 'elicitation/create' && p.mode === 'url' ? { action: 'accept' } : defaultResult(m),
    );
    if (!answered.ok) return [];
    const params = retryParams(round.params, answered.responses, round.requestState);
    return [
      offer(
        `retry:${idText(round.of)}`,
        'request',
        round.method,
        {
          en: `retry ${round.method} #${idText(round.of)} with the answers`,
          zh: `带上回答重试 ${round.method} #${idText(round.of)}`,
        },
        call(id, round.method, params),
      ),
    ];
  });
  // Without the envelope a request is a handshake-era one: at the opening it opens a legacy session
  // (initialize must come first), in a modern session it is malformed.
  const bare = offer(
    'bare:tools/list',
    'request',
    'tools/list',
    { en: 'tools/list without _meta', zh: '不带 _meta 的 tools/list' },
    call(id, 'tools/list', {}),
  );
  const later =
    view.era === 'modern'
      ? [
          offer(
            'request:initialize',
            'request',
            'initialize',
            same('initialize'),
            call(id, 'initialize', {
              protocolVersion: '2025-11-25',
              capabilities: me.capabilities,
              clientInfo: { name: me.name, version: me.version },
            }),
          ),
          ...REMOVED.map((method) => {
            const request = CATALOGUE[method].kind === 'request';
            return offer(
              `removed:${method}`,
              request ? 'request' : 'notification',
              method,
              same(method),
              call(request ? id : null, method, {
                ...(defaultParams(method) ?? {}),
                ...(request ? { _meta: meta } : {}),
              }),
            );
          }),
        ]
      : [];
  // A retry first: an input_required round waits for it, and it is the client's next move (the
  // list leads with it, and the cursor goes to the first row when a round opens).
  return [
    ...retries,
    ...nextPages(state, meta),
    ...requests,
    ...connect(state, meta),
    ...utilities(state),
    bare,
    ...later,
  ];
}

/**
 * tools/call connect_account, when the learner's client declares elicitation.url: in 2026-07-28
 * the simulated server answers it with an input_required round whose input request is a URL-mode
 * elicitation/create (client/elicitation › URL Mode Flow), and the retry offered for the round
 * accepts it. Only if the server has the tool (or its tools are not known yet).
 */
function connect(state: OfferState, meta: JsonObject): Candidate[] {
  const known = state.served?.map((t) => t.name) ?? state.tools;
  if (known !== null && !known.includes('connect_account')) return [];
  if (!hasCapability({ client: state.me.capabilities }, 'client.elicitation.url')) return [];
  return [
    offer(
      'request:tools/call:connect_account',
      'request',
      'tools/call',
      {
        en: 'tools/call connect_account (URL-mode elicitation)',
        zh: 'tools/call connect_account（URL 模式的 elicitation）',
      },
      call(state.nextId, 'tools/call', {
        name: 'connect_account',
        arguments: { service: 'calendar' },
        _meta: meta,
      }),
    ),
  ];
}

/**
 * 2026-07-28, the learner as server: it sends no requests, so it answers each request of the
 * client (a complete result, an input_required round where the method allows one, an error), and
 * reports progress for tokens it was given. A request of its own is offered too, for the referee
 * to show why the revision has none.
 */
export function modernServerAnswers(state: OfferState): Candidate[] {
  const { me } = state;
  const server = { [SERVER_INFO_META]: { name: me.name, version: me.version } };
  const answers = theirs(state).flatMap((p) => {
    const base =
      p.method === 'server/discover'
        ? { supportedVersions: [MODERN_VERSION], capabilities: me.capabilities }
        : defaultResult(p.method);
    // A result to subscriptions/listen ends that stream and names it (basic/patterns/subscriptions
    // › Graceful Closure).
    const listen = p.method === 'subscriptions/listen' ? { [SUBSCRIPTION_ID_META]: p.id } : {};
    const complete = {
      ...base,
      resultType: 'complete',
      ...(CACHEABLE.has(p.method) ? { ttlMs: 0, cacheScope: 'private' } : {}),
      _meta: { ...server, ...listen },
    };
    const { resultType: _type, ...untyped } = complete;
    const label = (en: string, zh: string) => ({
      en: `${en} for ${p.method} #${idText(p.id)}`,
      zh: `回应 ${p.method} #${idText(p.id)} 的${zh}`,
    });
    const out = [
      offer(`result:${idText(p.id)}`, 'result', p.method, label('result', '结果'), {
        jsonrpc: '2.0',
        id: p.id,
        result: complete,
      }),
    ];
    if (MRTR.has(p.method)) {
      out.push(
        offer(
          `input:${idText(p.id)}`,
          'result',
          p.method,
          label('input_required', ' input_required'),
          {
            jsonrpc: '2.0',
            id: p.id,
            result: {
              resultType: 'input_required',
              inputRequests: {
                rating: {
                  method: 'elicitation/create',
                  params: defaultParams('elicitation/create'),
                },
              },
              requestState: 'learner-state-1',
              _meta: server,
            },
          },
        ),
      );
    }
    out.push(errorAnswer(p, state));
    out.push(
      offer(
        `untyped:${idText(p.id)}`,
        'result',
        p.method,
        label('result without resultType', '不带 resultType 的结果'),
        { jsonrpc: '2.0', id: p.id, result: untyped },
      ),
    );
    return out;
  });
  const ask = offer(
    'request:sampling/createMessage',
    'request',
    'sampling/createMessage',
    same('sampling/createMessage'),
    call(state.nextId, 'sampling/createMessage', defaultParams('sampling/createMessage')),
  );
  // A listen's own answer ends its stream: it comes after the stream's acknowledgment and
  // notifications, which are what the client waits for. So does tearing it down.
  const stream = streamOffers(state);
  const ends = answers.filter((a) => a.method === LISTEN);
  return [
    ...stream.filter((o) => o.method === ACKNOWLEDGED),
    ...answers.filter((a) => a.method !== LISTEN),
    ...stream.filter((o) => o.method !== ACKNOWLEDGED),
    ...ends,
    ...serverCancels(state),
    ...utilities(state),
    ask,
  ];
}

/**
 * 2026-07-28, the learner as server: a server sends notifications/cancelled only to tear down a
 * listen stream, naming the listen request (basic/patterns/cancellation: it MUST when it tears one
 * down, and MUST NOT for any other purpose; subscriptions › Cancellation prefers a result first).
 * So each open stream can be torn down, and cancelling the client's first other request is offered
 * for the referee to say why not.
 */
function serverCancels(state: OfferState): Candidate[] {
  const cancel = (id: RequestId, reason: string) =>
    call(null, 'notifications/cancelled', { requestId: id, reason });
  const teardowns = state.listens.map((listen) =>
    offer(
      `teardown:${idText(listen.id)}`,
      'notification',
      'notifications/cancelled',
      {
        en: `tear down listen #${idText(listen.id)} with notifications/cancelled`,
        zh: `用 notifications/cancelled 拆除 listen #${idText(listen.id)}`,
      },
      cancel(listen.id, 'The server is shutting down'),
    ),
  );
  const other = theirs(state).find((p) => p.method !== LISTEN);
  const forbidden = other
    ? [
        offer(
          `cancel-theirs:${idText(other.id)}`,
          'notification',
          'notifications/cancelled',
          {
            en: `cancel the client's ${other.method} #${idText(other.id)}`,
            zh: `取消客户端的 ${other.method} #${idText(other.id)}`,
          },
          cancel(other.id, 'The server gave up'),
        ),
      ]
    : [];
  return [...teardowns, ...forbidden];
}

/** The notifications a listen stream carries (basic/patterns/subscriptions › Notification Filter). */
const STREAM_NOTIFICATIONS = [
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/resources/list_changed',
  'notifications/resources/updated',
] as const;

/**
 * 2026-07-28, the learner as server, for each listen stream the client keeps open: the
 * acknowledgment (first, honouring what was asked), then each change notification on the stream
 * (what the filter did not ask for too: the referee says why not). And, once, a list_changed on
 * no stream, as the handshake era sent it: the referee says why it is gone.
 */
function streamOffers(state: OfferState): Candidate[] {
  const on = (method: string, id: RequestId | null): JsonObject => ({
    ...(method === 'notifications/resources/updated' ? { uri: NOTES } : {}),
    ...(id === null ? {} : { _meta: { [SUBSCRIPTION_ID_META]: id } }),
  });
  const streams = state.listens.flatMap((listen) => [
    ...(listen.acknowledged
      ? []
      : [
          offer(
            `ack:${idText(listen.id)}`,
            'notification',
            ACKNOWLEDGED,
            {
              en: `acknowledge listen #${idText(listen.id)}`,
              zh: `确认 listen #${idText(listen.id)}`,
            },
            call(null, ACKNOWLEDGED, {
              notifications: listen.filter,
              _meta: { [SUBSCRIPTION_ID_META]: listen.id },
            }),
          ),
        ]),
    ...STREAM_NOTIFICATIONS.map((method) =>
      offer(
        `stream:${idText(listen.id)}:${method}`,
        'notification',
        method,
        {
          en: `${method} on listen #${idText(listen.id)}`,
          zh: `listen #${idText(listen.id)} 流上的 ${method}`,
        },
        call(null, method, on(method, listen.id)),
      ),
    ),
  ]);
  const bare = 'notifications/tools/list_changed';
  const unsolicited = offer(
    `unsolicited:${bare}`,
    'notification',
    bare,
    { en: `${bare} on no stream`, zh: `不在任何订阅流上的 ${bare}` },
    call(null, bare, on(bare, null)),
  );
  return [...streams, unsolicited];
}
