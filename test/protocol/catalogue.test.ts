import { describe, expect, it } from 'vitest';
import {
  baseGate,
  CAPABILITY_PATHS,
  CATALOGUE,
  checkParams,
  checkResult,
  DIRECTIONS,
  directionsIn,
  directionsOf,
  existsIn,
  gateFor,
  HANDSHAKE_VERSIONS,
  type HandshakeMethodName,
  isCatalogued,
  isHandshakeMethod,
  type JsonObject,
  KNOWN_VERSIONS,
  lookupMethod,
  METHOD_NAMES,
  type MethodEntry,
  type MethodName,
  PRIMITIVES,
  softGatesFor,
  versionsOf,
} from '../../src/protocol/index.js';

const C2S = 'client->server';
const S2C = 'server->client';

const entry = (method: MethodName): MethodEntry => CATALOGUE[method];

describe('the method catalogue', () => {
  it('has the 31 methods of 2025-11-25 (20 requests, 11 notifications) and the 3 that 2026-07-28 added', () => {
    expect(METHOD_NAMES).toHaveLength(34);
    expect(new Set(METHOD_NAMES).size).toBe(34);
    const legacy = METHOD_NAMES.filter((m) => existsIn(m, '2025-11-25'));
    expect(legacy.filter((m) => entry(m).kind === 'request')).toHaveLength(20);
    expect(legacy.filter((m) => entry(m).kind === 'notification')).toHaveLength(11);
  });

  it('has the 21 method strings of 2026-07-28: 13 removed, 3 added', () => {
    const modern = METHOD_NAMES.filter((m) => existsIn(m, '2026-07-28'));
    expect(modern).toHaveLength(21);
    const removed = METHOD_NAMES.filter((m) => entry(m).removedIn === '2026-07-28').sort();
    expect(removed).toEqual(
      [
        'initialize',
        'notifications/initialized',
        'ping',
        'logging/setLevel',
        'resources/subscribe',
        'resources/unsubscribe',
        'notifications/roots/list_changed',
        'notifications/elicitation/complete',
        'tasks/get',
        'tasks/result',
        'tasks/list',
        'tasks/cancel',
        'notifications/tasks/status',
      ].sort(),
    );
    expect(modern.filter((m) => !existsIn(m, '2025-11-25')).sort()).toEqual([
      'notifications/subscriptions/acknowledged',
      'server/discover',
      'subscriptions/listen',
    ]);
    // No server->client request in 2026-07-28: the three that were travel inside input_required.
    for (const m of modern) {
      const ways = directionsIn(m, '2026-07-28');
      if (entry(m).kind === 'request') expect(ways, m).not.toHaveProperty(S2C);
    }
    expect(directionsIn('sampling/createMessage', '2026-07-28')).toEqual({});
    expect(directionsIn('sampling/createMessage', '2025-11-25')).toEqual({
      [S2C]: 'client.sampling',
    });
    expect(directionsIn('notifications/progress', '2026-07-28')).toEqual({ [S2C]: null });
  });

  it('has the spec’s method count per version (via versionsOf and existsIn)', () => {
    const expected = { '2024-11-05': 24, '2025-03-26': 24, '2025-06-18': 25, '2025-11-25': 31 };
    for (const version of HANDSHAKE_VERSIONS) {
      expect(
        METHOD_NAMES.filter((m) => existsIn(m, version)),
        version,
      ).toHaveLength(expected[version]);
      expect(
        METHOD_NAMES.filter((m) => versionsOf(m).includes(version)),
        version,
      ).toHaveLength(expected[version]);
    }
  });

  it('dates the newer methods', () => {
    // In 2026-07-28 it is still a method string, but only inside an input_required result.
    expect(versionsOf('elicitation/create')).toEqual(['2025-06-18', '2025-11-25', '2026-07-28']);
    expect(versionsOf('notifications/elicitation/complete')).toEqual(['2025-11-25']);
    expect(versionsOf('tasks/list')).toEqual(['2025-11-25']);
    expect(versionsOf('initialize')).toEqual([...HANDSHAKE_VERSIONS]);
    expect(versionsOf('tools/list')).toEqual([...HANDSHAKE_VERSIONS, '2026-07-28']);
    expect(versionsOf('server/discover')).toEqual(['2026-07-28']);
    expect(existsIn('elicitation/create', '2025-03-26')).toBe(false);
  });

  it.each(METHOD_NAMES)('%s is fully described', (method) => {
    const e = entry(method);
    expect(e.meaning.en.trim().length).toBeGreaterThan(0);
    expect(e.meaning.zh.trim().length).toBeGreaterThan(0);
    expect(PRIMITIVES).toContain(e.primitive);
    expect(['request', 'notification']).toContain(e.kind);
    const directions = directionsOf(method);
    expect(directions.length).toBeGreaterThan(0);
    for (const d of directions) {
      expect(DIRECTIONS).toContain(d);
      const gate = e.directions[d];
      if (gate !== null && gate !== undefined) {
        expect(CAPABILITY_PATHS).toContain(gate);
      }
    }
    expect(KNOWN_VERSIONS).toContain(e.since);
  });

  it('puts lifecycle, list_changed and updated notifications in the right primitive', () => {
    expect(entry('initialize').primitive).toBe('lifecycle');
    expect(entry('notifications/initialized').primitive).toBe('lifecycle');
    expect(entry('ping').primitive).toBe('utility');
    expect(entry('completion/complete').primitive).toBe('utility');
    expect(entry('notifications/tools/list_changed').primitive).toBe('tools');
    expect(entry('notifications/resources/updated').primitive).toBe('resources');
    expect(entry('notifications/roots/list_changed').primitive).toBe('roots');
  });

  it('looks methods up without seeing Object.prototype', () => {
    expect(isCatalogued('tools/list')).toBe(true);
    expect(isCatalogued('constructor')).toBe(false);
    expect(isCatalogued('__proto__')).toBe(false);
    expect(isCatalogued(42)).toBe(false);
    expect(lookupMethod('toString')).toBeUndefined();
    expect(lookupMethod('ping')?.kind).toBe('request');
  });
});

