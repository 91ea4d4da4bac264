import { describe, expect, it } from 'vitest';
import { sessionEra } from '../../src/machine/index.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { modernErrorDataIssues } from '../../src/protocol/modern-schema.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
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

describe('a fallback to initialize that a dual-era server takes up (basic/versioning › Backward Compatibility)', () => {
  const each = (run: {
    reports: readonly { era: string; violations: readonly { rule: string }[] }[];
  }) => run.reports.map((r) => `${r.era}${r.violations.map((v) => ` ${v.rule}`).join('')}`);

  // initialize, its answer and initialized are labelled the handshake era's whatever the server
  // does with them, so that a request and its answer agree; the era-mixed is judged in the modern era.
  it('after a DiscoverResult: the initialize is era-mixed, it, its accepted answer and all after are the handshake era', () => {
    const run = discovered()
      .handshake()
      .client(rpc.request(2, 'tools/list'))
      .server(rpc.result(2, { tools: [] }))
      .run();
    expect(each(run)).toEqual([
      'modern',
      'modern',
      'legacy era-mixed',
      'legacy',
      'legacy',
      'legacy',
      'legacy',
    ]);
    const context = run.referee.snapshot().context;
    expect(sessionEra(context)).toBe('dual');
    expect(context.handshake.negotiatedVersion).toBe('2025-11-25');
  });

  it('after a modern opening without a probe: the same, and both eras met on the connection', () => {
    const run = session()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .handshake()
      .run();
    expect(each(run)).toEqual(['modern', 'modern', 'legacy era-mixed', 'legacy', 'legacy']);
    expect(sessionEra(run.referee.snapshot().context)).toBe('dual');
  });

  it('a modern-only server refuses it: the connection stays modern, the initialize and its refusal labelled alike', () => {
    const run = discovered()
      .initialize()
      .server(unsupported(0, ['2026-07-28'], '2025-11-25'))
      .run();
    expect(each(run).slice(2)).toEqual(['legacy era-mixed', 'legacy']);
    expect(sessionEra(run.referee.snapshot().context)).toBe('modern');
  });

  it('a -32022 to the probe that names only revisions with a handshake: initialize is the way there', () => {
    const run = probeWith(['2025-11-25']).handshake().run();
    expect(run.reports.flatMap((r) => r.violations)).toEqual([]);
    // The same answer naming 2026-07-28 too: the client should retry modern, not fall back.
    expect(rules(probeWith(['2026-07-28', '2025-11-25']).initialize().run())).toEqual([
      'era-mixed',
    ]);
    // Naming only a revision the referee does not know (a later modern one): no handshake on
    // offer, so initialize is the fallback stdio › Backward Compatibility forbids.
    expect(rules(probeWith(['2027-01-01']).initialize().run())).toEqual(['era-mixed']);
    expect(rules(probeWith([]).initialize().run())).toEqual(['era-mixed']);
  });
});

/** A probe (declaring 2026-07-28) answered -32022 listing `supported`. */
function probeWith(supported: readonly string[]) {
  return session()
    .client(modernRequest('p', 'server/discover'))
    .server(unsupported('p', supported, '2026-07-28'));
}

/** A -32022 UnsupportedProtocolVersionError with its data. */
function unsupported(id: string | number, supported: readonly string[], requested: string) {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32022,
      message: 'Unsupported protocol version',
      data: { supported, requested },
    },
  };
}

