import {
  type Bilingual,
  CATALOGUE,
  type CapabilityPath,
  capabilitySide,
  checkParams,
  checkResult,
  classify,
  type Direction,
  type Envelope,
  existsIn,
  gateFor,
  hasCapability,
  idKey,
  isCatalogued,
  isKnownVersion,
  isStatelessVersion,
  type JsonObject,
  type MethodEntry,
  type MethodName,
  type Primitive,
  type RequestId,
  receiverOf,
  resolveVersion,
  type Side,
  senderOf,
  softGatesFor,
  versionAtLeast,
} from '../protocol/index.js';
import { isObject } from '../protocol/json.js';
import type {
  Handshake,
  PendingRequest,
  Phase,
  ProgressReport,
  RequestRecord,
  SessionContext,
  StepReport,
  TokenRecord,
} from './context.js';
import type { LedgerDraft } from './ledger.js';
import { type RuleId, type Severity, type Violation, violation } from './rules.js';

/** The ledger's key of a request, in its requester's id space. */
export const requestKey = (requester: Side, id: RequestId) => `req|${requester}|${idKey(id)}`;
/** The ledger's key of a progress token handed out by `requester`. */
export const tokenKey = (requester: Side, token: string | number) =>
  `tok|${requester}|${typeof token === 'number' ? `n:${token}` : `s:${token}`}`;
const subscriptionKey = (uri: string) => `sub|${uri}`;

