import {
  RULES,
  type RuleId,
  ruleSpecText,
  type SessionView,
  type Severity,
} from '../../machine/index.js';
import {
  type Bilingual,
  type CapabilityPath,
  capabilitySide,
  type Direction,
  gateFor,
  hasCapability,
  isObject,
  type JsonObject,
  type MethodName,
  softGatesFor,
  versionAtLeast,
} from '../../protocol/index.js';

/** A rule that forbids an offer now: its id, how grave, and the spec section in both languages. */
export type Block = {
  readonly rule: RuleId;
  readonly severity: Severity;
  readonly spec: Bilingual;
};

export function block(rule: RuleId, severity?: Severity): Block {
  const row = RULES[rule];
  return {
    rule,
    severity: severity ?? row.severity,
    spec: { en: ruleSpecText(row, 'en'), zh: ruleSpecText(row, 'zh') },
  };
}

/** What the offers read of the session: the log's view, no ledger, no referee. */
export type OfferView = Pick<
  SessionView,
  'era' | 'ruleVersion' | 'handshake' | 'capabilities' | 'pending' | 'closed'
>;

/** Before the handshake completes only these notifications may travel (the server's logging, utilities). */
const EARLY_SERVER = new Set([
  'notifications/message',
  'notifications/progress',
  'notifications/cancelled',
]);
const UTILITY = new Set(['notifications/progress', 'notifications/cancelled']);

/**
 * Lifecycle › Operation: the capabilities the catalogue's gate (refined by the params) needs that
 * the other side's initialize did not declare. Nothing is checked before that side declared any.
 */
function ungated(view: OfferView, method: MethodName, direction: Direction, params: unknown) {
  const version = view.ruleVersion;
  const must: Severity = versionAtLeast(version, '2025-06-18') ? 'error' : 'warning';
  const missing = (path: CapabilityPath) => {
    const side = capabilitySide(path);
    return view.capabilities[side] !== null && !hasCapability(view.capabilities, path);
  };
  const hard = gateFor(method, direction, params, version).requires.filter(missing);
  if (hard.length > 0) return [block('capability-not-negotiated', must)];
  const soft = softGatesFor(method, params).filter(missing);
  return soft.length > 0 ? [block('capability-not-negotiated', 'warning')] : [];
}

/**
 * The handshake era's rules for a method call, in the order the referee reports them: the gate,
 * then the lifecycle (initialize first, initialized next, nothing timed before), then the
 * subscription an update needs. Mirrors the rule table from the catalogue and the phase; the
 * sandbox's tests hold it to what the referee says.
 */
export function legacyBlocks(
  view: OfferView,
  method: MethodName,
  direction: Direction,
  kind: 'request' | 'notification',
  params: JsonObject | undefined,
  subscriptions: readonly string[],
): Block[] {
  const out = ungated(view, method, direction, params);
  const hs = view.handshake;
  const opened = hs.initialize === 'sent' || hs.initialize === 'succeeded';
  const client = direction === 'client->server';
  if (method === 'initialize') {
    if (opened) out.push(block('duplicate-initialize'));
    return out;
  }
  if (method === 'notifications/initialized') {
    if (hs.initialize !== 'succeeded') out.push(block('initialized-before-result'));
    return out;
  }
  if (kind === 'request') {
    if (method === 'ping') {
      // A ping may wait for initialize's answer; before any initialize it is not the first thing.
      if (hs.initialize === 'none') out.push(block('initialize-not-first'));
      return out;
    }
    if (!opened) out.push(block('initialize-not-first'));
    else if (client ? hs.initialize === 'sent' : !hs.initializedSent) {
      out.push(block('request-before-initialized'));
    }
    if (client && hs.initialize === 'succeeded' && !hs.initializedSent) {
      out.push(block('initialized-not-sent'));
    }
    return out;
  }
  if (hs.initialize === 'none' && !UTILITY.has(method)) out.push(block('initialize-not-first'));
  if (!client && !EARLY_SERVER.has(method) && !hs.initializedSent && hs.initialize !== 'none') {
    out.push(block('notification-before-initialized'));
  }
  if (method === 'notifications/resources/updated') {
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri === 'string' && !subscriptions.includes(uri)) {
      out.push(block('resource-not-subscribed'));
    }
  }
  return out;
}
