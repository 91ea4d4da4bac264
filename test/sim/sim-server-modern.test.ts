import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/sim/server/sim-server.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { type Msg, refereedServer } from '../helpers/refereed-server.js';

const V = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/serverInfo';
const envelope = (version = '2026-07-28') => ({
  [V]: version,
  [CAPS]: {},
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
});

beforeAll(async () => {
  await prepareTools();
});

/** A serve-configured SimServer of one era, every envelope refereed. */
const session = (era: 'dual' | 'modern' | 'legacy', extra: Partial<ServerConfig> = {}) =>
  refereedServer({ era, ...extra });

const last = (out: Msg[]) => out[out.length - 1] as Msg;
const resultOf = (out: Msg[]) => last(out).result as Msg;
const errorOf = (out: Msg[]) => last(out).error as Msg;

describe('SimServer in the 2026-07-28 era', () => {
  it('answers server/discover as the spec says and opens a modern connection', () => {
    const { server, send, serverViolations } = session('dual');
    const result = resultOf(send('server/discover', { _meta: envelope() }));
    expect(server.era).toBe('modern');
    expect(result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { [INFO]: { name: 'mcp-sim', version: '0.1.0' } },
    });
    expect(result.capabilities).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: {},
      logging: {},
      completions: {},
    });
    expect(typeof result.instructions).toBe('string');
    expect(serverViolations).toEqual([]);
  });

  it('serves tools, prompts and resources with resultType, serverInfo, ttlMs and cacheScope', () => {
    const { send, serverViolations } = session('dual');
    const list = resultOf(send('tools/list', { _meta: envelope() }));
    expect(list).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    expect((list._meta as Msg)[INFO]).toEqual({ name: 'mcp-sim', version: '0.1.0' });
    const call = resultOf(
      send('tools/call', {
        name: 'calculator_arithmetic',
        arguments: { expression: '2 + 3' },
        _meta: envelope(),
      }),
    );
    expect(call.resultType).toBe('complete');
    expect(call.ttlMs).toBeUndefined();
    expect(JSON.stringify(call.content)).toContain('5');
    for (const m of ['prompts/list', 'resources/list', 'resources/templates/list']) {
      expect(resultOf(send(m, { _meta: envelope() }))).toMatchObject({
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
      });
    }
    const read = resultOf(
      send('resources/read', { uri: 'file:///project/notes.txt', _meta: envelope() }),
    );
    expect(read).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
    // 2026-07-28 retired -32002: a missing resource is -32602.
    expect(errorOf(send('resources/read', { uri: 'file:///nope', _meta: envelope() })).code).toBe(
      -32602,
    );
    expect(serverViolations).toEqual([]);
  });

  it('answers prompts/get and completion/complete with resultType and serverInfo, not cacheable', () => {
    const { send, serverViolations } = session('dual');
    const prompt = resultOf(
      send('prompts/get', {
        name: 'weather_report',
        arguments: { location: 'Paris' },
        _meta: envelope(),
      }),
    );
    expect(prompt).toMatchObject({
      resultType: 'complete',
      _meta: { [INFO]: { name: 'mcp-sim' } },
    });
    expect(prompt.ttlMs).toBeUndefined();
    const done = resultOf(
      send('completion/complete', {
        ref: { type: 'ref/prompt', name: 'weather_report' },
        argument: { name: 'style', value: 'b' },
        _meta: envelope(),
      }),
    );
    expect(done).toMatchObject({ resultType: 'complete', completion: { values: ['brief'] } });
    expect(serverViolations).toEqual([]);
  });

  it('reports progress on long_running_task and decorates its late result', () => {
    const { send, serverViolations } = session('dual');
    const out = send('tools/call', {
      name: 'long_running_task',
      arguments: { steps: 2, delayMs: 10 },
      _meta: { ...envelope(), progressToken: 'p' },
    });
    expect(out.filter((m) => m.method === 'notifications/progress')).toHaveLength(2);
    expect(resultOf(out)).toMatchObject({ resultType: 'complete' });
    expect(serverViolations).toEqual([]);
  });

  it('checks the envelope on every request: -32602 naming the key, -32022 for a version it does not serve', () => {
    const { send } = session('dual');
    send('server/discover', { _meta: envelope() });
    const missing = errorOf(send('tools/list', { _meta: { [CAPS]: {} } }));
    expect(missing.code).toBe(-32602);
    expect(missing.message).toContain(V);
    const noCaps = errorOf(send('tools/list', { _meta: { [V]: '2026-07-28' } }));
    expect(noCaps.code).toBe(-32602);
    expect(noCaps.message).toContain(CAPS);
    const old = errorOf(send('tools/list', { _meta: envelope('2025-11-25') }));
    expect(old).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
  });

  it('a malformed clientInfo or clientCapabilities is -32602 naming the field, as the referee judges it (invalid-params)', () => {
    const { send, clientViolations } = session('dual');
    const info = errorOf(
      send('tools/list', {
        _meta: { ...envelope(), 'io.modelcontextprotocol/clientInfo': { name: 'x' } },
      }),
    );
    expect(info.code).toBe(-32602);
    expect(info.message).toMatch(/clientInfo.*'version'/);
    const caps = errorOf(
      send('tools/list', { _meta: { ...envelope(), [CAPS]: { sampling: 'yes' } } }),
    );
    expect(caps.code).toBe(-32602);
    expect(caps.message).toMatch(/clientCapabilities\/sampling must be object/);
    // The referee flags both requests for the same reason the server refused them.
    expect(clientViolations).toEqual(['invalid-params', 'invalid-params']);
    // Without clientInfo (a SHOULD, not a MUST) the request is served.
    const { 'io.modelcontextprotocol/clientInfo': _, ...bare } = envelope();
    expect(resultOf(send('tools/list', { _meta: bare })).tools).toBeDefined();
  });

  it('checks params against the 2026-07-28 schema, not the SDK’s 2025-11-25 one, as the referee does', () => {
    const { send, clientViolations, serverViolations } = session('dual');
    // 2026-07-28 types a resource's uri with format "uri" (the SDK's zod schema takes any string).
    const read = errorOf(send('resources/read', { uri: 'notes file', _meta: envelope() }));
    expect(read.code).toBe(-32602);
    expect(read.message).toMatch(/\/params\/uri must match format "uri"/);
    expect(clientViolations).toEqual(['invalid-params']);
    expect(serverViolations).toEqual([]);
  });

  it('a method of another revision, named with a version it does not serve: -32022 first, so the client learns the versions', () => {
    const { send } = session('dual');
    send('server/discover', { _meta: envelope() });
    // basic/versioning › Protocol Version Negotiation: the server MUST answer an unsupported
    // version with UnsupportedProtocolVersionError, whatever the method.
    for (const method of ['ping', 'tasks/whatever']) {
      expect(errorOf(send(method, { _meta: envelope('2099-01-01') }))).toMatchObject({
        code: -32022,
        data: { supported: ['2026-07-28'], requested: '2099-01-01' },
      });
    }
    expect(errorOf(send('ping', { _meta: envelope() })).code).toBe(-32601);
    // An initialize that named no version: the schema requires `requested`, and it is "".
    expect(errorOf(send('initialize', { capabilities: {} }))).toMatchObject({
      code: -32022,
      data: { requested: '' },
    });
  });

  it('answers removed methods -32601 and initialize after a modern opening -32022', () => {
    const { send } = session('dual');
    send('server/discover', { _meta: envelope() });
    for (const m of ['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']) {
      expect(errorOf(send(m, { _meta: envelope(), uri: 'file:///project/notes.txt' })).code).toBe(
        -32601,
      );
    }
    const init = errorOf(
      send('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    expect(init).toMatchObject({ code: -32022, data: { supported: ['2026-07-28'] } });
  });

  it('sends no list_changed and no log message on its own in the modern era', () => {
    const { server, send } = session('dual');
    send('server/discover', { _meta: envelope() });
    expect(server.addTool(0, 'calculator_arithmetic')).toBe(false);
    expect(server.log(0, 'error', 'x')).toBe(false);
    expect(server.outbox.size).toBe(0);
  });

  it('an initialize first keeps the legacy era in a dual server', () => {
    const { server, send } = session('dual');
    const init = resultOf(
      send('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    expect(init.protocolVersion).toBe('2025-11-25');
    expect(init.resultType).toBeUndefined();
    expect(server.era).toBe('legacy');
    expect(errorOf(send('server/discover', { _meta: envelope() })).code).toBe(-32601);
    expect(resultOf(send('tools/list')).resultType).toBeUndefined();
  });

  it('a modern-only server answers initialize -32022 and still takes a modern opening', () => {
    const { server, send } = session('modern');
    const init = errorOf(
      send('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      }),
    );
    expect(init).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
    expect(server.era).toBe(null);
    expect(resultOf(send('server/discover', { _meta: envelope() })).resultType).toBe('complete');
  });

  it('a legacy-only server answers server/discover with an error', () => {
    const { server, send } = session('legacy');
    expect(errorOf(send('server/discover', { _meta: envelope() })).code).toBeLessThan(0);
    expect(server.era).toBe(null);
  });
});
