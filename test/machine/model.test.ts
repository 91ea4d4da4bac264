import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, initialTransition, transition } from 'xstate';
import { getPathsFromEvents, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  diagramJson,
  diagramMermaid,
  type MachineEvent,
  type ModelEvent,
  type RefereeState,
  sessionMachine,
  sidePhases,
  toModelEvent,
} from '../../src/machine/index.js';
import { messages } from '../helpers/envelopes.js';
import { discoverResult, modernRequest } from './modern-builder.js';
import { rpc } from './session-builder.js';

type Path = StatePath<RefereeState, MachineEvent>;

const C2S = 'client->server';
const S2C = 'server->client';

/** The classified events the graph traversal tries, in a fixed order. */
const events = {
  initializeRequest: toModelEvent(C2S, messages.initializeRequest),
  initializeResult: toModelEvent(S2C, messages.initializeResult),
  initializeError: toModelEvent(S2C, messages.initializeError),
  // Another version than the one offered: the client may not support it.
  counterOffer: toModelEvent(S2C, {
    ...messages.initializeResult,
    result: { ...messages.initializeResult.result, protocolVersion: '2025-03-26' },
  }),
  initialized: toModelEvent(C2S, messages.initialized),
  toolsList: toModelEvent(C2S, messages.toolsList),
  ping: toModelEvent(C2S, messages.ping),
  probe: toModelEvent(C2S, modernRequest('p', 'server/discover')),
  discoverResult: toModelEvent(S2C, discoverResult('p')),
  probeError: toModelEvent(S2C, rpc.error('p', -32601, 'Method not found')),
  modernList: toModelEvent(C2S, modernRequest(9, 'tools/list')),
  close: { type: 'close' },
} as const satisfies Record<string, ModelEvent>;

const allEvents: readonly ModelEvent[] = Object.values(events);

/** Every state node id of the machine, read from its definition (root included). */
function allStateIds(node: AnyStateNode = sessionMachine.root): string[] {
  return [
    node.id,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateIds),
  ];
}

/** The ids of the state nodes a state value is in, ancestors included. */
function idsOfValue(value: unknown, prefix = sessionMachine.id): string[] {
  if (typeof value === 'string') return [prefix, `${prefix}.${value}`];
  if (value && typeof value === 'object') {
    return [
      prefix,
      ...Object.entries(value).flatMap(([key, child]) => idsOfValue(child, `${prefix}.${key}`)),
    ];
  }
  return [prefix];
}

/**
 * A state is its value plus the context the guards read (the handshake's progress) and the phase
 * the state stamped; the step counter and the ledger grow forever, so they are left out to keep
 * the graph finite.
 */
function serializeState(snapshot: RefereeState): string {
  const { handshake, phase, era, probe } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    initialize: handshake.initialize,
    initializedSent: handshake.initializedSent,
    phase,
    era,
    probe: probe.status,
  });
}

/**
 * The session machine for graph traversal. A session's ledger is one mutable record that every
 * later state shares (`advance` is called once per event, in order), so a breadth-first traversal
 * that branches from the same snapshot with several events would let one branch see the request
 * ids written by its siblings. Here every transition first rebuilds its source snapshot by
 * replaying that snapshot's own event history from a fresh initial snapshot, then takes the real
 * machine's transition: the graph is the machine's, and the branches stay apart.
 */
const histories = new WeakMap<object, readonly MachineEvent[]>();

function rebuild(history: readonly MachineEvent[]): RefereeState {
  let [snapshot] = initialTransition(sessionMachine, {});
  for (const event of history) [snapshot] = transition(sessionMachine, snapshot, event);
  return snapshot;
}

const branchingMachine: typeof sessionMachine = Object.create(sessionMachine, {
  transition: {
    value: (
      snapshot: RefereeState,
      event: MachineEvent,
      scope: Parameters<typeof sessionMachine.transition>[2],
    ): RefereeState => {
      const before = histories.get(snapshot) ?? [];
      const next = sessionMachine.transition(rebuild(before), event, scope);
      histories.set(next, [...before, event]);
      return next;
    },
  },
});

const traversal = { events: allEvents, serializeState };

function visitedIds(paths: readonly Path[]): Set<string> {
  const ids = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const id of idsOfValue(step.state.value)) ids.add(id);
    for (const id of idsOfValue(path.state.value)) ids.add(id);
  }
  return ids;
}

