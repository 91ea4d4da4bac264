import { describe, expect, it } from 'vitest';
import { type AnyStateNode, createActor, initialTransition, transition } from 'xstate';
import { getPathsFromEvents, getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  type SessionEvent,
  type SessionSnapshot,
  sessionMachine,
} from '../../src/machine/index.js';
import { allEvents, events } from '../helpers/envelopes.js';

type Path = StatePath<SessionSnapshot, SessionEvent>;

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
 * A state is its value plus the context the guards read (the handshake's progress) and whether the
 * transport closed (the phase of later messages); the step counter and the ledger grow forever, so
 * they are left out to keep the graph finite.
 */
function serializeState(snapshot: SessionSnapshot): string {
  const { handshake, closed } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    initialize: handshake.initialize,
    initializedSent: handshake.initializedSent,
    closed,
  });
}

/**
 * The session machine for graph traversal. The referee keeps an append-only Ledger that every
 * snapshot of one session shares (it is built for one linear history, with stepping back), so a
 * breadth-first traversal that branches from the same snapshot with several events would let one
 * branch see the request ids written by its siblings. Here every transition first rebuilds its
 * source snapshot by replaying that snapshot's own event history from a fresh initial snapshot, then
 * takes the real machine's transition: the graph is the machine's, and the branches stay apart.
 */
const histories = new WeakMap<object, readonly SessionEvent[]>();

function rebuild(history: readonly SessionEvent[]): SessionSnapshot {
  let [snapshot] = initialTransition(sessionMachine);
  for (const event of history) [snapshot] = transition(sessionMachine, snapshot, event);
  return snapshot;
}

