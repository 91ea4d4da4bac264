import { describe, expect, it } from 'vitest';
import { jsonReasonIn, parseEnvelope } from '../../src/ui/sandbox-form.js';

// The sandbox's JSON editor: what Enter does with the text it holds.
describe('parseEnvelope', () => {
  it('reads JSON, whitespace and line breaks included', () => {
    expect(parseEnvelope('{"jsonrpc":"2.0",\r\n"method":"ping",\n  "id":1}')).toEqual({
      ok: true,
      value: { jsonrpc: '2.0', method: 'ping', id: 1 },
    });
  });

  it('gives JSON.parse’s words and the line and column where the text stops being JSON', () => {
    const parsed = parseEnvelope('{\n  "jsonrpc": "2.0",\n  "id": 1,\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatch(/JSON|property name|Unexpected/);
    expect(parsed.error).not.toMatch(/position/);
    expect(parsed.at).toEqual({ line: 4, column: 1, offset: 33 });
    expect(parsed.hidden).toBeNull();
  });

  it('one line, without the excerpt V8 quotes of the text, and in Chinese when asked', () => {
    const parsed = parseEnvelope('x{\n  "jsonrpc": "2.0"\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).not.toMatch(/\n/);
    expect(parsed.error).not.toMatch(/is not valid JSON|jsonrpc/);
    expect(parsed.at).toMatchObject({ line: 1, column: 1 });
    expect(jsonReasonIn(parsed.error, 'zh')).toMatch(/意外的字符|JSON/);
    expect(jsonReasonIn(parsed.error, 'zh')).not.toMatch(/Unexpected/);
  });

  it('a string left open is placed on its own line, not at the end of the text', () => {
    const parsed = parseEnvelope('{\n  "method": "initialize\n  "id": 1\n}');
    expect(parsed).toMatchObject({ ok: false, at: { line: 2 } });
  });

  // JSON.parse says "Bad control character in string literal" of the line break the string runs
  // into: true, but the learner sees no control character, only a quote left open.
  it('a string left open at the end of its line says so, in English and Chinese', () => {
    const parsed = parseEnvelope('{\n  "location": "Paris\n}');
    if (parsed.ok) throw new Error('parsed');
    expect(parsed.at).toMatchObject({ line: 2, column: 21 });
    expect(parsed.error).toBe('Unclosed string (a " is missing at the end of its line)');
    expect(jsonReasonIn(parsed.error, 'zh')).toBe('字符串没有闭合（行尾缺少一个 "）');
    // A control character that is really in the string keeps V8's words.
    const tab = parseEnvelope('{"a": "x\ty"}');
    expect(tab).toMatchObject({ ok: false, error: 'Bad control character in string literal' });
  });

  it('an envelope cut short is placed at its end', () => {
    const parsed = parseEnvelope('{"id":1');
    expect(parsed).toMatchObject({ ok: false, at: { line: 1, column: 8, offset: 7 } });
  });

  it('names the first control character of text that does not parse, by line and column', () => {
    // A DEL pasted after the closing brace: the editor draws nothing for it.
    expect(parseEnvelope('{"id":1}\u007f\u0001')).toMatchObject({
      ok: false,
      hidden: { code: 'U+007F', line: 1, column: 9, offset: 8 },
    });
    expect(parseEnvelope('{\n"id":\u009b1}')).toMatchObject({
      ok: false,
      hidden: { code: 'U+009B', line: 2, column: 6, offset: 7 },
    });
    // A bidi override, a control as every other view of mcp-sim counts them (protocol/visible).
    expect(parseEnvelope('{"id":1}\n\u202e')).toMatchObject({
      ok: false,
      hidden: { code: 'U+202E', line: 2, column: 1 },
    });
    // Line breaks are the editor's lines, never a hidden character.
    expect(parseEnvelope('{"id":\n1,}')).toMatchObject({ ok: false, hidden: null });
  });
});
