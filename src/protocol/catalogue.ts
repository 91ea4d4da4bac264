import type { CapabilityPath } from './capabilities.js';
import type { Direction } from './direction.js';
import {
  isStatelessVersion,
  KNOWN_VERSIONS,
  type KnownVersion,
  type StatelessVersion,
  versionAtLeast,
} from './versions.js';

export const PRIMITIVES = [
  'tools',
  'resources',
  'prompts',
  'roots',
  'sampling',
  'elicitation',
  'lifecycle',
  'utility',
] as const;
export type Primitive = (typeof PRIMITIVES)[number];

export type MethodKind = 'request' | 'notification';

export type Bilingual = { readonly en: string; readonly zh: string };

export type Directions = Readonly<Partial<Record<Direction, CapabilityPath | null>>>;

export type MethodEntry = {
  readonly kind: MethodKind;
  readonly primitive: Primitive;
  /** The directions it may travel, each with the capability path that gates it there (null: none). */
  readonly directions: Directions;
  /** The first revision that has it. */
  readonly since: KnownVersion;
  /** The first revision that no longer has it (2026-07-28 removed the handshake and more). */
  readonly removedIn?: StatelessVersion;
  /** The gate applies from this revision on (completion/complete was ungated in 2024-11-05). */
  readonly gateSince?: KnownVersion;
  /**
   * How it travels from 2026-07-28 on, when that differs from `directions`. Servers send no
   * JSON-RPC requests any more: roots/list, sampling/createMessage and elicitation/create travel
   * only inside an `input_required` result (`inputRequest`), gated by the capability their legacy
   * direction names.
   */
  readonly modern?: { readonly directions: Directions; readonly inputRequest?: true };
  readonly meaning: Bilingual;
  /** What it means in 2026-07-28, when that differs. */
  readonly modernMeaning?: Bilingual;
};

const C2S = 'client->server';
const S2C = 'server->client';

/**
 * The single source of truth for the methods and notifications of every revision: the 31 of
 * 2025-11-25 (the unions at the end of schema/2025-11-25/schema.ts) and the 21 method strings of
 * 2026-07-28 (schema/2026-07-28/schema.ts), one row per method with the revision that brought it
 * (`since`) and the one that removed it (`removedIn`). The referee, the tracer, the UI and the
 * grader all read it.
 */
