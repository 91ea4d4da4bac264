import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';

// What serve --http records when a client POSTs garbage: the body, then the server's -32700,
// which has no id (it could read none). The live view and play narrate that answer.
const transcript = [
  { direction: 'client->server', unreadable: 'not valid JSON', text: '{not json' },
  {
    direction: 'server->client',
    message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
  },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe('the narration of an error response without an id', () => {
  it('says why it names no request, instead of "An error response to ?."', () => {
    const { timeline } = transcriptScreen(splitLines(transcript));
    const answer = timeline.steps.at(-1);
    expect(answer?.report?.kind).toBe('error');
    expect(answer?.note.en).toBe(
      'An error response with no id: it answers something that could not be read as a request (not JSON, or not a JSON-RPC request), so it can name none.',
    );
    expect(answer?.note.zh).toBe(
      '一条没有 id 的错误回应：它回应的内容无法读成请求（不是 JSON，或不是 JSON-RPC 请求），所以无从写出 id。',
    );
    expect(answer?.note.en).not.toContain('?');
  });
});
