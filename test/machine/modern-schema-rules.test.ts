import { describe, expect, it } from 'vitest';
import { sessionEra } from '../../src/machine/index.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, session } from './session-builder.js';

const rules = (run: { last: { violations: readonly { rule: string }[] } }) =>
  run.last.violations.map((v) => v.rule);

describe('the 2026-07-28 schema judges modern messages (official JSON Schema, Ajv)', () => {
  it('a modern tools/call without its name breaks CallToolRequest', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/call', { arguments: {} }))
      .run();
    expect(rules(run)).toEqual(['invalid-params']);
    expect(run.last.violations[0]?.message).toMatch(/^\/params\/name: /);
  });

  it('the same call with its name is valid', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'add', arguments: {} }))
      .run();
    expect(rules(run)).toEqual([]);
  });

  it('a tools/list result without tools breaks ListToolsResult; with them it is valid', () => {
    const bad = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(rules(bad)).toEqual(['invalid-result']);
    const good = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(rules(good)).toEqual([]);
  });
});

describe('the era decision on real probe outcomes', () => {
  const probe = () => session().client(modernRequest('p', 'server/discover'));

  it('-32601 then initialize is the legal dual-era fallback: no violation at all', () => {
    const run = probe()
      .server(rpc.error('p', -32601, 'Method not found'))
      .handshake()
      .client(rpc.request(1, 'tools/list'))
      .run();
    expect(run.reports.flatMap((r) => r.violations)).toEqual([]);
    expect(run.reports.map((r) => r.era)).toEqual([
      'modern',
      'modern',
      'legacy',
      'legacy',
      'legacy',
      'legacy',
    ]);
    expect(sessionEra(run.referee.snapshot().context)).toBe('dual');
  });

  it('no answer at all, then initialize: also the fallback (a timeout)', () => {
    const run = probe().handshake().run();
    expect(run.reports.flatMap((r) => r.violations)).toEqual([]);
    expect(sessionEra(run.referee.snapshot().context)).toBe('dual');
  });

  it('-32022 is a modern answer: falling back after it mixes the eras', () => {
    const run = probe()
      .server({
        jsonrpc: '2.0',
        id: 'p',
        error: {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2026-07-28'], requested: '2027-01-01' },
        },
      })
      .initialize()
      .run();
    expect(rules(run)).toEqual(['era-mixed']);
    expect(sessionEra(run.referee.snapshot().context)).toBe('modern');
  });

  it('a modern request after a legacy answer to the probe is flagged as a warning', () => {
    const run = probe()
      .server(rpc.error('p', -32602, 'Invalid params'))
      .client(modernRequest(1, 'tools/list'))
      .run();
    expect(run.last.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['era-mixed', 'warning'],
    ]);
  });
});

describe('error codes per revision (2026-07-28 basic/index › Error Codes)', () => {
  const answer = (code: number) =>
    discovered()
      .client(modernRequest(1, 'tools/call', { name: 'add' }))
      .server(rpc.error(1, code, 'failed'))
      .run();

  it('the legacy range is a warning, an undefined spec code an error, a defined one nothing', () => {
    expect(answer(-32001).last.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['error-code-not-in-revision', 'warning'],
    ]);
    expect(answer(-32050).last.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['error-code-not-in-revision', 'error'],
    ]);
    expect(answer(-32603).last.violations).toEqual([]);
  });

  it('a legacy server’s answer to the probe is judged by nobody’s code table', () => {
    const run = session()
      .client(modernRequest('p', 'server/discover'))
      .server(rpc.error('p', -32000, 'Not initialized'))
      .run();
    expect(run.last.violations).toEqual([]);
  });
});