/** Replays a generated path through a fresh actor and returns its final snapshot. */
function replay(path: Path): RefereeState {
  const actor = createActor(sessionMachine, { input: {} }).start();
  for (const step of path.steps) {
    // The graph marks the first step with the machine's own init event.
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    actor.send(step.event);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

const describePath = (path: Path) =>
  path.steps.map((s) => ('method' in s.event ? `${s.event.type} ${s.event.method}` : s.event.type));

const MODERN = [
  'session.modern',
  'session.modern.probing',
  'session.modern.open',
  'session.modern.closed',
];

describe('sessionMachine, model-based', () => {
  const expectedIds = allStateIds();

  it('has the states the model describes: the era decision, then the lifecycle', () => {
    expect(new Set(expectedIds)).toEqual(
      new Set([
        'session',
        'session.undecided',
        'session.legacy',
        'session.legacy.handshake',
        'session.legacy.handshake.client',
        'session.legacy.handshake.client.initialization',
        'session.legacy.handshake.client.initialization.idle',
        'session.legacy.handshake.client.initialization.awaitingResult',
        'session.legacy.handshake.client.initialization.weighingAnswer',
        'session.legacy.handshake.client.operation',
        'session.legacy.handshake.server',
        'session.legacy.handshake.server.initialization',
        'session.legacy.handshake.server.initialization.awaitingInitialize',
        'session.legacy.handshake.server.initialization.awaitingInitialized',
        'session.legacy.handshake.server.operation',
        'session.legacy.handshake.referee',
        'session.legacy.handshake.referee.judging',
        'session.legacy.operation',
        'session.legacy.shutdown',
        ...MODERN,
      ]),
    );
  });

  const shortest = getShortestPaths(branchingMachine, traversal);
  const reachable = [...expectedIds].sort();

  it('shortest paths reach every state node of both eras', () => {
    expect([...visitedIds(shortest)].sort()).toEqual(reachable);
  });

  it('every shortest path replays through a real actor to the same state', () => {
    expect(shortest.length).toBeGreaterThan(5);
    for (const path of shortest) {
      const end = replay(path);
      expect(end.value, describePath(path).join(' → ')).toEqual(path.state.value);
      expect(serializeState(end)).toBe(serializeState(path.state));
    }
  });

  it('simple paths (every loop-free walk) also replay to the same state', () => {
    const simple = getSimplePaths(branchingMachine, traversal);
    expect(simple.length).toBeGreaterThanOrEqual(shortest.length);
    expect([...visitedIds(simple)].sort()).toEqual(reachable);
    for (const path of simple) {
      expect(serializeState(replay(path)), describePath(path).join(' → ')).toBe(
        serializeState(path.state),
      );
    }
  });

  it('follows a failed initialize back to the start, then a retry into operation', () => {
    const script = [
      events.initializeRequest,
      events.initializeError,
      events.initializeRequest,
      events.initializeResult,
      events.initialized,
    ];
    const [path] = getPathsFromEvents(branchingMachine, script, { serializeState });
    if (!path) throw new Error('getPathsFromEvents returned no path');
    const legacy = (client: unknown, server: unknown) => ({
      legacy: { handshake: { client, server, referee: 'judging' } },
    });
    expect(path.steps.map((s) => s.state.value)).toEqual([
      'undecided',
      legacy({ initialization: 'awaitingResult' }, { initialization: 'awaitingInitialize' }),
      legacy({ initialization: 'idle' }, { initialization: 'awaitingInitialize' }),
      legacy({ initialization: 'awaitingResult' }, { initialization: 'awaitingInitialize' }),
      legacy('operation', { initialization: 'awaitingInitialized' }),
      // Both sides operate: the handshake is over.
      { legacy: 'operation' },
    ]);
    expect(replay(path).value).toEqual({ legacy: 'operation' });
  });
});

describe('sessionMachine, pure transitions', () => {
  it('starts undecided, with an empty context and nothing to execute', () => {
    const [start, actions] = initialTransition(sessionMachine, {});
    expect(start.value).toBe('undecided');
    expect(start.context.step).toBe(0);
    expect(start.context.last).toBeNull();
    expect(sidePhases(start)).toEqual({ client: 'initialization', server: 'initialization' });
    expect(actions).toEqual([]);
  });

  it('the first message decides the era, and the era judges that same message', () => {
    const [start] = initialTransition(sessionMachine, {});
    const [sent, actions] = transition(sessionMachine, start, events.initializeRequest);
    expect(sent.value).toEqual({
      legacy: {
        handshake: {
          client: { initialization: 'awaitingResult' },
          server: { initialization: 'awaitingInitialize' },
          referee: 'judging',
        },
      },
    });
    expect(sent.context.step).toBe(1);
    expect(sent.context.last).toMatchObject({ method: 'initialize', phase: 'initialization' });
    // The decision replays the message into the era (a raise, handled within the transition).
    expect(actions.map((a) => a.type)).toEqual(['xstate.raise']);
    expect(start.value).toBe('undecided');
    expect(start.context.step).toBe(0);
    expect(start.context.handshake.initialize).toBe('none');
  });

  it('the client operates on the result; the server only after notifications/initialized', () => {
    const [s0] = initialTransition(sessionMachine, {});
    const [s1] = transition(sessionMachine, s0, events.initializeRequest);
    const [s2, actions] = transition(sessionMachine, s1, events.initializeResult);
    // Judging and recording are assigns: nothing is left for an actor to execute.
    expect(actions).toEqual([]);
    expect(sidePhases(s2)).toEqual({ client: 'operation', server: 'initialization' });
    const [s3] = transition(sessionMachine, s2, events.initialized);
    expect(sidePhases(s3)).toEqual({ client: 'operation', server: 'operation' });
    // A report carries the phase the message was sent in: the state's before the message.
    expect(s3.context.last?.phase).toBe('initialization');
    const [s4] = transition(sessionMachine, s3, events.toolsList);
    expect(s4.context.last).toMatchObject({ method: 'tools/list', phase: 'operation' });
    expect(s4.context.last?.violations).toEqual([]);
  });

  it('a counter-offer: the client neither operates nor holds it until it sends initialized', () => {
    const [s0] = initialTransition(sessionMachine, {});
    const [s1] = transition(sessionMachine, s0, events.initializeRequest);
    const [s2] = transition(sessionMachine, s1, events.counterOffer);
    // Lifecycle › Version Negotiation: a client that does not support the answer disconnects; the
    // wire cannot tell yet, so the client is still initializing and holds no version.
    expect(sidePhases(s2)).toEqual({ client: 'initialization', server: 'initialization' });
    expect(s2.context.handshake).toMatchObject({
      negotiatedVersion: '2025-03-26',
      acceptedVersion: null,
    });
    const [closed] = transition(sessionMachine, s2, events.close);
    expect(closed.context.handshake.acceptedVersion).toBeNull();
    // A client that supports it says so with notifications/initialized, and operates on it.
    const [s3] = transition(sessionMachine, s2, events.initialized);
    expect(sidePhases(s3)).toEqual({ client: 'operation', server: 'operation' });
    expect(s3.context.handshake.acceptedVersion).toBe('2025-03-26');
    // The echo of the offer is the client's own version at once (a fresh session: the ledger is
    // shared by the snapshots of one session).
    const [fresh] = transition(
      sessionMachine,
      initialTransition(sessionMachine, {})[0],
      events.initializeRequest,
    );
    const [echo] = transition(sessionMachine, fresh, events.initializeResult);
    expect(echo.context.handshake.acceptedVersion).toBe('2025-11-25');
  });

  it('an error answer to initialize sends the client back to idle', () => {
    const [s0] = initialTransition(sessionMachine, {});
    const [s1] = transition(sessionMachine, s0, events.initializeRequest);
    const [s2] = transition(sessionMachine, s1, events.initializeError);
    expect(s2.matches({ legacy: { handshake: { client: { initialization: 'idle' } } } })).toBe(
      true,
    );
    expect(s2.context.last?.kind).toBe('error');
    expect(s2.context.handshake.initialize).toBe('failed');
  });

  it('close moves both sides to shutdown from any phase, even before any message', () => {
    const [s0] = initialTransition(sessionMachine, {});
    const [closed] = transition(sessionMachine, s0, events.close);
    expect(sidePhases(closed)).toEqual({ client: 'shutdown', server: 'shutdown' });
    expect(closed.context.phase).toBe('shutdown');
    expect(closed.context.last).toBeNull();
  });

  it('an actor sent raw envelopes classifies them first, as `advance` does', () => {
    const actor = createActor(sessionMachine, { input: {} }).start();
    actor.send({ type: 'envelope', direction: C2S, message: messages.initializeRequest });
    actor.send({ type: 'close' });
    actor.send({ type: 'envelope', direction: C2S, message: messages.ping });
    const snapshot = actor.getSnapshot();
    expect(sidePhases(snapshot)).toEqual({ client: 'shutdown', server: 'shutdown' });
    expect(snapshot.context.step).toBe(2);
    expect(snapshot.context.last).toMatchObject({ method: 'ping', phase: 'shutdown' });
    expect(snapshot.context.last?.violations.map((v) => v.rule)).toContain(
      'message-after-shutdown',
    );
    actor.stop();
  });
});

describe('the diagram, generated from the machine', () => {
  it('starts with the era decision, then draws each era', () => {
    const root = diagramJson();
    expect(root.initial).toBe('session.undecided');
    expect(root.states.map((s) => s.key)).toEqual(['undecided', 'legacy', 'modern']);
    const mermaid = diagramMermaid();
    expect(mermaid).toContain(
      'session_undecided --> session_modern_probing: client.request [probes]',
    );
    expect(mermaid).toContain(
      'session_undecided --> session_modern: client.request [carriesModernEnvelope]',
    );
    expect(mermaid).toContain(
      'session_undecided --> session_legacy: client.request / client.* / server.* / close',
    );
    // The dual-era fallback: a probe without a modern answer, then initialize.
    expect(mermaid).toContain('session_modern_probing --> session_legacy: client.initialize');
    expect(mermaid).toContain(
      'session_legacy_handshake_server_initialization --> session_legacy_handshake_server_operation: client.initialized',
    );
    // Once both sides operate, the handshake is over: one state judges every message from then on.
    expect(mermaid).toContain('session_legacy_handshake --> session_legacy_operation: bothOperate');
    expect(mermaid).toContain('session_legacy_operation --> session_legacy_shutdown: close');
  });
});
