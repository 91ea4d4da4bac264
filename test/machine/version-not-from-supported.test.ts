import { describe, expect, it } from 'vitest';
import { discoverResult, modernRequest } from './modern-builder.js';
import { type SessionBuilder, session } from './session-builder.js';

const refusal = (id: number | string, requested: string, supported: string[]) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32022, message: 'Unsupported protocol version', data: { supported, requested } },
});

const rules = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);

describe('after -32022, a version from data.supported (2026-07-28 basic/versioning)', () => {
  const refused = () =>
    session()
      .client(modernRequest(1, 'tools/list', {}, { version: '2027-03-01' }))
      .server(refusal(1, '2027-03-01', ['2026-07-28']));

  it('the refused version again: a warning; a listed one: clean', () => {
    const again = refused().client(modernRequest(2, 'tools/list', {}, { version: '2027-03-01' }));
    expect(rules(again)).toEqual(['version-not-from-supported']);
    expect(again.run().last.violations[0]?.severity).toBe('warning');
    expect(rules(refused().client(modernRequest(2, 'tools/list')))).toEqual([]);
  });

  it('judges the retry, the next request of the refused method, and only it', () => {
    // Another method in between is no retry: not judged, and the refusal still waits.
    const between = refused().client(
      modernRequest(2, 'prompts/list', {}, { version: '2027-03-01' }),
    );
    expect(rules(between)).toEqual([]);
    const other = between.client(modernRequest(3, 'tools/list', {}, { version: '2026-12-01' }));
    expect(rules(other)).toEqual(['version-not-from-supported']);
    // After a good retry, a later request in that version may follow an upgrade of the server.
    const later = refused()
      .client(modernRequest(2, 'tools/list'))
      .client(modernRequest(3, 'tools/list', {}, { version: '2027-03-01' }));
    expect(rules(later)).toEqual([]);
  });

  it('a server/discover refused with -32022: its retry is judged alike', () => {
    const probe = session()
      .client(modernRequest('p', 'server/discover', {}, { version: '2027-03-01' }))
      .server(refusal('p', '2027-03-01', ['2026-07-28']))
      .client(modernRequest('q', 'server/discover', {}, { version: '2027-03-01' }));
    expect(rules(probe)).toEqual(['version-not-from-supported']);
  });

  it('a DiscoverResult listing the versions anew settles the refusal', () => {
    const relisted = refused()
      .client(modernRequest('d', 'server/discover'))
      .server(discoverResult('d', ['2026-07-28', '2027-03-01']))
      .client(modernRequest(2, 'tools/list', {}, { version: '2027-03-01' }));
    expect(rules(relisted)).toEqual([]);
  });

  it('no refusal, no judgment: a first request in any version is version negotiation itself', () => {
    expect(
      rules(session().client(modernRequest(1, 'tools/list', {}, { version: '2027-03-01' }))),
    ).toEqual([]);
  });
});
