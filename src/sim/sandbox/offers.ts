import type { PendingRequest } from '../../machine/index.js';
import { idKey, idText } from '../../protocol/envelope.js';
import {
  type Bilingual,
  CATALOGUE,
  type Direction,
  type Directions,
  directionsIn,
  existsIn,
  hasCapability,
  isObject,
  type JsonObject,
  type KnownVersion,
  METHOD_NAMES,
  type MethodName,
  negotiateVersion,
  type RequestId,
  type Side,
} from '../../protocol/index.js';
import { RELATED_TASK_META } from '../../protocol/meta-keys.js';
import type { Block, OfferView } from './blocks.js';
import { defaultParams, defaultResult, type ServedTool, toolCallParams } from './defaults.js';
import { modernClientOffers, modernServerAnswers } from './modern-offers.js';
import type { Unsure } from './served.js';

export type OfferKind = 'request' | 'notification' | 'result' | 'error';

/** What the learner's side can do to the transport itself: no message is written. */
export type TransportAct =
  | { readonly type: 'close' }
  /** The client closes the HTTP response stream of its request `id` (2026-07-28: it cancels). */
  | { readonly type: 'abandon'; readonly id: RequestId }
  /** The learner lets time pass until the simulated server's next message is due. */
  | { readonly type: 'wait' };

/** An offer before the referee is asked about it: what the catalogue and the session suggest. */
export type Candidate = {
  /** Unique in one list (the screen keys its rows by it). */
  readonly key: string;
  /** The method it calls, or the method of the request it answers (empty for a close). */
  readonly method: string;
  readonly label: Bilingual;
} & (
  | { readonly kind: OfferKind; readonly envelope: JsonObject }
  | { readonly kind: 'transport'; readonly act: TransportAct }
);

/**
 * One thing the learner's side could do now — a message ready to send, or an act on the transport —
 * and what the rules say of it.
 */
export type Offer = Candidate & {
  /** Empty: allowed now. Otherwise every rule the referee will report, in its order. */
  readonly blocks: readonly Block[];
  /**
   * Allowed, but the server is not known to serve it (a 2026-07-28 client that has not learnt the
   * server's capabilities: src/sim/sandbox/served.ts); null when nothing is in doubt.
   */
  readonly unsure: Unsure | null;
};

/** An offer that is a message (not an act on the transport). */
export type MessageOffer = Extract<Offer, { readonly envelope: JsonObject }>;

/** Who the learner's side is: what its initialize (or each modern request) declares. */
export type Identity = {
  readonly name: string;
  readonly version: string;
  readonly versions: readonly string[];
  readonly capabilities: JsonObject;
};

/** An input_required result the client may answer with a retry (2026-07-28, mrtr). */
export type OpenRound = {
  readonly of: RequestId;
  readonly method: string;
  readonly params: JsonObject;
  readonly inputRequests: JsonObject;
  readonly requestState: string | undefined;
};

/** A subscriptions/listen stream the client opened (2026-07-28), as the learner's server sees it. */
export type OpenListen = {
  readonly id: RequestId;
  /** The filter it asked for (its `notifications` param). */
  readonly filter: JsonObject;
  /** Has the server sent notifications/subscriptions/acknowledged for it? */
  readonly acknowledged: boolean;
};