function progressTokenOf(params: JsonObject | undefined): string | number | undefined {
  const meta = params?._meta;
  if (!isObject(meta)) return undefined;
  const token = meta.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

const show = (value: unknown) => JSON.stringify(value);

/** A mutable scratchpad for one step; the referee turns it into the next immutable context. */
type Draft = {
  readonly ctx: SessionContext;
  readonly direction: Direction;
  readonly sender: Side;
  readonly receiver: Side;
  readonly step: number;
  readonly ledger: LedgerDraft;
  violations: Violation[];
  handshake: Handshake;
  ruleVersion: SessionContext['ruleVersion'];
  capabilities: SessionContext['capabilities'];
  info: SessionContext['info'];
  pending: readonly PendingRequest[];
  method: string | null;
  primitive: Primitive | null;
  capability: CapabilityPath | null;
  progress: ProgressReport | null;
};

function flag(draft: Draft, rule: RuleId, text: Bilingual, severity?: Severity): void {
  draft.violations.push(violation(rule, text, severity));
}

/**
 * Feeds one envelope to the referee: classifies it, checks it against every rule that applies in
 * the current state, and returns the next context with the step's report in `last`. Pure apart
 * (the ledger is persistent, or deliberately flat for one-pass readers); never throws on any input.
 */
export function refereeStep(
  ctx: SessionContext,
  direction: Direction,
  message: unknown,
): SessionContext {
  const envelope = classify(message);
  const draft: Draft = {
    ctx,
    direction,
    sender: senderOf(direction),
    receiver: receiverOf(direction),
    step: ctx.step,
    ledger: ctx.ledger.draft(),
    violations: [],
    handshake: ctx.handshake,
    ruleVersion: ctx.ruleVersion,
    capabilities: ctx.capabilities,
    info: ctx.info,
    pending: ctx.pending,
    method: null,
    primitive: null,
    capability: null,
    progress: null,
  };
  const phase: Phase = ctx.closed
    ? 'shutdown'
    : ctx.handshake.initializedSent
      ? 'operation'
      : 'initialization';
  if (ctx.closed) {
    flag(draft, 'message-after-shutdown', {
      en: 'the transport was already closed; nothing can be sent after shutdown',
      zh: '传输已经关闭；关闭之后不能再发送任何消息',
    });
  }
  switch (envelope.kind) {
    case 'invalid':
      draft.method = envelope.method ?? null;
      if (envelope.method && isCatalogued(envelope.method)) {
        draft.primitive = CATALOGUE[envelope.method].primitive;
      }
      flag(draft, 'invalid-envelope', {
        en: `${envelope.text.en}${envelope.pointer ? ` (at ${envelope.pointer})` : ''}`,
        zh: `${envelope.text.zh}${envelope.pointer ? `（位置 ${envelope.pointer}）` : ''}`,
      });
      // A broken request whose id could be read still gets an error response with that id
      // (JSON-RPC: -32600): remember it, so that answer is not taken for a stray response.
      if (envelope.id !== undefined && envelope.method !== undefined) {
        const key = requestKey(draft.sender, envelope.id);
        if (!draft.ledger.read(key)) {
          draft.ledger.write(key, {
            id: envelope.id,
            method: envelope.method,
            primitive: draft.primitive,
            capability: null,
            status: 'pending',
            invalid: true,
          } satisfies RequestRecord);
        }
      }
      break;
    case 'request':
      onRequest(draft, envelope.id, envelope.method, envelope.params);
      break;
    case 'notification':
      onNotification(draft, envelope.method, envelope.params);
      break;
    case 'response':
    case 'error':
      onAnswer(draft, envelope);
      break;
  }
  const report: StepReport = {
    index: ctx.step,
    direction,
    kind: envelope.kind,
    envelope,
    id: 'id' in envelope && envelope.id !== undefined ? envelope.id : null,
    method: draft.method,
    primitive: draft.primitive,
    phase,
    capability: draft.capability,
    violations: draft.violations,
    progress: draft.progress,
  };
  // Built field by field rather than spread: this runs once per message of a long transcript.
  return {
    step: ctx.step + 1,
    ruleVersion: draft.ruleVersion,
    handshake: draft.handshake,
    capabilities: draft.capabilities,
    info: draft.info,
    pending: draft.pending,
    closed: ctx.closed,
    ledger: draft.ledger.commit(),
    last: report,
    violationCount: ctx.violationCount + draft.violations.length,
  };
}

/** The connection closed (stdin closed, process exited, HTTP session deleted): shutdown. */
export function refereeClose(ctx: SessionContext): SessionContext {
  return { ...ctx, closed: true };
}

/** Checks shared by requests and notifications: catalogue, version, direction, schema, gate. */
function checkMethod(
  draft: Draft,
  method: string,
  params: JsonObject | undefined,
  kind: 'request' | 'notification',
): MethodName | null {
  draft.method = method;
  if (!isCatalogued(method)) {
    // A request gets -32601; a notification gets no answer at all (JSON-RPC 2.0 › Notification).
    flag(
      draft,
      'unknown-method',
      kind === 'request'
        ? {
            en: `"${method}" is not a method of MCP ${draft.ruleVersion}; the receiver should answer -32601`,
            zh: `"${method}" 不是 MCP ${draft.ruleVersion} 的方法；接收方应回复 -32601`,
          }
        : {
            en: `"${method}" is not a notification of MCP ${draft.ruleVersion}; the receiver ignores it and never replies to a notification`,
            zh: `"${method}" 不是 MCP ${draft.ruleVersion} 的通知；接收方忽略它，通知永远不需要回复`,
          },
    );
    return null;
  }
  const entry: MethodEntry = CATALOGUE[method];
  draft.primitive = entry.primitive;
  const inVersion = existsIn(method, draft.ruleVersion);
  if (!inVersion) {
    flag(draft, 'method-not-in-version', {
      en: `"${method}" arrived in ${entry.since}; the session follows ${draft.ruleVersion}`,
      zh: `"${method}" 从 ${entry.since} 才有；本会话使用的是 ${draft.ruleVersion}`,
    });
  }
  if (!(draft.direction in entry.directions)) {
    const allowed = Object.keys(entry.directions).join(' / ');
    flag(draft, 'wrong-direction', {
      en: `"${method}" may only travel ${allowed}, not ${draft.direction}`,
      zh: `"${method}" 只能按 ${allowed} 方向发送，而不是 ${draft.direction}`,
    });
  }
  const issue = checkParams(method, params);
  if (issue) {
    flag(draft, 'invalid-params', {
      en: `${issue.pointer || '/'}: ${issue.message}`,
      zh: `${issue.pointer || '/'}：不符合 ${method} 的模式（${issue.messageZh}）`,
    });
  }
  const gate = gateFor(method, draft.direction, params, draft.ruleVersion);
  draft.capability = gate.label;
  // A method the negotiated revision does not have cannot have been negotiated either: one
  // violation says it, rather than a second one about a capability that did not exist yet.
  if (!inVersion) return method;
  // Before 2025-06-18 the Operation section said SHOULD; from 2025-06-18 on it says MUST.
  const strict = versionAtLeast(draft.ruleVersion, '2025-06-18');
  for (const path of gate.requires) checkGate(draft, method, path, strict ? 'error' : 'warning');
  for (const path of softGatesFor(method, params)) checkGate(draft, method, path, 'warning');
  return method;
}

function checkGate(draft: Draft, method: string, path: CapabilityPath, severity: Severity): void {
  const side = capabilitySide(path);
  // Until the initialize exchange has declared that side's capabilities there is nothing to check;
  // the lifecycle rules already flag a message sent that early.
  if (draft.capabilities[side] === null) return;
  if (hasCapability(draft.capabilities, path)) return;
  flag(
    draft,
    'capability-not-negotiated',
    {
      en: `"${method}" needs ${path}, which the ${side} did not declare at initialize`,
      zh: `"${method}" 需要 ${path}，但${side === 'client' ? '客户端' : '服务器'}在 initialize 时没有声明它`,
    },
    severity,
  );
}

function onRequest(
  draft: Draft,
  id: RequestId,
  method: string,
  params: JsonObject | undefined,
): void {
  const known = checkMethod(draft, method, params, 'request');
  const { ledger } = draft;
  const hs = draft.handshake;
  if (method === 'initialize' && draft.sender === 'client') {
    if (hs.initialize === 'sent' || hs.initialize === 'succeeded') {
      flag(draft, 'duplicate-initialize', {
        en: 'initialize was already sent; version and capabilities are fixed for the session',
        zh: '已经发送过 initialize；版本和能力在整个会话中是固定的',
      });
    } else {
      // Only the first initialize (or the first after a failed one) opens the handshake: version
      // and capabilities are fixed for the session, so a duplicate renegotiates nothing.
      const offered = params?.protocolVersion;
      const rules = resolveVersion(offered);
      draft.handshake = {
        ...hs,
        initialize: 'sent',
        initializeId: id,
        offeredVersion: typeof offered === 'string' ? offered : null,
      };
      if (rules) draft.ruleVersion = rules;
      draft.capabilities = {
        ...draft.capabilities,
        client: isObject(params?.capabilities) ? params.capabilities : {},
      };
      draft.info = {
        ...draft.info,
        client: isObject(params?.clientInfo) ? params.clientInfo : null,
      };
    }
  } else if (method !== 'ping') {
    checkRequestTiming(draft, method);
  }
  const key = requestKey(draft.sender, id);
  // A broken request's id is remembered only so that its error answer is not taken for a stray;
  // it was never a request, so a proper one may use the id afterwards.
  if (ledger.read<RequestRecord>(key)?.invalid === undefined && ledger.read(key)) {
    flag(draft, 'duplicate-request-id', {
      en: `the ${draft.sender} already used id ${show(id)} in this session; ids are never reused`,
      zh: `${draft.sender === 'client' ? '客户端' : '服务器'}在本会话中已用过 id ${show(id)}；id 不能重复使用`,
    });
  }
  const token = progressTokenOf(params);
  if (token !== undefined) {
    const tKey = tokenKey(draft.sender, token);
    if (ledger.read<TokenRecord>(tKey)?.status === 'active') {
      flag(draft, 'duplicate-progress-token', {
        en: `progress token ${show(token)} already belongs to an active request`,
        zh: `进度令牌 ${show(token)} 已属于另一个进行中的请求`,
      });
    }
    ledger.write(tKey, { requestKey: key, status: 'active', last: null });
  }
  const uri = typeof params?.uri === 'string' ? params.uri : undefined;
  const record: RequestRecord = {
    id,
    method,
    primitive: draft.primitive,
    capability: draft.capability,
    status: 'pending',
    ...(token !== undefined ? { progressToken: token } : {}),
    ...(uri !== undefined ? { uri } : {}),
  };
  ledger.write(key, record);
  if (known === 'resources/subscribe' && uri) ledger.write(subscriptionKey(uri), true);
  if (known === 'resources/unsubscribe' && uri) ledger.write(subscriptionKey(uri), false);
  draft.pending = [
    ...draft.pending.filter((p) => !(p.requester === draft.sender && idKey(p.id) === idKey(id))),
    {
      requester: draft.sender,
      id,
      method,
      step: draft.step,
      ...(token !== undefined ? { progressToken: token } : {}),
    },
  ];
}

/** Lifecycle › Initialization: what each side may send before the handshake completes. */
function checkRequestTiming(draft: Draft, method: string): void {
  const hs = draft.handshake;
  if (hs.initialize === 'none' || hs.initialize === 'failed') {
    flag(draft, 'initialize-not-first', {
      en: `"${method}" before any successful initialize; the handshake must come first`,
      zh: `在成功的 initialize 之前发送了 "${method}"；握手必须最先进行`,
    });
    return;
  }
  if (draft.sender === 'client') {
    if (hs.initialize === 'sent') {
      flag(draft, 'request-before-initialized', {
        en: `the client sent "${method}" before the server answered initialize; only ping may go first`,
        zh: `服务器回应 initialize 之前客户端就发送了 "${method}"；此时只能发送 ping`,
      });
    } else if (!hs.initializedSent) {
      flag(draft, 'initialized-not-sent', {
        en: `the client sent "${method}" without first sending notifications/initialized`,
        zh: `客户端没有先发送 notifications/initialized 就发送了 "${method}"`,
      });
    }
  } else if (!hs.initializedSent) {
    flag(draft, 'request-before-initialized', {
      en: `the server sent "${method}" before notifications/initialized; only ping may go first`,
      zh: `服务器在收到 notifications/initialized 之前发送了 "${method}"；此时只能发送 ping`,
    });
  }
}

const EARLY_SERVER_NOTIFICATIONS = new Set([
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
]);

function onNotification(draft: Draft, method: string, params: JsonObject | undefined): void {
  checkMethod(draft, method, params, 'notification');
  const hs = draft.handshake;
  if (method === 'notifications/initialized') {
    // Only the client's notification completes the handshake (wrong-direction is already flagged).
    if (draft.sender !== 'client') return;
    if (hs.initialize !== 'succeeded') {
      flag(draft, 'initialized-before-result', {
        en: 'notifications/initialized before a successful initialize result',
        zh: '在收到成功的 initialize 结果之前发送了 notifications/initialized',
      });
    }
    draft.handshake = { ...hs, initializedSent: true };
    return;
  }
  const utility = method === 'notifications/progress' || method === 'notifications/cancelled';
  if (hs.initialize === 'none' && !utility) {
    flag(draft, 'initialize-not-first', {
      en: `"${method}" before initialize; the handshake must come first`,
      zh: `在 initialize 之前发送了 "${method}"；握手必须最先进行`,
    });
  } else if (
    draft.sender === 'server' &&
    !hs.initializedSent &&
    !EARLY_SERVER_NOTIFICATIONS.has(method)
  ) {
    flag(draft, 'notification-before-initialized', {
      en: `the server sent "${method}" before notifications/initialized; only logging may go first`,
      zh: `服务器在收到 notifications/initialized 之前发送了 "${method}"；此时只能发送日志`,
    });
  }
  if (method === 'notifications/progress') onProgress(draft, params);
  else if (method === 'notifications/cancelled') onCancelled(draft, params);
  else if (method === 'notifications/resources/updated') onResourceUpdated(draft, params);
}

function onProgress(draft: Draft, params: JsonObject | undefined): void {
  const token = params?.progressToken;
  const progress = params?.progress;
  if ((typeof token !== 'string' && typeof token !== 'number') || typeof progress !== 'number') {
    return; // the schema check has already said what is wrong
  }
  const total = typeof params?.total === 'number' ? params.total : undefined;
  const message = typeof params?.message === 'string' ? params.message : undefined;
  draft.progress = {
    token,
    progress,
    ...(total !== undefined ? { total } : {}),
    ...(message !== undefined ? { message } : {}),
  };
  // Progress flows from the receiver of a request back to its requester.
  const tKey = tokenKey(draft.receiver, token);
  const { ledger } = draft;
  const record = ledger.read<TokenRecord>(tKey);
  if (!record) {
    flag(draft, 'unknown-progress-token', {
      en: `no request from the ${draft.receiver} carried progress token ${show(token)}`,
      zh: `${draft.receiver === 'client' ? '客户端' : '服务器'}的请求中没有进度令牌 ${show(token)}`,
    });
    return;
  }
  const request = ledger.read<RequestRecord>(record.requestKey);
  const what = request ? `${request.method} #${show(request.id)}` : `token ${show(token)}`;
  if (record.status === 'completed') {
    flag(draft, 'progress-after-completion', {
      en: `${what} was already answered; progress must stop after completion`,
      zh: `${what} 已经得到响应；完成之后不能再发送进度`,
    });
    return;
  }
  if (record.status === 'cancelled') {
    flag(draft, 'progress-after-cancellation', {
      en: `${what} was cancelled; the receiver should have stopped working on it`,
      zh: `${what} 已被取消；接收方应当停止处理它`,
    });
    return;
  }
  if (record.last !== null && !(progress > record.last)) {
    const from = record.previous ?? record.last;
    const reached = from === record.last ? '' : ` (it had reached ${record.last})`;
    flag(draft, 'progress-not-increasing', {
      en: `progress went from ${from} to ${progress}${reached}; it must increase with every notification`,
      zh: `进度从 ${from} 变为 ${progress}${reached ? `（此前已到 ${record.last}）` : ''}；每次通知都必须增加`,
    });
  }
  const { previous: _, ...kept } = record;
  const last = record.last === null ? progress : Math.max(record.last, progress);
  ledger.write(tKey, {
    ...kept,
    last,
    ...(progress !== last ? { previous: progress } : {}),
    ...(total !== undefined ? { total } : {}),
  });
}

function onCancelled(draft: Draft, params: JsonObject | undefined): void {
  const id = params?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return; // task cancellation has no id
  const key = requestKey(draft.sender, id);
  const { ledger } = draft;
  const record = ledger.read<RequestRecord>(key);
  if (!record) {
    flag(draft, 'cancel-unknown-request', {
      en: `the ${draft.sender} never sent a request with id ${show(id)}`,
      zh: `${draft.sender === 'client' ? '客户端' : '服务器'}从未发送过 id 为 ${show(id)} 的请求`,
    });
    return;
  }
  if (record.method === 'initialize') {
    flag(draft, 'cancel-initialize', {
      en: 'initialize must never be cancelled',
      zh: 'initialize 请求不能被取消',
    });
  }
  // Already answered: the response and the cancellation crossed; both sides must tolerate that.
  if (record.status !== 'pending') return;
  ledger.write(key, { ...record, status: 'cancelled' });
  endToken(draft, record, 'cancelled');
  draft.pending = draft.pending.filter(
    (p) => !(p.requester === draft.sender && idKey(p.id) === idKey(id)),
  );
}

function endToken(draft: Draft, record: RequestRecord, status: 'completed' | 'cancelled'): void {
  if (record.progressToken === undefined) return;
  // A cancellation is sent by the requester; an answer is sent to it.
  const owner = status === 'cancelled' ? draft.sender : draft.receiver;
  const tKey = tokenKey(owner, record.progressToken);
  const token = draft.ledger.read<TokenRecord>(tKey);
  if (token && token.status === 'active') {
    draft.ledger.write(tKey, { ...token, status });
  }
}

function onResourceUpdated(draft: Draft, params: JsonObject | undefined): void {
  const uri = params?.uri;
  if (typeof uri !== 'string') return;
  if (draft.ledger.read<boolean>(subscriptionKey(uri)) !== true) {
    flag(draft, 'resource-not-subscribed', {
      en: `the client never subscribed to ${uri}`,
      zh: `客户端从未订阅 ${uri}`,
    });
  }
}

function onAnswer(draft: Draft, envelope: Extract<Envelope, { kind: 'response' | 'error' }>): void {
  if (envelope.id === null) return; // an error about a request whose id could not be read
  // The answer travels opposite to its request: the request came from the receiver.
  const requester = draft.receiver;
  const key = requestKey(requester, envelope.id);
  const { ledger } = draft;
  const record = ledger.read<RequestRecord>(key);
  const word = envelope.kind === 'error' ? 'error response' : 'response';
  if (!record) {
    flag(draft, 'response-without-request', {
      en: `${word} for id ${show(envelope.id)}, but the ${requester} sent no request with that id`,
      zh: `id 为 ${show(envelope.id)} 的响应，但${requester === 'client' ? '客户端' : '服务器'}没有发送过这个 id 的请求`,
    });
    return;
  }
  draft.method = record.method;
  draft.primitive = record.primitive;
  draft.capability = record.capability;
  if (record.status === 'answered') {
    flag(draft, 'duplicate-response', {
      en: `${record.method} #${show(envelope.id)} was already answered`,
      zh: `${record.method} #${show(envelope.id)} 已经被回应过`,
    });
    return;
  }
  if (record.status === 'cancelled') {
    flag(draft, 'response-after-cancellation', {
      en: `${record.method} #${show(envelope.id)} was cancelled; the receiver should not answer it`,
      zh: `${record.method} #${show(envelope.id)} 已被取消；接收方不应再回应`,
    });
  } else {
    endToken(draft, record, 'completed');
  }
  ledger.write(key, { ...record, status: 'answered' });
  draft.pending = draft.pending.filter(
    (p) => !(p.requester === requester && idKey(p.id) === idKey(envelope.id as RequestId)),
  );
  if (envelope.kind === 'response' && isCatalogued(record.method)) {
    const issue = checkResult(record.method, envelope.result);
    if (issue) {
      flag(draft, 'invalid-result', {
        en: `${issue.pointer}: ${issue.message}`,
        zh: `${issue.pointer}：不符合 ${record.method} 结果的模式（${issue.messageZh}）`,
      });
    }
  }
  const { initializeId } = draft.handshake;
  if (
    record.method === 'initialize' &&
    requester === 'client' &&
    initializeId !== null &&
    idKey(initializeId) === idKey(envelope.id)
  ) {
    onInitializeAnswer(draft, envelope);
  }
}

/** Lifecycle › Version Negotiation, from the server's answer. */
function onInitializeAnswer(
  draft: Draft,
  envelope: Extract<Envelope, { kind: 'response' | 'error' }>,
): void {
  if (envelope.kind === 'error') {
    draft.handshake = { ...draft.handshake, initialize: 'failed' };
    return;
  }
  const result = envelope.result;
  const answered = result.protocolVersion;
  const offered = draft.handshake.offeredVersion;
  if (typeof answered === 'string') {
    if (isStatelessVersion(answered)) {
      flag(draft, 'unsupported-version', {
        en: `${answered} has no initialize handshake; a server cannot negotiate it here`,
        zh: `${answered} 没有 initialize 握手；服务器不能在这里协商它`,
      });
    } else if (!isKnownVersion(answered) && answered !== offered) {
      flag(draft, 'unsupported-version', {
        en: `the server answered ${show(answered)}, which the client did not offer and no MCP revision has`,
        zh: `服务器回复了 ${show(answered)}，客户端没有提出过，MCP 也没有这个版本`,
      });
    }
    const rules = resolveVersion(answered);
    if (rules) draft.ruleVersion = rules;
  }
  draft.handshake = {
    ...draft.handshake,
    initialize: 'succeeded',
    negotiatedVersion: typeof answered === 'string' ? answered : null,
  };
  draft.capabilities = {
    ...draft.capabilities,
    server: isObject(result.capabilities) ? result.capabilities : {},
  };
  draft.info = { ...draft.info, server: isObject(result.serverInfo) ? result.serverInfo : null };
}