describe('gates', () => {
  it('never gates the lifecycle and the utilities', () => {
    for (const method of [
      'initialize',
      'notifications/initialized',
      'ping',
      'notifications/cancelled',
      'notifications/progress',
    ] as const) {
      for (const d of directionsOf(method)) expect(baseGate(method, d, '2025-11-25')).toBeNull();
    }
  });

  it('spot-checks the catalogue’s gates', () => {
    expect(baseGate('notifications/tools/list_changed', S2C, '2025-11-25')).toBe(
      'server.tools.listChanged',
    );
    expect(baseGate('sampling/createMessage', S2C, '2025-11-25')).toBe('client.sampling');
    expect(baseGate('resources/subscribe', C2S, '2025-11-25')).toBe('server.resources.subscribe');
    expect(baseGate('resources/unsubscribe', C2S, '2025-11-25')).toBe('server.resources.subscribe');
    expect(baseGate('notifications/resources/updated', S2C, '2025-11-25')).toBe(
      'server.resources.subscribe',
    );
    expect(baseGate('roots/list', S2C, '2025-11-25')).toBe('client.roots');
    expect(baseGate('notifications/message', S2C, '2025-11-25')).toBe('server.logging');
    expect(baseGate('tools/call', C2S, '2025-11-25')).toBe('server.tools');
  });

  it('completion/complete is ungated in 2024-11-05 and needs server.completions after', () => {
    expect(baseGate('completion/complete', C2S, '2024-11-05')).toBeNull();
    expect(gateFor('completion/complete', C2S, {}, '2024-11-05')).toEqual({
      label: null,
      requires: [],
    });
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25'] as const) {
      expect(baseGate('completion/complete', C2S, version)).toBe('server.completions');
    }
  });

  it('tasks/list travels both ways, gated by the receiver’s own capability', () => {
    expect(directionsOf('tasks/list').sort()).toEqual([C2S, S2C]);
    expect(baseGate('tasks/list', C2S, '2025-11-25')).toBe('server.tasks.list');
    expect(baseGate('tasks/list', S2C, '2025-11-25')).toBe('client.tasks.list');
  });

  it('a direction a method cannot travel has no gate', () => {
    expect(baseGate('roots/list', C2S, '2025-11-25')).toBeNull();
  });

  it('refines elicitation by mode', () => {
    const url = { mode: 'url', message: 'Sign in', elicitationId: 'e1', url: 'https://x.test' };
    expect(gateFor('elicitation/create', S2C, url, '2025-11-25')).toEqual({
      label: 'client.elicitation.url',
      requires: ['client.elicitation', 'client.elicitation.url'],
    });
    const form = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };
    expect(gateFor('elicitation/create', S2C, form, '2025-11-25')).toEqual({
      label: 'client.elicitation',
      requires: ['client.elicitation', 'client.elicitation.form'],
    });
    // 2025-06-18 had no modes: the plain capability is enough.
    expect(gateFor('elicitation/create', S2C, form, '2025-06-18')).toEqual({
      label: 'client.elicitation',
      requires: ['client.elicitation'],
    });
  });

  it('refines sampling with tools, tool choice and tasks', () => {
    const base = { messages: [], maxTokens: 10 };
    expect(gateFor('sampling/createMessage', S2C, base, '2025-11-25').requires).toEqual([
      'client.sampling',
    ]);
    expect(
      gateFor('sampling/createMessage', S2C, { ...base, tools: [] }, '2025-11-25').requires,
    ).toEqual(['client.sampling', 'client.sampling.tools']);
    expect(
      gateFor(
        'sampling/createMessage',
        S2C,
        { ...base, toolChoice: { mode: 'auto' } },
        '2025-11-25',
      ).requires,
    ).toContain('client.sampling.tools');
    expect(
      gateFor('sampling/createMessage', S2C, { ...base, task: { ttl: 1000 } }, '2025-11-25')
        .requires,
    ).toEqual(['client.sampling', 'client.tasks.requests.sampling.createMessage']);
    expect(gateFor('sampling/createMessage', S2C, base, '2025-11-25').label).toBe(
      'client.sampling',
    );
    // The label names the sub-capability that gates tool-enabled sampling, where it exists.
    expect(gateFor('sampling/createMessage', S2C, { ...base, tools: [] }, '2025-11-25').label).toBe(
      'client.sampling.tools',
    );
    expect(gateFor('sampling/createMessage', S2C, { ...base, tools: [] }, '2025-06-18').label).toBe(
      'client.sampling',
    );
  });

  it('refines task-augmented tool calls and elicitations', () => {
    expect(gateFor('tools/call', C2S, { name: 't', task: {} }, '2025-11-25').requires).toEqual([
      'server.tools',
      'server.tasks.requests.tools.call',
    ]);
    expect(
      gateFor('elicitation/create', S2C, { message: 'm', task: {} }, '2025-11-25').requires,
    ).toContain('client.tasks.requests.elicitation.create');
  });

  it('labels a task-augmented request by the tasks.requests entry it needs (2025-11-25 tasks)', () => {
    expect(gateFor('tools/call', C2S, { name: 't', task: {} }, '2025-11-25').label).toBe(
      'server.tasks.requests.tools.call',
    );
    expect(gateFor('tools/call', C2S, { name: 't' }, '2025-11-25').label).toBe('server.tools');
    const sampling = { messages: [], maxTokens: 10, tools: [], task: { ttl: 1000 } };
    const gate = gateFor('sampling/createMessage', S2C, sampling, '2025-11-25');
    expect(gate.label).toBe('client.tasks.requests.sampling.createMessage');
    expect([...gate.requires].sort()).toEqual([
      'client.sampling',
      'client.sampling.tools',
      'client.tasks.requests.sampling.createMessage',
    ]);
    // A URL-mode elicitation as a task needs both its mode and the task entry.
    const url = { mode: 'url', message: 'm', elicitationId: 'e', url: 'https://x.test', task: {} };
    expect(gateFor('elicitation/create', S2C, url, '2025-11-25').requires).toEqual([
      'client.elicitation',
      'client.elicitation.url',
      'client.tasks.requests.elicitation.create',
    ]);
    // 2025-06-18 had no tasks: a task field adds nothing there.
    expect(gateFor('tools/call', C2S, { name: 't', task: {} }, '2025-06-18')).toEqual({
      label: 'server.tools',
      requires: ['server.tools'],
    });
  });

  it('ignores params that are not objects', () => {
    expect(gateFor('tools/call', C2S, 'junk', '2025-11-25')).toEqual({
      label: 'server.tools',
      requires: ['server.tools'],
    });
  });

  it('soft-gates the deprecated includeContext values', () => {
    for (const includeContext of ['thisServer', 'allServers']) {
      expect(softGatesFor('sampling/createMessage', { includeContext })).toEqual([
        'client.sampling.context',
      ]);
    }
    expect(softGatesFor('sampling/createMessage', { includeContext: 'none' })).toEqual([]);
    expect(softGatesFor('tools/call', { includeContext: 'allServers' })).toEqual([]);
  });
});