export type OfferState = {
  readonly era: 'legacy' | 'modern';
  readonly side: Side;
  readonly view: OfferView;
  /** The id the learner's next request takes (ids are never reused). */
  readonly nextId: number;
  readonly me: Identity;
  /** The highest progress reported so far for each of the other side's tokens (by String(token)). */
  readonly progress: Readonly<Record<string, number | null>>;
  readonly rounds: readonly OpenRound[];
  /** The other side's listen streams still open (the learner being a 2026-07-28 server). */
  readonly listens: readonly OpenListen[];
  /**
   * The taskIds of the tasks the other side created for the learner's task-augmented requests
   * (2025-11-25 basic/utilities/tasks › Creating Tasks), oldest first.
   */
  readonly tasks: readonly string[];
  /**
   * How long (ms) until the simulated server's next message is due, when it has one it holds for
   * later (a task's end, a long tool's progress, a URL-mode elicitation's completion); else null.
   */
  readonly wait: number | null;
  /** The tools the latest tools/list result named (null before one was answered). */
  readonly tools: readonly string[] | null;
  /** The tools the simulated server offers (the learner being the client), else null. */
  readonly served: readonly ServedTool[] | null;
  /**
   * The elicitationIds the learner's server established, oldest first: its URL-mode
   * elicitation/create requests and its -32042 errors (2025-11-25 client/elicitation).
   */
  readonly elicitations: readonly string[];
  /** The params of each request of the other side still waiting, by idKey of its id. */
  readonly theirParams: Readonly<Record<string, JsonObject>>;
  /**
   * The tasks the learner's side created for the other side's task-augmented requests (its
   * CreateTaskResults), oldest first, each with the status it last reported (its CreateTaskResult,
   * its tasks/get results, its notifications/tasks/status).
   */
  readonly ownTasks: readonly OwnTask[];
  /**
   * The lists whose latest page the learner's client got said more follow: each method with the
   * nextCursor that asks for the next page (server/utilities/pagination).
   */
  readonly pages: readonly NextPage[];
};

/** A list with more pages: its method and the nextCursor its latest page gave. */
export type NextPage = { readonly method: string; readonly cursor: string };

/** A task the learner's side created (2025-11-25 basic/utilities/tasks › Creating Tasks). */
export type OwnTask = { readonly taskId: string; readonly status: string; readonly ttl: number };

/** Utilities the offers build from the requests in flight, not from the catalogue's list. */
const BY_REQUEST = new Set<MethodName>(['notifications/progress', 'notifications/cancelled']);
/** Its params are a whole task: offered only for a task of the learner's (legacyCalls). */
const LEFT_OUT = new Set<MethodName>(['notifications/tasks/status']);

/**
 * Where an offer goes in the list: the allowed messages (and a wait, which is what comes next when
 * there is nothing else to send), then the allowed ones the server is not known to serve, then the
 * other acts on the transport (closing ends what the messages could do), then what the rules flag.
 */
function rank(offer: Offer): number {
  if (offer.blocks.length > 0) return 3;
  if (offer.unsure !== null) return 1;
  return offer.kind === 'transport' && offer.act.type !== 'wait' ? 2 : 0;
}

/** The offers in list order (rank), each group in the order it was built. */
export const allowedFirst = (offers: readonly Offer[]): Offer[] =>
  [0, 1, 2, 3].flatMap((r) => offers.filter((o) => rank(o) === r));

export function call(id: number | null, method: string, params?: JsonObject): JsonObject {
  const body: JsonObject =
    id === null ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', id, method };
  return params === undefined ? body : { ...body, params };
}

const sent = (side: Side): Direction => (side === 'client' ? 'client->server' : 'server->client');

/**
 * What the learner's side could send now, before the referee is asked which of it is allowed:
 * every method of the revision that travels this way (from the catalogue), an answer to each
 * request of the other side still waiting, the utilities of requests in flight, and in the modern
 * era the handshake-era messages a learner might still try. Whether each is allowed, and which
 * rules forbid it, is the referee's to say (`SandboxSession.offers`).
 */
export function candidatesFor(state: OfferState): Candidate[] {
  const messages =
    state.era === 'legacy'
      ? [
          ...answers(state),
          ...nextPages(state),
          ...handshakeLast(state, legacyCalls(state)),
          ...utilities(state),
        ]
      : state.side === 'client'
        ? modernClientOffers(state)
        : modernServerAnswers(state);
  return [...waitAct(state), ...messages, ...transportActs(state)];
}