describe('era-mixed cites the sentence each case breaks', () => {
  it('a modern request in a session opened with initialize: versioning › Backward Compatibility', () => {
    const [found] = session().handshake().client(modernRequest(2, 'tools/list')).run()
      .last.violations;
    expect(found?.rule).toBe('era-mixed');
    expect(found?.spec).toMatch(
      /^2026-07-28\/basic\/versioning › Backward Compatibility with Initialization-Based Versions \(/,
    );
    expect(found?.specZh).toContain('双时代服务器');
    // The probe's case keeps the stdio page.
    const [probe] = probeWith(['2027-01-01']).initialize().run().reports.at(-1)?.violations ?? [];
    expect(probe?.spec).toMatch(/^2026-07-28\/basic\/transports\/stdio › Backward Compatibility/);
  });
});

describe('method-removed (2026-07-28 changelog)', () => {
  it('is a warning, as unknown-method is: no MUST forbids sending a removed method, it gets -32601', () => {
    const [found] = discovered().client(modernRequest(2, 'ping')).run().last.violations;
    expect(found?.rule).toBe('method-removed');
    expect(found?.severity).toBe('warning');
  });
});

describe('-32022 data (2026-07-28 basic/versioning › Protocol Version Negotiation)', () => {
  const answered = (data: object) =>
    discovered()
      .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
      .server({ jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported', data } })
      .run().last.violations;

  it('names only the field that is missing, and what its absence costs the client', () => {
    const [noRequested] = answered({ supported: ['2026-07-28'] });
    expect(noRequested?.rule).toBe('unsupported-version-error-incomplete');
    expect(noRequested?.message).toContain('data.requested is missing');
    expect(noRequested?.message).not.toContain('data.supported');
    const [noSupported] = answered({ requested: '2027-01-01' });
    expect(noSupported?.message).toContain('data.supported is missing');
    expect(noSupported?.message).not.toContain('data.requested');
  });

  it('says a field that is there but wrong is the wrong thing, not that it is missing', () => {
    const [wrong] = answered({ supported: '2026-07-28', requested: 20270101 });
    expect(wrong?.message).toContain('data.supported is not an array of version strings');
    expect(wrong?.message).toContain('data.requested is not the requested version string');
    expect(wrong?.message).not.toContain('missing');
  });

  // The rule reads the two fields itself, to say what each costs the client; it must still flag
  // exactly the data the 2026-07-28 schema (UnsupportedProtocolVersionError) refuses, and besides
  // it only an empty list (below).
  it('flags exactly the data the schema refuses', () => {
    const cases: unknown[] = [
      { supported: ['2026-07-28'], requested: '2027-01-01' },
      { supported: ['2026-07-28'], requested: '2027-01-01', why: 'extra keys are allowed' },
      { supported: ['2026-07-28'] },
      { supported: [2026], requested: '2027-01-01' },
      { supported: ['2026-07-28'], requested: null },
      [],
      'no versions',
      null,
    ];
    for (const data of cases) {
      const flagged = answered(data as object).some(
        (v) => v.rule === 'unsupported-version-error-incomplete',
      );
      expect([data, flagged]).toEqual([data, modernErrorDataIssues(-32022, data).length > 0]);
    }
  });

  // The schema lets an empty list through, but basic/versioning › Protocol Version Negotiation
  // says the server MUST answer "listing the versions it does support", and every server serves
  // some: an empty list lists none.
  it('flags an empty data.supported, which the schema lets through', () => {
    const data = { supported: [], requested: '2027-01-01' };
    expect(modernErrorDataIssues(-32022, data)).toEqual([]);
    const [hit, ...rest] = answered(data);
    expect(rest).toEqual([]);
    expect(hit?.rule).toBe('unsupported-version-error-incomplete');
    expect(hit?.message).toContain(
      'data.supported is empty, though the server MUST list the versions it does support, so the client cannot pick a version both sides speak and retry',
    );
    expect(hit?.message).not.toContain('the schema requires');
    expect(hit?.messageZh).toContain('data.supported 是空列表');
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

  it('so is its answer with id null: SDK v1 over HTTP refuses the probe’s POST that way', () => {
    // Recorded: test/fixtures/connect/v1-http-probe.jsonl (connect --url, --era auto, against the
    // SDK v1 McpServer of v1-http-server.mjs): 400 and {"error":{"code":-32000,…},"id":null}.
    // The probe is the only request open, so that error is its answer: the server is legacy and
    // the client falls back, as after -32601.
    const run = session()
      .client(modernRequest('p', 'server/discover'))
      .server(rpc.error(null, -32000, 'Bad Request: No valid session ID provided'))
      .handshake()
      .run();
    expect(run.reports.flatMap((r) => r.violations)).toEqual([]);
    expect(sessionEra(run.referee.snapshot().context)).toBe('dual');
    expect(run.referee.snapshot().context.probe.status).toBe('failed');
  });

  it('an error with id null while other requests are open is not taken for the probe’s answer', () => {
    const run = session()
      .client(modernRequest('p', 'server/discover'))
      .client(modernRequest(1, 'tools/list'))
      .server(rpc.error(null, -32000, 'Bad Request'))
      .run();
    expect(run.last.violations.map((v) => [v.rule, v.severity])).toEqual([
      ['error-code-not-in-revision', 'warning'],
    ]);
  });
});

describe('-32021 data (2026-07-28 basic/index › General fields: it lists the missing capabilities)', () => {
  const refused = (declared: JsonObject, required: JsonObject) =>
    discovered()
      .client(
        modernRequest(
          1,
          'tools/call',
          { name: 'deploy', arguments: {} },
          { capabilities: declared },
        ),
      )
      .server({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32021, message: 'Missing', data: { requiredCapabilities: required } },
      })
      .run().last.violations;

  it('flags a list of capabilities the request did declare, and names them', () => {
    const [found] = refused({ elicitation: { form: {} } }, { elicitation: { form: {} } });
    expect(found?.rule).toBe('capability-error-incomplete');
    expect(found?.message).toContain('which the request did declare');
    // An empty elicitation object declares form mode.
    expect(refused({ elicitation: {} }, { elicitation: { form: {} } })[0]?.rule).toBe(
      'capability-error-incomplete',
    );
  });

  it('accepts a list with a capability the request did not declare', () => {
    expect(refused({ elicitation: { form: {} } }, { elicitation: { url: {} } })).toEqual([]);
    expect(refused({ elicitation: {} }, { sampling: {} })).toEqual([]);
    expect(refused({}, { elicitation: {} })).toEqual([]);
  });

  // 2026-07-28 schema, MissingRequiredClientCapabilityError: data.requiredCapabilities is a
  // ClientCapabilities, each capability an object as a request would declare it.
  it('flags a list that breaks ClientCapabilities, at the pointer, citing the schema', () => {
    const [found, ...rest] = refused({}, { sampling: { tools: 5 } });
    expect(rest).toEqual([]);
    expect(found?.rule).toBe('capability-error-incomplete');
    expect(found?.message).toMatch(
      /^-32021 error for tools\/call #1: \/error\/data\/requiredCapabilities\/sampling\/tools: must be object \(MCP 2026-07-28 schema\)/,
    );
    expect(found?.spec).toMatch(/^2026-07-28\/schema › MissingRequiredClientCapabilityError \(/);
    expect(englishPhrases(found?.messageZh ?? '')).toEqual([]);
    expect(refused({}, { extensions: { 'io.example/x': true } })[0]?.message).toContain(
      '/error/data/requiredCapabilities/extensions/io.example~1x: must be object',
    );
  });

  it('a capability that is no object is a malformed list, not one the request declared', () => {
    // {"elicitation": true} was read as naming the declared elicitation as missing.
    const [found] = refused({ elicitation: {} }, { elicitation: true });
    expect(found?.message).toContain(
      '/error/data/requiredCapabilities/elicitation: must be object',
    );
    expect(found?.message).not.toContain('which the request did declare');
  });
});

describe('a broken first line decides no era', () => {
  it('a 2026-07-28 transcript whose first line is no message stays modern', () => {
    const broken = { ...modernRequest(1, 'tools/list'), id: 1.5 };
    const run = session()
      .client(broken)
      .client(modernRequest(2, 'tools/list'))
      .server(modernResult(2, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .run();
    expect(run.reports.map((r) => r.violations.map((v) => v.rule))).toEqual([
      ['invalid-envelope'],
      [],
      [],
    ]);
    expect(sessionEra(run.referee.snapshot().context)).toBe('modern');
    // And a handshake-era one stays what its first message makes it.
    const legacy = session().client(broken).handshake().run();
    expect(legacy.reports.slice(1).flatMap((r) => r.violations)).toEqual([]);
    expect(sessionEra(legacy.referee.snapshot().context)).toBe('legacy');
  });
});