const TASK = {
  taskId: 'task-1',
  status: 'working',
  createdAt: '2025-11-25T10:00:00Z',
  lastUpdatedAt: '2025-11-25T10:00:01Z',
  ttl: null,
};

type SchemaCase = {
  /** Minimal valid params (undefined: the method takes none). */
  readonly valid: JsonObject | undefined;
  /** Obviously broken params, for methods with required params. */
  readonly broken?: JsonObject;
};

/** A minimal valid message for every method, and a broken one where params are required. */
const SCHEMA_CASES: Record<HandshakeMethodName, SchemaCase> = {
  initialize: {
    valid: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1.0.0' },
    },
    broken: { protocolVersion: '2025-11-25', capabilities: {} },
  },
  'notifications/initialized': { valid: undefined },
  ping: { valid: undefined },
  'notifications/cancelled': { valid: { requestId: 1 }, broken: { requestId: { id: 1 } } },
  'notifications/progress': {
    valid: { progressToken: 't', progress: 0.5 },
    broken: { progressToken: 't' },
  },
  'tools/list': { valid: undefined },
  'tools/call': { valid: { name: 'echo' }, broken: { arguments: {} } },
  'notifications/tools/list_changed': { valid: undefined },
  'resources/list': { valid: undefined },
  'resources/templates/list': { valid: undefined },
  'resources/read': { valid: { uri: 'file:///a.txt' }, broken: {} },
  'resources/subscribe': { valid: { uri: 'file:///a.txt' }, broken: { uri: 5 } },
  'resources/unsubscribe': { valid: { uri: 'file:///a.txt' }, broken: {} },
  'notifications/resources/updated': { valid: { uri: 'file:///a.txt' }, broken: {} },
  'notifications/resources/list_changed': { valid: undefined },
  'prompts/list': { valid: undefined },
  'prompts/get': { valid: { name: 'greet' }, broken: { arguments: { who: 'me' } } },
  'notifications/prompts/list_changed': { valid: undefined },
  'logging/setLevel': { valid: { level: 'info' }, broken: { level: 'loud' } },
  'notifications/message': { valid: { level: 'error', data: 'boom' }, broken: { data: 'boom' } },
  'completion/complete': {
    valid: { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } },
    broken: { ref: { type: 'ref/prompt', name: 'greet' } },
  },
  'roots/list': { valid: undefined },
  'notifications/roots/list_changed': { valid: undefined },
  'sampling/createMessage': {
    valid: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 50 },
    broken: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
  },
  'elicitation/create': {
    valid: {
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    },
    broken: { requestedSchema: { type: 'object', properties: {} } },
  },
  'notifications/elicitation/complete': { valid: { elicitationId: 'e-1' }, broken: {} },
  'tasks/get': { valid: { taskId: 'task-1' }, broken: {} },
  'tasks/result': { valid: { taskId: 'task-1' }, broken: { taskId: 7 } },
  'tasks/list': { valid: undefined },
  'tasks/cancel': { valid: { taskId: 'task-1' }, broken: {} },
  'notifications/tasks/status': { valid: TASK, broken: { taskId: 'task-1' } },
};

