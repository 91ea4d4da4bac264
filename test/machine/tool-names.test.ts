import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const tool = (name: string): JsonObject => ({ name, inputSchema: { type: 'object' } });
const legacy = (names: string[], version = '2025-11-25') =>
  session()
    .handshake({ version })
    .client(rpc.request(1, 'tools/list'))
    .server(rpc.result(1, { tools: names.map(tool) }));
const findings = (b: SessionBuilder) => b.run().last.violations;

describe('tool-name-format (server/tools › Tool Names, a SHOULD: a warning)', () => {
  it('accepts the spec’s examples', () => {
    expect(findings(legacy(['getUser', 'DATA_EXPORT_v2', 'admin.tools.list']))).toEqual([]);
  });

  it('warns of a space, a length past 128, an empty name and a repeat, each by pointer', () => {
    const v = findings(legacy(['get weather', 'x'.repeat(129), '', 'getUser', 'getUser']));
    expect(v.map((x) => [x.rule, x.severity])).toEqual(
      Array(4).fill(['tool-name-format', 'warning']),
    );
    expect(v[0]?.message).toContain('/result/tools/0/name');
    expect(v[1]?.message).toContain('129 characters');
    expect(v[3]?.message).toContain('appears twice');
    // The name itself is quoted data, not prose.
    for (const x of v) expect(englishPhrases(x.messageZh, ['get weather'])).toEqual([]);
    // The Chinese says what the English says: a name in the recommended form travels safely. It
    // does not claim that only such a name can go somewhere (in 2026-07-28, Mcp-Name carries any
    // name, Base64-encoded when need be: basic/transports/streamable-http › Value Encoding).
    expect(v[0]?.messageZh).toContain('符合推荐格式的名字可以安全地出现在日志行');
    expect(v[0]?.messageZh).not.toContain('才能');
    // Case matters: getUser and getuser are two names.
    expect(findings(legacy(['getUser', 'getuser']))).toEqual([]);
  });

  it('judges 2026-07-28 too, citing its page, and no revision before 2025-11-25', () => {
    const modern = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [tool('a,b')], ttlMs: 0, cacheScope: 'private' }));
    const v = findings(modern);
    expect(v.map((x) => x.rule)).toEqual(['tool-name-format']);
    expect(v[0]?.spec).toContain('2026-07-28/server/tools › Tool Names');
    expect(findings(legacy(['get weather'], '2025-06-18'))).toEqual([]);
  });

  it('names the Mcp-Name header only in 2026-07-28, the revision that has it', () => {
    const [old] = findings(legacy(['get weather']));
    expect(old?.message).not.toContain('Mcp-Name');
    expect(old?.messageZh).not.toContain('Mcp-Name');
    expect(old?.message).toContain('a log line');
    const modern = discovered()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [tool('a,b')], ttlMs: 0, cacheScope: 'private' }));
    const [now] = findings(modern);
    expect(now?.message).toContain('Mcp-Name header');
    expect(now?.messageZh).toContain('Mcp-Name 请求头');
  });
});