/**
 * The next page of each list whose latest page had a nextCursor: the same method with that cursor,
 * unchanged (server/utilities/pagination: the cursor is opaque; the client sends it back as it got
 * it). `meta` is a 2026-07-28 request's _meta envelope. Offered before the other requests: it is
 * what the learner who listed was about to ask.
 */
export function nextPages(state: OfferState, meta?: JsonObject): Candidate[] {
  return state.pages.map(({ method, cursor }) => ({
    key: `page:${method}`,
    kind: 'request',
    method,
    label: { en: `${method}: the next page`, zh: `${method} 的下一页` },
    envelope: call(state.nextId, method, { cursor, ...(meta ? { _meta: meta } : {}) }),
  }));
}

/**
 * Letting time pass, while the simulated server holds a message for later (a task's end, a long
 * tool's progress, the user finishing a URL-mode elicitation): first in the list, as what comes
 * next when the learner has nothing to send until then. No message is written.
 */
function waitAct(state: OfferState): Candidate[] {
  if (state.wait === null || state.view.closed) return [];
  const ms = state.wait;
  const time =
    ms < 1000
      ? { en: `${ms} ms`, zh: `${ms} 毫秒` }
      : { en: `${(ms / 1000).toFixed(1)} s`, zh: `${(ms / 1000).toFixed(1)} 秒` };
  return [
    {
      key: 'transport:wait',
      kind: 'transport',
      method: '',
      label: {
        en: `wait ${time.en}, until the server's next message is due`,
        zh: `等待 ${time.zh}，直到服务器的下一条消息到时`,
      },
      act: { type: 'wait' },
    },
  ];
}

/**
 * Acts on the transport: closing the connection (either side, either era: lifecycle › Shutdown,
 * or the end of a 2026-07-28 session), and for a 2026-07-28 client the closing of one request's
 * HTTP response stream, which cancels it (basic/transports/streamable-http › Cancellation). In the
 * handshake era a closed stream is not a cancellation, so it is not offered there.
 */
function transportActs(state: OfferState): Candidate[] {
  if (state.view.closed) return [];
  const close: Candidate = {
    key: 'transport:close',
    kind: 'transport',
    method: '',
    label: { en: 'close the connection', zh: '关闭连接' },
    act: { type: 'close' },
  };
  if (state.era !== 'modern' || state.side !== 'client') return [close];
  const streams = state.view.pending
    .filter((p) => p.requester === 'client')
    .map(
      (p): Candidate => ({
        key: `abandon:${idText(p.id)}`,
        kind: 'transport',
        method: p.method,
        label: {
          en: `close the HTTP response stream of ${p.method} #${idText(p.id)}`,
          zh: `关闭 ${p.method} #${idText(p.id)} 的 HTTP 响应流`,
        },
        act: { type: 'abandon', id: p.id },
      }),
    );
  return [...streams, close];
}

/** The handshake's own messages: once sent, the list offers them after the session's work. */
const HANDSHAKE = new Set<string>(['initialize', 'notifications/initialized']);

/**
 * Once the client has sent notifications/initialized, a second one (or another initialize) is
 * nothing a learner means to send next: it goes after the operations, not first in the list.
 */
function handshakeLast(state: OfferState, calls: Candidate[]): Candidate[] {
  if (!state.view.handshake.initializedSent) return calls;
  return [
    ...calls.filter((c) => !HANDSHAKE.has(c.method)),
    ...calls.filter((c) => HANDSHAKE.has(c.method)),
  ];
}

