import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/ui/sandbox-form.js';

// The sandbox's JSON editor: what Enter does with the text it holds.
describe('parseEnvelope', () => {
  it('reads JSON, whitespace included', () => {
    expect(parseEnvelope('{"jsonrpc":"2.0",\r\n"method":"ping","id":1}')).toEqual({
      ok: true,
      value: { jsonrpc: '2.0', method: 'ping', id: 1 },
    });
  });

  it('gives JSON.parse’s words, and no hidden character when there is none', () => {
    const parsed = parseEnvelope('{"jsonrpc":"2.0"');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatch(/JSON/);
    expect(parsed.hidden).toBeNull();
  });

  it('names the first control character of text that does not parse, with its position', () => {
    // A DEL pasted after the closing brace: the editor draws nothing for it.
    const parsed = parseEnvelope('{"id":1}\u007f\u0001');
    expect(parsed).toMatchObject({ ok: false, hidden: { code: 'U+007F', position: 8 } });
    expect(parseEnvelope('{"id":\u009b1}')).toMatchObject({
      ok: false,
      hidden: { code: 'U+009B', position: 6 },
    });
    // A bidi override, a control as every other view of mcp-sim counts them (protocol/visible).
    expect(parseEnvelope('{"id":1}\u202e')).toMatchObject({
      ok: false,
      hidden: { code: 'U+202E', position: 8 },
    });
  });
});
