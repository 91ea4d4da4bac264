import { describe, expect, it } from 'vitest';
import { parseLine, readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { initializeRequest } from '../machine/session-builder.js';

// Lines as Claude Desktop writes them to mcp-server-<name>.log (2025 builds): each ends with the
// logger's own trailer after the message.
const LOG = [
  '2026-11-29T12:00:00.000Z [weather] [info] Initializing server... { metadata: undefined }',
  '2026-11-29T12:00:00.010Z [weather] [info] Message from client: {"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}},"jsonrpc":"2.0","id":0} { metadata: undefined }',
  '2026-11-29T12:00:00.200Z [weather] [info] Message from server: {"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"weather","version":"1.0.0"}}} { metadata: undefined }',
  '2026-11-29T12:00:00.210Z [weather] [info] Message from client: {"method":"notifications/initialized","jsonrpc":"2.0"} { metadata: undefined }',
  '2026-11-29T12:00:00.300Z [weather] [info] Message from client: {"method":"tools/list","params":{},"jsonrpc":"2.0","id":1} { metadata: undefined }',
  '2026-11-29T12:00:00.400Z [weather] [info] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a}b\\"{","inputSchema":{"type":"object"}}]}} { metadata: undefined }',
].join('\n');

describe('a host log whose lines carry a trailer after the message (Claude Desktop)', () => {
  it('reads the message, the first whole JSON value after the marker, and ignores the trailer', () => {
    const steps = [...readTranscript(splitLines(LOG), new SessionLog())];
    const messages = steps.filter((s) => s.kind === 'message');
    expect(messages.map((s) => s.line)).toEqual([2, 3, 4, 5, 6]);
    expect(messages.flatMap((s) => s.verdict?.violations ?? [])).toEqual([]);
    expect(steps.filter((s) => s.kind === 'unreadable')).toEqual([]);
    // Brackets and quotes inside strings do not end the message early.
    const last = messages.at(-1)?.message as { result: { tools: { name: string }[] } };
    expect(last.result.tools[0]?.name).toBe('a}b"{');
  });

  it('a message that never closes is still reported as not valid JSON', () => {
    const broken = parseLine(
      'x [info] Message from client: {"jsonrpc":"2.0","id":1 { metadata: undefined }',
    );
    expect(broken).toMatchObject({
      kind: 'problem',
      message: expect.stringMatching(/^the logged message is not valid JSON/),
    });
  });
});

describe('what a broken wrapped line is told', () => {
  it('a wrapped line without its direction says so, not what the wrapper lacks as a message', () => {
    expect(parseLine('{"message":{"jsonrpc":"2.0","id":10,"method":"ping"}}')).toMatchObject({
      kind: 'problem',
      message:
        'a wrapped line needs "direction" ("client->server" or "server->client") beside "message"',
    });
    // A message whose own field is named "message" (a log notification's params) is no wrapper.
    expect(
      parseLine('{"jsonrpc":"2.0","method":"notifications/message","message":"x"}'),
    ).toMatchObject({ kind: 'message' });
  });

  it('a wrapper without its message (missing, or misnamed "msg") says so, and breaks no rule', () => {
    for (const text of [
      '{"direction":"client->server"}',
      '{"direction":"client->server","msg":{"jsonrpc":"2.0","id":1,"method":"ping"}}',
    ]) {
      expect(parseLine(text), text).toMatchObject({
        kind: 'problem',
        message: 'a wrapped line needs "message" (the JSON-RPC message) beside "direction"',
      });
    }
  });

  it('an initialize the server sent is wrong-direction, not "initialize before any initialize"', () => {
    const line = JSON.stringify({ direction: 'server->client', message: initializeRequest() });
    const [step] = [...readTranscript(splitLines(line), new SessionLog())];
    expect(step?.verdict?.violations.map((v) => v.rule)).toEqual(['wrong-direction']);
  });
});
