import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { declaredRevision, PROTOCOL_VERSION_META } from '../../src/machine/facts.js';
import {
  advance,
  type RefereeEvent,
  type RefereeState,
  RULE_SETS,
  type RuleId,
  type RuleRow,
  type RuleSet,
  sessionMachine,
  sessionView,
  sidePhases,
  startReferee,
  verdictOf,
} from '../../src/machine/index.js';
import { C2S, initializeRequest, rpc, S2C } from './session-builder.js';

/**
 * A test double of the modern era (2026-07-28): no handshake, each request names its revision in
 * `_meta`. Its one rule flags a request that does not. The real era's rules come with a later
 * issue; this proves a second rule set slots into the model without changing it.
 */
const REQUEST_WITHOUT_REVISION = {
  // A real era adds its ids to RULES, and they join RuleId.
  id: 'request-without-revision' as RuleId,
  severity: 'error',
  spec: 'basic/index › Requests',
  specNote: { en: 'each request names its revision', zh: '每个请求都注明自己的版本' },
  title: { en: 'Request without its revision', zh: '请求没有注明版本' },
  check: (_ctx, msg) =>
    declaredRevision(msg) === undefined
      ? {
          en: `"${msg.method}" names no revision in _meta`,
          zh: `"${msg.method}" 没有在 _meta 中注明版本`,
        }
      : null,
} satisfies RuleRow;

const TOY_MODERN: RuleSet = {
  era: 'modern',
  judges: {
    'client.request': [REQUEST_WITHOUT_REVISION],
    'server.request': [REQUEST_WITHOUT_REVISION],
  },
};

const ruleSets = { ...RULE_SETS, '2026-07-28': TOY_MODERN };

const modern = (id: number, method: string) =>
  rpc.request(id, method, { _meta: { [PROTOCOL_VERSION_META]: '2026-07-28' } });

const envelope = (direction: typeof C2S, message: unknown): RefereeEvent => ({
  type: 'envelope',
  direction,
  message,
});

function run(state: RefereeState, ...events: RefereeEvent[]): RefereeState {
  for (const event of events) state = advance(state, event);
  return state;
}

describe('a second era slots into the model', () => {
  it('a first request naming a modern revision opens a modern session, with no handshake', () => {
    const state = run(startReferee({ ruleSets }), envelope(C2S, modern(1, 'tools/list')));
    expect(state.matches('modern')).toBe(true);
    // Judged by the modern rule set: no initialize-not-first, and no lifecycle.
    expect(verdictOf(state)).toMatchObject({ method: 'tools/list', phase: null, era: 'modern' });
    expect(verdictOf(state)?.violations).toEqual([]);
    expect(sidePhases(state)).toEqual({ client: 'operation', server: 'operation' });
    expect(state.context.rules).toBe(TOY_MODERN);
    expect(state.context.handshake.initialize).toBe('none');
  });

  it('its own rule judges the requests that follow', () => {
    const state = run(
      startReferee({ ruleSets }),
      envelope(C2S, modern(1, 'tools/list')),
      envelope(S2C, rpc.result(1, { tools: [] })),
      envelope(C2S, rpc.request(2, 'tools/list')),
    );
    expect(verdictOf(state)?.violations).toEqual([
      {
        rule: 'request-without-revision',
        severity: 'error',
        message: '"tools/list" names no revision in _meta',
        messageZh: '"tools/list" 没有在 _meta 中注明版本',
        spec: 'basic/index › Requests (each request names its revision)',
        specZh: 'basic/index › Requests（每个请求都注明自己的版本）',
      },
    ]);
    expect(sessionView(state).violationCount).toBe(1);
  });

  it('the transport still closes: a later message is flagged, and has no phase', () => {
    const state = run(
      startReferee({ ruleSets }),
      envelope(C2S, modern(1, 'tools/list')),
      { type: 'close' },
      envelope(C2S, modern(2, 'ping')),
    );
    expect(state.matches({ modern: 'closed' })).toBe(true);
    expect(sidePhases(state)).toEqual({ client: 'shutdown', server: 'shutdown' });
    expect(sessionView(state).closed).toBe(true);
    expect(verdictOf(state)?.phase).toBe(null);
    expect(verdictOf(state)?.era).toBe('modern');
  });

  it('initialize first is still the handshake era, judged by the handshake rules', () => {
    const state = run(
      startReferee({ ruleSets }),
      envelope(C2S, initializeRequest()),
      envelope(C2S, rpc.request(1, 'tools/list')),
    );
    expect(state.matches('legacy')).toBe(true);
    expect(verdictOf(state)?.violations.map((v) => v.rule)).toEqual(['request-before-initialized']);
  });

  it('a first request without the envelope is the handshake era, as before', () => {
    const state = run(startReferee({ ruleSets }), envelope(C2S, rpc.request(1, 'tools/list')));
    expect(state.matches('legacy')).toBe(true);
    expect(verdictOf(state)?.violations.map((v) => v.rule)).toEqual(['initialize-not-first']);
  });

  it('the era decision is a named guard: machine.provide() can stub it, and advance follows', () => {
    // Every first client request opens a modern session; the rule set is the one of the modern
    // revision, here the toy's.
    const machine = sessionMachine.provide({
      guards: { carriesModernEnvelope: ({ event }) => event.type === 'client.request' },
    });
    const [start] = initialTransition(machine, { ruleSets });
    const state = run(start, envelope(C2S, rpc.request(1, 'ping')));
    expect(state.matches('modern')).toBe(true);
    expect(state.machine).toBe(machine);
    expect(verdictOf(state)?.violations.map((v) => v.rule)).toEqual(['request-without-revision']);
  });
});
