import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { classify } from '../../src/protocol/envelope.js';
import { stepProblem } from '../../src/session/step.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { kindText } from '../../src/ui/kind-text.js';
import { screenSteps } from '../../src/ui/screen-step.js';

// JSON-RPC 2.0 allows a null id and an id on any method; MCP does not (2025-11-25 basic/index ›
// Requests: the ID MUST NOT be null; › Notifications: MUST NOT include an ID). Such a message is
// "not a valid MCP message"; "not a JSON-RPC message" stays for what JSON-RPC itself refuses.
const label = (value: unknown, lang: 'en' | 'zh' = 'en') => {
  const envelope = classify(value);
  return kindText({ kind: envelope.kind, envelope }, lang);
};

describe('a broken message: not JSON-RPC, or JSON-RPC but not MCP', () => {
  it('names what JSON-RPC allows and MCP forbids "not a valid MCP message"', () => {
    expect(label({ jsonrpc: '2.0', id: null, method: 'ping' })).toBe('not a valid MCP message');
    expect(label({ jsonrpc: '2.0', id: 3, method: 'notifications/initialized' })).toBe(
      'not a valid MCP message',
    );
    expect(label({ jsonrpc: '2.0', method: 'ping' })).toBe('not a valid MCP message');
    expect(label({ jsonrpc: '2.0', id: 1, method: 'ping', params: [1] })).toBe(
      'not a valid MCP message',
    );
    expect(label({ jsonrpc: '2.0', id: null, method: 'ping' }, 'zh')).toBe('不是有效的 MCP 消息');
  });

  it('keeps "not a JSON-RPC message" for real JSON-RPC breakage', () => {
    expect(label({ jsonrpc: '1.0', id: 1, method: 'ping' })).toBe('not a JSON-RPC message');
    expect(label({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } })).toBe(
      'not a JSON-RPC message',
    );
    expect(label({ jsonrpc: '2.0', id: 1, method: 'ping', params: 'x' }, 'zh')).toBe(
      '不是 JSON-RPC 消息',
    );
  });

  it('lesson 2’s null id and notification with an id are headed "not a valid MCP message"', async () => {
    const { lesson, timeline } = await playLesson('json-rpc-envelopes');
    for (const lang of ['en', 'zh'] as const) {
      const md = lessonHandout(lesson, { steps: screenSteps(timeline.steps) }, lang, null);
      const headings = md.split('\n').filter((l) => /MCP|JSON-RPC/.test(l) && l.startsWith('## '));
      expect(headings.length).toBe(2);
      for (const h of headings) {
        expect(h).toMatch(lang === 'en' ? /not a valid MCP message/ : /不是有效的 MCP 消息/);
      }
    }
    const broken = timeline.steps.find((s) => s.verdict?.envelope.kind === 'invalid');
    expect(broken && stepProblem(broken)).toMatch(/^not a valid MCP message: /);
  });
});