const branchingMachine: typeof sessionMachine = Object.create(sessionMachine, {
  transition: {
    value: (
      snapshot: SessionSnapshot,
      event: SessionEvent,
      scope: Parameters<typeof sessionMachine.transition>[2],
    ): SessionSnapshot => {
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
function replay(path: Path): SessionSnapshot {
  const actor = createActor(sessionMachine).start();
  for (const step of path.steps) {
    // The graph marks the first step with the machine's own init event (not a SessionEvent).
    if ((step.event as { type: string }).type === 'xstate.init') continue;
    actor.send(step.event);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

const describePath = (path: Path) =>
  path.steps
    .map((s) =>
      s.event.type === 'envelope'
        ? `${s.event.direction} ${JSON.stringify((s.event.message as { method?: string; id?: number }).method ?? `#${(s.event.message as { id?: number }).id}`)}`
        : s.event.type,
    )
    .join(' → ');

describe('sessionMachine, model-based', () => {
  const expectedIds = allStateIds();

  it('has the states the lifecycle describes', () => {
    expect(new Set(expectedIds)).toEqual(
      new Set([
        'session',
        'session.client',
        'session.client.initialization',
        'session.client.initialization.idle',
        'session.client.initialization.awaitingResult',
        'session.client.operation',
        'session.client.shutdown',
        'session.server',
        'session.server.initialization',
        'session.server.initialization.awaitingInitialize',
        'session.server.initialization.awaitingInitialized',
        'session.server.operation',
        'session.server.shutdown',
      ]),
    );
  });

  const shortest = getShortestPaths(branchingMachine, traversal);

  it('shortest paths reach every state node of both regions', () => {
    expect([...visitedIds(shortest)].sort()).toEqual([...expectedIds].sort());
  });

  it('every shortest path replays through a real actor to the same state', () => {
    expect(shortest.length).toBeGreaterThan(5);
    for (const path of shortest) {
      const end = replay(path);
      expect(end.value, describePath(path)).toEqual(path.state.value);
      expect(serializeState(end), describePath(path)).toBe(serializeState(path.state));
    }
  });

  it('simple paths (every loop-free walk) also replay to the same state', () => {
    const simple = getSimplePaths(branchingMachine, traversal);
    expect(simple.length).toBeGreaterThanOrEqual(shortest.length);
    expect([...visitedIds(simple)].sort()).toEqual([...expectedIds].sort());
    for (const path of simple) {
      expect(serializeState(replay(path)), describePath(path)).toBe(serializeState(path.state));
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
    const values = path.steps.map((s) => s.state.value);
    expect(values).toEqual([
      { client: { initialization: 'idle' }, server: { initialization: 'awaitingInitialize' } },
      {
        client: { initialization: 'awaitingResult' },
        server: { initialization: 'awaitingInitialize' },
      },
      { client: { initialization: 'idle' }, server: { initialization: 'awaitingInitialize' } },
      {
        client: { initialization: 'awaitingResult' },
        server: { initialization: 'awaitingInitialize' },
      },
      { client: 'operation', server: { initialization: 'awaitingInitialized' } },
      { client: 'operation', server: 'operation' },
    ]);
    expect(replay(path).value).toEqual({ client: 'operation', server: 'operation' });
  });
});

describe('sessionMachine, pure transitions', () => {
  it('initialTransition starts both sides in initialization with an empty context', () => {
    const [start, actions] = initialTransition(sessionMachine);
    expect(start.value).toEqual({
      client: { initialization: 'idle' },
      server: { initialization: 'awaitingInitialize' },
    });
    expect(start.context.step).toBe(0);
    expect(start.context.last).toBeNull();
    expect(actions).toEqual([]);
  });

  it('transition() does not touch the snapshot it starts from', () => {
    const [start] = initialTransition(sessionMachine);
    const [sent] = transition(sessionMachine, start, events.initializeRequest);
    expect(sent.value).toEqual({
      client: { initialization: 'awaitingResult' },
      server: { initialization: 'awaitingInitialize' },
    });
    expect(sent.context.step).toBe(1);
    expect(sent.context.last?.method).toBe('initialize');
    expect(start.context.step).toBe(0);
    expect(start.context.handshake.initialize).toBe('none');
    expect(start.value).toEqual({
      client: { initialization: 'idle' },
      server: { initialization: 'awaitingInitialize' },
    });
  });

  it('the client operates on the result; the server only after notifications/initialized', () => {
    const [s0] = initialTransition(sessionMachine);
    const [s1] = transition(sessionMachine, s0, events.initializeRequest);
    const [s2] = transition(sessionMachine, s1, events.initializeResult);
    expect(s2.value).toEqual({
      client: 'operation',
      server: { initialization: 'awaitingInitialized' },
    });
    const [s3] = transition(sessionMachine, s2, events.initialized);
    expect(s3.value).toEqual({ client: 'operation', server: 'operation' });
    expect(s3.context.last?.phase).toBe('initialization');
    const [s4] = transition(sessionMachine, s3, events.toolsList);
    expect(s4.context.last).toMatchObject({ method: 'tools/list', phase: 'operation' });
    expect(s4.context.last?.violations).toEqual([]);
  });

  it('an error answer to initialize sends the client back to idle', () => {
    const [s0] = initialTransition(sessionMachine);
    const [s1] = transition(sessionMachine, s0, events.initializeRequest);
    const [s2] = transition(sessionMachine, s1, events.initializeError);
    expect(s2.value).toEqual({
      client: { initialization: 'idle' },
      server: { initialization: 'awaitingInitialize' },
    });
    expect(s2.context.last?.kind).toBe('error');
  });

  it('close moves both sides to shutdown from any phase', () => {
    const [s0] = initialTransition(sessionMachine);
    const [closed] = transition(sessionMachine, s0, events.close);
    expect(closed.value).toEqual({ client: 'shutdown', server: 'shutdown' });
    expect(closed.context.closed).toBe(true);
  });

  it('a message after close is still refereed, as message-after-shutdown', () => {
    const actor = createActor(sessionMachine).start();
    actor.send(events.initializeRequest);
    actor.send(events.close);
    actor.send(events.ping);
    const { context, value } = actor.getSnapshot();
    expect(value).toEqual({ client: 'shutdown', server: 'shutdown' });
    expect(context.step).toBe(2);
    expect(context.last).toMatchObject({ method: 'ping', phase: 'shutdown' });
    expect(context.last?.violations.map((v) => v.rule)).toContain('message-after-shutdown');
    actor.stop();
  });
});