function legacyCalls(state: OfferState): Candidate[] {
  const { view, side, me } = state;
  const version = view.ruleVersion as KnownVersion;
  const direction = sent(side);
  // The learner's latest task, while it has not said it ended.
  const latest = state.ownTasks.findLast(
    (t) => t.status === 'working' || t.status === 'input_required',
  );
  return METHOD_NAMES.filter(
    (m) =>
      existsIn(m, version) &&
      direction in directionsIn(m, version) &&
      !BY_REQUEST.has(m) &&
      !(LEFT_OUT.has(m) && latest === undefined),
  ).flatMap((method): Candidate[] => {
    // The learner's task is done: its status notification (› Task Status Notification, optional;
    // its params are the whole Task), offered while the task has not yet said it ended.
    if (method === 'notifications/tasks/status' && latest !== undefined) {
      return [
        {
          key: 'notification:notifications/tasks/status',
          kind: 'notification',
          method,
          label: {
            en: `notifications/tasks/status: ${latest.taskId} completed`,
            zh: `notifications/tasks/status：${latest.taskId} 已完成`,
          },
          envelope: call(null, method, taskObject(latest, 'completed')),
        },
      ];
    }
    const kind = CATALOGUE[method].kind;
    const params =
      method === 'initialize'
        ? {
            protocolVersion: me.versions[0] ?? version,
            capabilities: me.capabilities,
            clientInfo: { name: me.name, version: me.version },
          }
        : method === 'tools/call'
          ? toolCallParams(state.served)
          : (taskParams(method, state) ?? defaultParams(method));
    const id = kind === 'request' ? state.nextId : null;
    const own: Candidate = {
      key: `${kind}:${method}`,
      kind,
      method,
      label: { en: method, zh: method },
      envelope: call(id, method, params),
    };
    if (method === 'tools/call') return [own, ...toolCalls(state, version)];
    if (method === 'elicitation/create') return [own, ...urlElicitation(state, version)];
    if (method === 'notifications/elicitation/complete') {
      const latest = state.elicitations.at(-1);
      return latest === undefined
        ? [own]
        : [{ ...own, envelope: call(null, method, { elicitationId: latest }) }];
    }
    return [own];
  });
}

/**
 * The tools/call of the tools a revision's newer features are taught with, beside the plain one:
 * long_running_task as a task (2025-11-25 basic/utilities/tasks › Creating Tasks: params.task,
 * with the ttl the client asks the task be kept for), and connect_account, which the simulated
 * server answers with -32042 until the user has finished a URL-mode elicitation
 * (client/elicitation › URL Elicitation Required Error). Offered from the learner's client in a
 * session whose revision has them, unless the server does not have the tool; whether the
 * server declared tasks is the referee's to say.
 */
function toolCalls(state: OfferState, version: KnownVersion): Candidate[] {
  if (state.side !== 'client') return [];
  const offer = (key: string, label: Bilingual, params: JsonObject): Candidate => ({
    key: `request:tools/call:${key}`,
    kind: 'request',
    method: 'tools/call',
    label,
    envelope: call(state.nextId, 'tools/call', params),
  });
  // Only the tools the server has (a lesson's server may have neither): the simulated server's
  // own, else what its tools/list named, once it did.
  const known = state.served?.map((t) => t.name) ?? state.tools;
  const has = (name: string) => known === null || known.includes(name);
  return [
    ...(existsIn('tasks/get', version) && has('long_running_task')
      ? [
          offer(
            'task',
            {
              en: 'tools/call long_running_task as a task',
              zh: 'tools/call 以任务方式调用 long_running_task',
            },
            {
              name: 'long_running_task',
              arguments: { steps: 4, delayMs: 1000 },
              task: { ttl: 60_000 },
            },
          ),
        ]
      : []),
    ...(existsIn('notifications/elicitation/complete', version) && has('connect_account')
      ? [
          offer(
            'connect_account',
            {
              en: 'tools/call connect_account (URL-mode elicitation)',
              zh: 'tools/call connect_account（URL 模式的 elicitation）',
            },
            { name: 'connect_account', arguments: { service: 'calendar' } },
          ),
        ]
      : []),
  ];
}

/**
 * A URL-mode elicitation/create from the learner's server (2025-11-25 client/elicitation › URL
 * Mode Elicitation Requests): the user is sent to a page out of the client's sight, so the
 * request carries no schema, and its elicitationId is what notifications/elicitation/complete
 * names when the user is done there. Whether the client declared elicitation.url is the referee's
 * to say.
 */