export const CATALOGUE = {
  initialize: {
    kind: 'request',
    primitive: 'lifecycle',
    directions: { [C2S]: null },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Opens the session: the client offers a protocol version, its capabilities and who it is.',
      zh: '开启会话：客户端提出协议版本、声明自身能力并介绍自己。',
    },
  },
  'notifications/initialized': {
    kind: 'notification',
    primitive: 'lifecycle',
    directions: { [C2S]: null },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'The client confirms the handshake is complete; normal operation may begin.',
      zh: '客户端确认握手完成，双方可以开始正常操作。',
    },
  },
  ping: {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: null, [S2C]: null },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Checks that the other side is still alive; it must answer promptly with an empty result.',
      zh: '确认对方仍然在线；对方必须尽快回复一个空结果。',
    },
  },
  'notifications/cancelled': {
    kind: 'notification',
    primitive: 'utility',
    directions: { [C2S]: null, [S2C]: null },
    since: '2024-11-05',
    modernMeaning: {
      en: 'The client abandons one of its requests (on stdio it must say so); the server sends it only to end a subscriptions/listen stream.',
      zh: '客户端放弃自己的某个请求（在 stdio 上必须发送）；服务器只用它来结束 subscriptions/listen 流。',
    },
    meaning: {
      en: 'The requester abandons one of its own requests; no response should follow.',
      zh: '请求方放弃自己发出的某个请求；之后不应再有回应。',
    },
  },
  'notifications/progress': {
    kind: 'notification',
    primitive: 'utility',
    directions: { [C2S]: null, [S2C]: null },
    since: '2024-11-05',
    modern: { directions: { [S2C]: null } },
    meaning: {
      en: 'Reports how far a long request has got, for the progress token its requester supplied.',
      zh: '针对请求方提供的进度令牌，报告一个耗时请求的进展。',
    },
  },
  'tools/list': {
    kind: 'request',
    primitive: 'tools',
    directions: { [C2S]: 'server.tools' },
    since: '2024-11-05',
    meaning: {
      en: 'Asks the server which tools it offers (paginated).',
      zh: '询问服务器提供哪些工具（支持分页）。',
    },
  },
  'tools/call': {
    kind: 'request',
    primitive: 'tools',
    directions: { [C2S]: 'server.tools' },
    since: '2024-11-05',
    meaning: {
      en: 'Runs one tool with arguments; failures of the tool itself come back as isError results.',
      zh: '用给定参数调用一个工具；工具自身的失败以 isError 结果返回。',
    },
  },
  'notifications/tools/list_changed': {
    kind: 'notification',
    primitive: 'tools',
    directions: { [S2C]: 'server.tools.listChanged' },
    since: '2024-11-05',
    meaning: {
      en: 'The server’s tool list changed; the client may list the tools again.',
      zh: '服务器的工具列表变了；客户端可以重新获取列表。',
    },
  },
  'resources/list': {
    kind: 'request',
    primitive: 'resources',
    directions: { [C2S]: 'server.resources' },
    since: '2024-11-05',
    meaning: {
      en: 'Asks the server which resources it exposes (paginated).',
      zh: '询问服务器公开了哪些资源（支持分页）。',
    },
  },
  'resources/templates/list': {
    kind: 'request',
    primitive: 'resources',
    directions: { [C2S]: 'server.resources' },
    since: '2024-11-05',
    meaning: {
      en: 'Asks for URI templates from which resource addresses can be built (paginated).',
      zh: '获取可用来拼出资源地址的 URI 模板（支持分页）。',
    },
  },
  'resources/read': {
    kind: 'request',
    primitive: 'resources',
    directions: { [C2S]: 'server.resources' },
    since: '2024-11-05',
    meaning: {
      en: 'Reads the contents of one resource by URI; an unknown URI is error -32002 (-32602 from 2026-07-28).',
      zh: '按 URI 读取一个资源的内容；未知 URI 返回错误 -32002（自 2026-07-28 起为 -32602）。',
    },
  },
  'resources/subscribe': {
    kind: 'request',
    primitive: 'resources',
    directions: { [C2S]: 'server.resources.subscribe' },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Asks to be told when one resource changes.',
      zh: '请求在某个资源变化时收到通知。',
    },
  },
  'resources/unsubscribe': {
    kind: 'request',
    primitive: 'resources',
    directions: { [C2S]: 'server.resources.subscribe' },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Stops the change notifications of an earlier subscription.',
      zh: '取消之前对某个资源的订阅。',
    },
  },
  'notifications/resources/updated': {
    kind: 'notification',
    primitive: 'resources',
    directions: { [S2C]: 'server.resources.subscribe' },
    since: '2024-11-05',
    meaning: {
      en: 'A resource the client subscribed to has changed; read it again to see how.',
      zh: '客户端订阅的某个资源已变化；重新读取即可看到新内容。',
    },
  },
  'notifications/resources/list_changed': {
    kind: 'notification',
    primitive: 'resources',
    directions: { [S2C]: 'server.resources.listChanged' },
    since: '2024-11-05',
    meaning: {
      en: 'The set of available resources changed; the client may list them again.',
      zh: '可用资源的集合变了；客户端可以重新获取列表。',
    },
  },
  'prompts/list': {
    kind: 'request',
    primitive: 'prompts',
    directions: { [C2S]: 'server.prompts' },
    since: '2024-11-05',
    meaning: {
      en: 'Asks which prompt templates the server offers (paginated).',
      zh: '询问服务器提供哪些提示词模板（支持分页）。',
    },
  },
  'prompts/get': {
    kind: 'request',
    primitive: 'prompts',
    directions: { [C2S]: 'server.prompts' },
    since: '2024-11-05',
    meaning: {
      en: 'Fills in one prompt template with arguments and returns its messages.',
      zh: '用参数填充一个提示词模板，返回其中的消息。',
    },
  },
  'notifications/prompts/list_changed': {
    kind: 'notification',
    primitive: 'prompts',
    directions: { [S2C]: 'server.prompts.listChanged' },
    since: '2024-11-05',
    meaning: {
      en: 'The server’s prompt list changed; the client may list prompts again.',
      zh: '服务器的提示词列表变了；客户端可以重新获取列表。',
    },
  },
  'logging/setLevel': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.logging' },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Sets the lowest severity of log messages the client wants to receive.',
      zh: '设置客户端希望接收的日志消息的最低级别。',
    },
  },
  'notifications/message': {
    kind: 'notification',
    primitive: 'utility',
    directions: { [S2C]: 'server.logging' },
    since: '2024-11-05',
    meaning: {
      en: 'A log message from the server, with a severity level and any JSON data.',
      zh: '服务器发出的一条日志消息，带有级别和任意 JSON 数据。',
    },
  },
  'completion/complete': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.completions' },
    since: '2024-11-05',
    gateSince: '2025-03-26',
    meaning: {
      en: 'Asks for suggestions to complete a prompt or resource-template argument as it is typed.',
      zh: '在输入提示词或资源模板参数时请求补全建议。',
    },
  },
  'roots/list': {
    kind: 'request',
    primitive: 'roots',
    directions: { [S2C]: 'client.roots' },
    since: '2024-11-05',
    modern: { directions: {}, inputRequest: true },
    modernMeaning: {
      en: 'In 2026-07-28 not a request of its own: the server puts it in an input_required result and the client answers it in its retry.',
      zh: '在 2026-07-28 中不再是独立的请求：服务器把它放进 input_required 结果，客户端在重试时作答。',
    },
    meaning: {
      en: 'The server asks which folders (roots) the client lets it work in.',
      zh: '服务器询问客户端允许它在哪些目录（根）中工作。',
    },
  },
  'notifications/roots/list_changed': {
    kind: 'notification',
    primitive: 'roots',
    directions: { [C2S]: 'client.roots.listChanged' },
    since: '2024-11-05',
    removedIn: '2026-07-28',
    meaning: {
      en: 'The client’s roots changed; the server should ask for them again.',
      zh: '客户端的根目录变了；服务器应重新询问。',
    },
  },
  'sampling/createMessage': {
    kind: 'request',
    primitive: 'sampling',
    directions: { [S2C]: 'client.sampling' },
    since: '2024-11-05',
    modern: { directions: {}, inputRequest: true },
    modernMeaning: {
      en: 'In 2026-07-28 an input request inside an input_required result: the client’s model answers it in the retry.',
      zh: '在 2026-07-28 中是 input_required 结果里的输入请求：客户端的模型在重试时作答。',
    },
    meaning: {
      en: 'The server asks the client’s language model for a completion (the user may review it).',
      zh: '服务器请求客户端的语言模型生成回复（用户可以审阅）。',
    },
  },
  'elicitation/create': {
    kind: 'request',
    primitive: 'elicitation',
    directions: { [S2C]: 'client.elicitation' },
    since: '2025-06-18',
    modern: { directions: {}, inputRequest: true },
    modernMeaning: {
      en: 'In 2026-07-28 an input request inside an input_required result: the user’s answer travels in the retry.',
      zh: '在 2026-07-28 中是 input_required 结果里的输入请求：用户的回答随重试一起发送。',
    },
    meaning: {
      en: 'The server asks the user for information, through a form or (2025-11-25) a URL.',
      zh: '服务器通过表单（或 2025-11-25 起的 URL）向用户索取信息。',
    },
  },
  'notifications/elicitation/complete': {
    kind: 'notification',
    primitive: 'elicitation',
    directions: { [S2C]: 'client.elicitation.url' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'A URL-mode elicitation the server started has finished.',
      zh: '服务器发起的 URL 模式信息征询已经完成。',
    },
  },
  'tasks/get': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.tasks', [S2C]: 'client.tasks' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Polls the status of a task created by a task-augmented request (experimental).',
      zh: '查询由任务化请求创建的任务状态（实验性）。',
    },
  },
  'tasks/result': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.tasks', [S2C]: 'client.tasks' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Waits for a task to finish and returns what the original request would have (experimental).',
      zh: '等待任务结束，返回原请求本应返回的结果（实验性）。',
    },
  },
  'tasks/list': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.tasks.list', [S2C]: 'client.tasks.list' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Lists the tasks the receiver is keeping (experimental, paginated).',
      zh: '列出接收方保存的任务（实验性，支持分页）。',
    },
  },
  'tasks/cancel': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: 'server.tasks.cancel', [S2C]: 'client.tasks.cancel' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Cancels a running task (experimental); a task already finished gets -32602.',
      zh: '取消一个正在运行的任务（实验性）；已结束的任务返回 -32602。',
    },
  },
  'notifications/tasks/status': {
    kind: 'notification',
    primitive: 'utility',
    directions: { [C2S]: 'client.tasks', [S2C]: 'server.tasks' },
    since: '2025-11-25',
    removedIn: '2026-07-28',
    meaning: {
      en: 'Optionally tells the requester that a task’s status changed (experimental).',
      zh: '（可选）告知请求方某个任务的状态变化（实验性）。',
    },
  },
  'server/discover': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: null },
    since: '2026-07-28',
    meaning: {
      en: 'Asks the server which revisions it serves, what it offers and who it is; a dual-era client’s probe.',
      zh: '询问服务器支持哪些版本、提供哪些能力以及它是谁；也是双时代客户端的探测请求。',
    },
  },
  'subscriptions/listen': {
    kind: 'request',
    primitive: 'utility',
    directions: { [C2S]: null },
    since: '2026-07-28',
    meaning: {
      en: 'Opens a stream of the change notifications the filter asks for; it stays open until either side ends it.',
      zh: '按过滤条件开启一个变更通知流；在任一方结束之前一直保持打开。',
    },
  },
  'notifications/subscriptions/acknowledged': {
    kind: 'notification',
    primitive: 'utility',
    directions: { [S2C]: null },
    since: '2026-07-28',
    meaning: {
      en: 'The first message of a listen stream: which of the asked notifications the server will send.',
      zh: '订阅流的第一条消息：服务器会发送所请求通知中的哪些。',
    },
  },
} as const satisfies Record<string, MethodEntry>;