describe('every method maps to the SDK schemas', () => {
  it('the table covers every method', () => {
    expect(Object.keys(SCHEMA_CASES).sort()).toEqual(METHOD_NAMES.filter(isHandshakeMethod).sort());
  });

  it.each(METHOD_NAMES.filter(isHandshakeMethod))('%s', (method) => {
    const c = SCHEMA_CASES[method];
    expect(checkParams(method, c.valid)).toBeNull();
    if (c.broken) {
      const issue = checkParams(method, c.broken);
      expect(issue).not.toBeNull();
      expect(issue?.pointer.startsWith('/params')).toBe(true);
      expect(issue?.message.length).toBeGreaterThan(0);
    } else {
      // Optional params: none at all and an empty object are both fine.
      expect(checkParams(method, {})).toBeNull();
    }
  });

  it('reports where a broken message is wrong', () => {
    expect(checkParams('tools/call', {})?.pointer).toBe('/params/name');
  });

  it('checks results against the method’s result schemas', () => {
    expect(checkResult('ping', {})).toBeNull();
    expect(checkResult('tools/list', { tools: [] })).toBeNull();
    expect(checkResult('tools/list', {})?.pointer).toBe('/result/tools');
    expect(
      checkResult('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        serverInfo: { name: 's', version: '1' },
      }),
    ).toBeNull();
    expect(checkResult('initialize', { protocolVersion: '2025-11-25', capabilities: {} })).not.toBe(
      null,
    );
    // tools/call may answer with a CallToolResult or, when task-augmented, a CreateTaskResult.
    expect(checkResult('tools/call', { content: [{ type: 'text', text: 'ok' }] })).toBeNull();
    expect(checkResult('tools/call', { task: TASK })).toBeNull();
  });
});
