import { describe, expect, it } from 'vitest';
import type { JsonObject, RequestId } from '../../src/protocol/index.js';
import { discovered, discoverResult, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

/**
 * 2026-07-28 basic/versioning › Protocol Version Negotiation: "Servers MUST implement
 * server/discover" (discover-not-implemented), judged only against a server the transcript shows
 * to be a 2026-07-28 one; and › Backward Compatibility with Initialization-Based Versions: a
 * modern-only server SHOULD name its versions in any error to initialize
 * (initialize-error-without-versions).
 */
const verdicts = (s: ReturnType<typeof session>) =>
  s.run().reports.map((r) => r.violations.map((v) => v.rule));

const notFound = (id: RequestId) => rpc.error(id, -32601, 'Method not found');
const tools = (id: RequestId) => modernResult(id, { tools: [], ttlMs: 0, cacheScope: 'private' });
const refusal = (id: RequestId, data: JsonObject, message = 'Unsupported protocol version') => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32022, message, data },
});
const probe = () =>
  session().client(modernRequest('probe', 'server/discover')).server(notFound('probe'));

describe('discover-not-implemented', () => {
  it('a legacy server’s -32601 to the probe, then the fallback (lesson 24), is clean', () => {
    expect(verdicts(probe().handshake()).flat()).toEqual([]);
  });

  it('after the -32601 to the probe: judged at the first answer only a 2026-07-28 server sends', () => {
    const s = probe()
      .client(modernRequest(1, 'tools/list'))
      .server(tools(1))
      .client(modernRequest(2, 'tools/list'))
      .server(tools(2));
    const run = s.run();
    expect(run.reports.map((r) => r.violations.map((v) => v.rule))).toEqual([
      [],
      [],
      // The client went on in the modern era after a legacy answer (its own fault).
      ['era-mixed'],
      ['discover-not-implemented'],
      ['era-mixed'],
      // Once: the second modern answer is no news.
      [],
    ]);
    const hit = run.reports[3]?.violations[0];
    expect(hit?.severity).toBe('error');
    expect(hit?.message).toContain('answered server/discover #"probe" with -32601');
    expect(hit?.message).toContain('a result with resultType "complete"');
  });

  it('a legacy answer to the modern request after the probe shows nothing', () => {
    const legacyTools = rpc.result(1, { tools: [] });
    const run = probe().client(modernRequest(1, 'tools/list')).server(legacyTools).run();
    expect(run.last.violations.map((v) => v.rule)).not.toContain('discover-not-implemented');
  });

  it('after modern answers: judged at the -32601 itself, every time', () => {
    const s = session()
      .client(modernRequest(1, 'tools/list'))
      .server(tools(1))
      .client(modernRequest(2, 'server/discover'))
      .server(notFound(2))
      .client(modernRequest(3, 'server/discover'))
      .server(notFound(3));
    const all = s.run().reports;
    expect(all.map((r) => r.violations.map((v) => v.rule))).toEqual([
      [],
      [],
      [],
      ['discover-not-implemented'],
      [],
      ['discover-not-implemented'],
    ]);
    expect(all[3]?.violations[0]?.message).toContain('(tools/list #1: a result with resultType');
    expect(all[3]?.violations[0]?.messageZh).toContain(
      '2026-07-28 的服务器必须实现 server/discover',
    );
  });

  it('a DiscoverResult, then -32601 to another discover: the same server contradicts itself', () => {
    const s = discovered().client(modernRequest(1, 'server/discover')).server(notFound(1));
    expect(s.run().last.violations.map((v) => v.rule)).toEqual(['discover-not-implemented']);
  });

  it('a -32022 naming 2026-07-28 to the initialize that followed the -32601: the handshake era judges it', () => {
    const s = probe()
      .initialize()
      .server(refusal(0, { supported: ['2026-07-28'], requested: '2025-11-25' }));
    expect(s.run().last.violations.map((v) => v.rule)).toEqual(['discover-not-implemented']);
    // One naming only revisions with a handshake is from a server that does not serve 2026-07-28.
    const legacyOnly = probe()
      .initialize()
      .server(refusal(0, { supported: ['2025-06-18'], requested: '2025-11-25' }));
    expect(legacyOnly.run().last.violations.map((v) => v.rule)).not.toContain(
      'discover-not-implemented',
    );
  });

  it('a discover in a version the server does not serve: its code is version-not-refused’s', () => {
    const s = session()
      .client(modernRequest(1, 'tools/list'))
      .server(tools(1))
      .client(modernRequest(2, 'server/discover', {}, { version: '2027-01-01' }))
      .server(notFound(2));
    expect(s.run().last.violations.map((v) => v.rule)).toEqual(['version-not-refused']);
  });
});

describe('initialize-error-without-versions', () => {
  const refusedInit = (error: JsonObject, opening = discovered()) =>
    opening.initialize().server(error).run().last.violations;

  it('a modern-only server’s error to initialize that names no version: a warning', () => {
    const [hit, ...rest] = refusedInit(notFound(0));
    expect(rest).toEqual([]);
    expect(hit?.rule).toBe('initialize-error-without-versions');
    expect(hit?.severity).toBe('warning');
    expect(hit?.message).toContain('names none of the versions this server listed');
    expect(hit?.message).toContain('a heuristic');
  });

  it('naming a version it serves, in the message or the data, is enough', () => {
    const inMessage = rpc.error(0, -32601, 'initialize is gone: this server speaks 2026-07-28');
    expect(refusedInit(inMessage)).toEqual([]);
    const inData = { ...notFound(0), error: { code: -32600, message: 'No', data: ['2026-07-28'] } };
    expect(refusedInit(inData)).toEqual([]);
  });

  it('not judged where the wire does not show a modern-only server', () => {
    // A bare initialize refused: a legacy server may refuse one too.
    expect(session().initialize().server(notFound(0)).run().last.violations).toEqual([]);
    // A dual-era server (it lists a revision with a handshake).
    const dual = session()
      .client(modernRequest('probe', 'server/discover'))
      .server(discoverResult('probe', ['2026-07-28', '2025-11-25']));
    expect(refusedInit(notFound(0), dual).map((v) => v.rule)).toEqual([]);
  });

  it('not judged when the initialize was malformed: the error may be about the request', () => {
    // Seen on SDK v2 2.4.0's dual-era HTTP handler: its DiscoverResult lists only 2026-07-28 (as
    // serveStdio and mcp-sim serve do), it answers an initialize without clientInfo with -32603
    // naming that field, and serves the same initialize with clientInfo.
    const noClientInfo = rpc.request(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
    });
    const refused = rpc.error(0, -32603, 'Invalid input: expected object at params.clientInfo');
    const rules = (opening: ReturnType<typeof session>) =>
      opening
        .client(noClientInfo)
        .server(refused)
        .run()
        .last.violations.map((v) => v.rule);
    expect(rules(discovered())).not.toContain('initialize-error-without-versions');
    // The same refusal of a well-formed initialize is still judged.
    expect(refusedInit(refused).map((v) => v.rule)).toEqual(['initialize-error-without-versions']);
  });

  it('-32022 is left to unsupported-version-error-incomplete (data.supported is a MUST there)', () => {
    const rules = refusedInit(refusal(0, { requested: '2025-11-25' })).map((v) => v.rule);
    expect(rules).toEqual(['unsupported-version-error-incomplete']);
  });
});