export type MethodName = keyof typeof CATALOGUE;

/** The methods a handshake-era revision has (the rows whose `since` is one of them). */
export type HandshakeMethodName = {
  [K in MethodName]: (typeof CATALOGUE)[K]['since'] extends StatelessVersion ? never : K;
}[MethodName];

export function isHandshakeMethod(method: MethodName): method is HandshakeMethodName {
  return !isStatelessVersion(CATALOGUE[method].since);
}

export const METHOD_NAMES = Object.keys(CATALOGUE) as MethodName[];

export function isCatalogued(method: unknown): method is MethodName {
  return typeof method === 'string' && Object.hasOwn(CATALOGUE, method);
}

export function lookupMethod(method: string): MethodEntry | undefined {
  return isCatalogued(method) ? CATALOGUE[method] : undefined;
}

/** The revisions that have a method. */
export function versionsOf(method: MethodName): KnownVersion[] {
  return KNOWN_VERSIONS.filter((v) => existsIn(method, v));
}

export function existsIn(method: MethodName, version: KnownVersion): boolean {
  const entry: MethodEntry = CATALOGUE[method];
  if (!versionAtLeast(version, entry.since)) return false;
  return entry.removedIn === undefined || !versionAtLeast(version, entry.removedIn);
}

/** The directions a method may travel in under a revision (all of them when none is given). */
export function directionsIn(method: MethodName, version?: KnownVersion): Directions {
  const entry: MethodEntry = CATALOGUE[method];
  if (version !== undefined && isStatelessVersion(version) && entry.modern) {
    return entry.modern.directions;
  }
  return entry.directions;
}

/** Which directions a method may travel in, in any revision that has it. */
export function directionsOf(method: MethodName): Direction[] {
  const entry: MethodEntry = CATALOGUE[method];
  return Object.keys(entry.directions) as Direction[];
}

/** What a method means under a revision. */
export function meaningIn(method: MethodName, version?: KnownVersion): Bilingual {
  const entry: MethodEntry = CATALOGUE[method];
  return version !== undefined && isStatelessVersion(version) && entry.modernMeaning
    ? entry.modernMeaning
    : entry.meaning;
}

/** The catalogue's gate for a method sent in a direction under a revision (before params refine it). */
export function baseGate(
  method: MethodName,
  direction: Direction,
  version: KnownVersion,
): CapabilityPath | null {
  const entry: MethodEntry = CATALOGUE[method];
  const gate = entry.directions[direction] ?? null;
  if (gate && entry.gateSince && !versionAtLeast(version, entry.gateSince)) return null;
  return gate;
}