function urlElicitation(state: OfferState, version: KnownVersion): Candidate[] {
  if (state.side !== 'server' || !existsIn('notifications/elicitation/complete', version))
    return [];
  const elicitationId = `elicitation-${state.elicitations.length + 1}`;
  return [
    {
      key: 'request:elicitation/create:url',
      kind: 'request',
      method: 'elicitation/create',
      label: { en: 'elicitation/create in URL mode', zh: 'URL 模式的 elicitation/create' },
      envelope: call(state.nextId, 'elicitation/create', {
        mode: 'url',
        elicitationId,
        url: `https://accounts.example.com/connect?service=calendar&elicitationId=${elicitationId}`,
        message: 'Sign in to calendar to let the server use your account.',
      }),
    },
  ];
}

/**
 * tasks/get, tasks/result and tasks/cancel name the task the server created last for the
 * learner's requests (› Creating Tasks: the taskId of its CreateTaskResult); before there is one,
 * the id the simulated server gives its first task.
 */
function taskParams(method: MethodName, state: OfferState): JsonObject | undefined {
  if (!method.startsWith('tasks/') || method === 'tasks/list') return undefined;
  return { taskId: state.tasks.at(-1) ?? 'task-1' };
}

/** A result and an error for each request of the other side still waiting for its answer. */
export function answers(state: OfferState): Candidate[] {
  return theirs(state).flatMap((p) => {
    const result =
      p.method === 'initialize'
        ? initializeResult(state)
        : p.method === 'tools/list'
          ? toolsListResult(state)
          : defaultResult(p.method);
    const tasked = taskAnswers(p, state);
    return [
      ...(tasked ?? [answer(p, 'result', { jsonrpc: '2.0', id: p.id, result })]),
      errorAnswer(p, state),
      ...urlRequired(p, state),
    ];
  });
}

/** What the task-run tool (long_running_task) answers: its call's result and tasks/result's. */
const TASK_TOOL_RESULT: JsonObject = {
  content: [{ type: 'text', text: 'Done: 5 steps' }],
  isError: false,
};

/** When the learner's tasks start (› TTL and Resource Management: ISO 8601 timestamps). */
const TASK_CREATED_AT = '2025-11-25T10:30:00.000Z';
/** When they end (a second later), in the Task objects the offers fill in. */
const TASK_ENDED_AT = '2025-11-25T10:30:01.000Z';
/** The poll interval the learner's server suggests (› Getting Tasks: pollInterval, ms). */
const TASK_POLL_MS = 500;

/** A Task object (› Data Types › Task) of the learner's, in `status`. */
function taskObject(task: OwnTask, status: string): JsonObject {
  return {
    taskId: task.taskId,
    status,
    createdAt: TASK_CREATED_AT,
    lastUpdatedAt: status === 'working' ? TASK_CREATED_AT : TASK_ENDED_AT,
    ttl: task.ttl,
    pollInterval: TASK_POLL_MS,
  };
}

/**
 * The learner's tools/list: the default tool, and, when its server declared task-augmented
 * tools/call in a revision that has tasks, long_running_task with execution.taskSupport
 * "optional" (2025-11-25 basic/utilities/tasks › Tool-Level Negotiation), which the client then
 * runs as a task.
 */
function toolsListResult(state: OfferState): JsonObject {
  const result = defaultResult('tools/list');
  const version = state.view.ruleVersion as KnownVersion;
  const caps = { server: state.me.capabilities };
  if (!existsIn('tasks/get', version) || !hasCapability(caps, 'server.tasks.requests.tools.call'))
    return result;
  const tools = Array.isArray(result.tools) ? result.tools : [];
  return {
    ...result,
    tools: [
      ...tools,
      {
        name: 'long_running_task',
        description: 'Works through a number of steps; may run as a task',
        inputSchema: {
          type: 'object',
          properties: { steps: { type: 'integer', minimum: 1, maximum: 20, default: 5 } },
        },
        execution: { taskSupport: 'optional' },
      },
    ],
  };
}

