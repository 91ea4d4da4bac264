import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { messages } from '../helpers/envelopes.js';

/**
 * A transcript line that is just `null` is kept as its text, "null", and "nothing kept" (a line
 * over the length limit, a message nested past the depth limit) as undefined, so every observer
 * tells the two apart: `play` says what the `null` line held as it does for `42`. Every line that
 * is no message keeps its text as written, so a line `"a string"` (JSON, no message) and a line
 * `a string` (no JSON) read differently; both showed as "a string" when the first kept its value.
 */
const deep = `{"jsonrpc":"2.0","id":9,"method":"ping","params":${'['.repeat(1200)}${']'.repeat(1200)}}`;
const transcript = [
  JSON.stringify({ direction: 'client->server', message: messages.initializeRequest }),
  'null',
  '42',
  JSON.stringify({ direction: 'client->server', message: null }),
  deep,
  '"a string"',
  'a string',
].join('\n');

describe('a transcript line that holds JSON null', () => {
  it('is kept as its text in the session log; nothing kept is undefined', () => {
    const steps = readTranscript(splitLines(transcript), new SessionLog());
    const [, bare, number, wrapped, tooDeep, quoted, text] = steps;
    expect(bare?.kind).toBe('unreadable');
    expect(bare?.raw).toBe('null');
    expect(number?.raw).toBe('42');
    expect(quoted?.raw).toBe('"a string"');
    expect(text?.raw).toBe('a string');
    expect(wrapped?.kind).toBe('message');
    expect(wrapped?.message).toBeNull();
    expect(tooDeep?.kind).toBe('unreadable');
    expect(tooDeep?.raw).toBeUndefined();
  });

  it('play says what it held, as for any other value (en, zh)', () => {
    const { timeline } = transcriptScreen(splitLines(transcript));
    const [, bare, number, wrapped, tooDeep, quoted, text] = timeline.steps;
    expect(number?.note.en).toContain('It held `42`.');
    expect(bare?.note.en).toContain('It held `null`. mcp-sim trace says: line 2:');
    expect(bare?.note.zh).toContain('它的内容是 `null`。');
    expect(wrapped?.note.en).toContain('It held `null`. mcp-sim trace says: line 4:');
    expect(tooDeep?.note.en).not.toContain('It held');
    expect(quoted?.note.en).toContain('It held `"a string"`. mcp-sim trace says: line 6:');
    expect(text?.note.en).toContain('It held `a string`. mcp-sim trace says: line 7:');
  });
});
