import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { messages } from '../helpers/envelopes.js';

/**
 * A transcript line that is just `null` holds a JSON value, null: the session log keeps it as
 * null, and "nothing kept" (a line over the length limit, a message nested past the depth limit)
 * as undefined, so every observer tells the two apart. Before, both were null, and `play` said of
 * the `null` line nothing of what it held while it did for `42` or `true`.
 */
const deep = `{"jsonrpc":"2.0","id":9,"method":"ping","params":${'['.repeat(1200)}${']'.repeat(1200)}}`;
const transcript = [
  JSON.stringify({ direction: 'client->server', message: messages.initializeRequest }),
  'null',
  '42',
  JSON.stringify({ direction: 'client->server', message: null }),
  deep,
].join('\n');

describe('a transcript line that holds JSON null', () => {
  it('is kept as null in the session log; nothing kept is undefined', () => {
    const steps = readTranscript(splitLines(transcript), new SessionLog());
    const [, bare, number, wrapped, tooDeep] = steps;
    expect(bare?.kind).toBe('unreadable');
    expect(bare?.raw).toBeNull();
    expect(number?.raw).toBe(42);
    expect(wrapped?.kind).toBe('message');
    expect(wrapped?.message).toBeNull();
    expect(tooDeep?.kind).toBe('unreadable');
    expect(tooDeep?.raw).toBeUndefined();
  });

  it('play says what it held, as for any other value (en, zh)', () => {
    const { timeline } = transcriptScreen(splitLines(transcript));
    const [, bare, number, wrapped, tooDeep] = timeline.steps;
    expect(number?.note.en).toContain('It held "42".');
    expect(bare?.note.en).toContain('It held "null". mcp-sim trace says: line 2:');
    expect(bare?.note.zh).toContain('它的内容是 "null"。');
    expect(wrapped?.note.en).toContain('It held "null". mcp-sim trace says: line 4:');
    expect(tooDeep?.note.en).not.toContain('It held');
  });
});