/**
 * The learner's server answering the task side of 2025-11-25 basic/utilities/tasks: a
 * task-augmented tools/call with a CreateTaskResult for a new working task (› Creating Tasks),
 * besides the tool's plain result (the referee judges it); tasks/get with the task still working or completed (› Getting
 * Tasks); tasks/result with the tool's result and the related-task _meta it MUST carry (›
 * Retrieving Task Results, › Related Task Metadata). Null for any other request.
 */
function taskAnswers(p: PendingRequest, state: OfferState): Candidate[] | null {
  const params = state.theirParams[idKey(p.id)] ?? {};
  const version = state.view.ruleVersion as KnownVersion;
  if (!existsIn('tasks/get', version)) return null;
  const plain = (result: JsonObject) => answer(p, 'result', { jsonrpc: '2.0', id: p.id, result });
  const named = typeof params.taskId === 'string' ? params.taskId : null;
  const known = state.ownTasks.find((t) => t.taskId === named);
  const task: OwnTask = known ?? { taskId: named ?? 'task-1', status: 'working', ttl: 60_000 };
  if (p.method === 'tools/call' && isObject(params.task)) {
    const ttl = typeof params.task.ttl === 'number' ? params.task.ttl : 60_000;
    const created = { taskId: `task-${state.ownTasks.length + 1}`, status: 'working', ttl };
    return [
      {
        ...plain({ task: taskObject(created, 'working') }),
        key: `result-task:${idText(p.id)}`,
        label: {
          en: `CreateTaskResult for ${p.method} #${idText(p.id)}: ${created.taskId} working`,
          zh: `回应 ${p.method} #${idText(p.id)} 的 CreateTaskResult：${created.taskId} 进行中`,
        },
      },
      plain(structuredClone(TASK_TOOL_RESULT)),
    ];
  }
  if (p.method === 'tasks/get') {
    return (['working', 'completed'] as const).map((status) => ({
      ...plain(taskObject(task, status)),
      key: `result-${status}:${idText(p.id)}`,
      label: {
        en: `result for tasks/get #${idText(p.id)}: ${task.taskId} ${status}`,
        zh: `回应 tasks/get #${idText(p.id)} 的结果：${task.taskId} ${status === 'working' ? '进行中' : '已完成'}`,
      },
    }));
  }
  if (p.method === 'tasks/result') {
    return [
      plain({
        ...structuredClone(TASK_TOOL_RESULT),
        _meta: { [RELATED_TASK_META]: { taskId: task.taskId } },
      }),
    ];
  }
  return null;
}

/**
 * The learner's server refusing a tools/call until the user finishes a URL-mode elicitation
 * (2025-11-25 client/elicitation › URL Elicitation Required Error: -32042, with the elicitations
 * in its data); notifications/elicitation/complete then names its elicitationId. The client MAY
 * retry once it hears that (› Completion Notifications): the simulated one goes on with its own
 * requests meanwhile, and retries the call once, with a new id (SimClient). Whether the client
 * declared elicitation.url is the referee's to say.
 */
function urlRequired(p: PendingRequest, state: OfferState): Candidate[] {
  const version = state.view.ruleVersion as KnownVersion;
  if (p.method !== 'tools/call' || state.side !== 'server') return [];
  if (!existsIn('notifications/elicitation/complete', version)) return [];
  const elicitationId = `elicitation-${state.elicitations.length + 1}`;
  const error = {
    code: -32042,
    message: 'This request requires more information.',
    data: {
      elicitations: [
        {
          mode: 'url',
          elicitationId,
          url: `https://accounts.example.com/connect?service=calendar&elicitationId=${elicitationId}`,
          message: 'Sign in to calendar to let the server use your account.',
        },
      ],
    },
  };
  return [
    {
      key: `error-32042:${idText(p.id)}`,
      kind: 'error',
      method: p.method,
      label: {
        en: `-32042 for ${p.method} #${idText(p.id)}: a URL-mode elicitation first`,
        zh: `回应 ${p.method} #${idText(p.id)} 的 -32042：先完成 URL 模式的 elicitation`,
      },
      envelope: { jsonrpc: '2.0', id: p.id, error },
    },
  ];
}

/**
 * An error for a request of the other side: -32601 for a method the learner's side does not serve
 * (not in the catalogue, or behind a capability it did not declare), else -32603, as a side that
 * serves the method but fails answers.
 */
export function errorAnswer(p: PendingRequest, state: OfferState): Candidate {
  const known = (METHOD_NAMES as readonly string[]).includes(p.method);
  const directions: Directions = known
    ? directionsIn(p.method as MethodName, state.view.ruleVersion as KnownVersion)
    : {};
  const gate = directions[sent(p.requester)];
  const served =
    gate !== undefined && (gate === null || hasCapability(state.view.capabilities, gate));
  const error = served
    ? { code: -32603, message: `Internal error while handling ${p.method}` }
    : { code: -32601, message: `Method not found: ${p.method}` };
  return answer(p, 'error', { jsonrpc: '2.0', id: p.id, error });
}

function answer(p: PendingRequest, kind: 'result' | 'error', envelope: JsonObject): Candidate {
  const what = kind === 'result' ? { en: 'result', zh: '结果' } : { en: 'error', zh: '错误' };
  return {
    key: `${kind}:${idText(p.id)}`,
    kind,
    method: p.method,
    label: {
      en: `${what.en} for ${p.method} #${idText(p.id)}`,
      zh: `回应 ${p.method} #${idText(p.id)} 的${what.zh}`,
    },
    envelope,
  };
}

function initializeResult(state: OfferState): JsonObject {
  const offered = state.view.handshake.offeredVersion ?? '';
  const me = state.me;
  return {
    protocolVersion: negotiateVersion(offered, me.versions) ?? offered,
    capabilities: me.capabilities,
    serverInfo: { name: me.name, version: me.version },
  };
}

/** The requests of the other side still waiting for the learner's answer. */
export const theirs = (state: OfferState): PendingRequest[] =>
  state.view.pending.filter((p) => p.requester !== state.side);

/** Cancelling each of the learner's own requests in flight; progress for each token of theirs. */
export function utilities(state: OfferState): Candidate[] {
  const own = state.view.pending.filter((p) => p.requester === state.side);
  // 2026-07-28 cancellation › Transport-Specific Cancellation: the notification is how a client
  // cancels on stdio; over HTTP it closes the response stream instead (offered beside it).
  const how =
    state.era === 'modern' && state.side === 'client'
      ? { en: ' (stdio: notifications/cancelled)', zh: '（stdio：notifications/cancelled）' }
      : { en: '', zh: '' };
  const cancels = own.map(
    (p): Candidate => ({
      key: `cancel:${idText(p.id)}`,
      kind: 'notification',
      method: 'notifications/cancelled',
      label: {
        en: `cancel ${p.method} #${idText(p.id)}${how.en}`,
        zh: `取消 ${p.method} #${idText(p.id)}${how.zh}`,
      },
      envelope: call(null, 'notifications/cancelled', {
        requestId: p.id,
        reason: 'The learner changed their mind',
      }),
    }),
  );
  const progress = theirs(state).flatMap((p): Candidate[] => {
    if (p.progressToken === undefined) return [];
    const last = state.progress[String(p.progressToken)] ?? null;
    return [
      {
        key: `progress:${idText(p.id)}`,
        kind: 'notification',
        method: 'notifications/progress',
        label: {
          en: `progress for ${p.method} #${idText(p.id)}`,
          zh: `${p.method} #${idText(p.id)} 的进度`,
        },
        envelope: call(null, 'notifications/progress', {
          progressToken: p.progressToken,
          progress: (last ?? 0) + 1,
          total: 10,
        }),
      },
    ];
  });
  return [...cancels, ...progress];
}
