import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';
import { ARROWS, sequenceRow } from '../../src/ui/sequence-rows.js';
import { messages } from '../helpers/envelopes.js';

const long = `Server starting... ${'x'.repeat(200)}`;
const transcript = [
  { direction: 'client->server', message: messages.initializeRequest },
  { direction: 'server->client', message: 'Server starting... listening on stdio' },
  { direction: 'server->client', message: long },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe('play: a line the server wrote that is no message', () => {
  const { timeline } = transcriptScreen(splitLines(transcript));
  const [, junk, longJunk] = timeline.steps;

  it('is drawn in its direction, server to client', () => {
    expect(junk?.direction).toBe('server->client');
    expect(sequenceRow(junk as NonNullable<typeof junk>).arrow).toBe(ARROWS.invalid.left);
  });

  it('shows what it held, quoted, with trace’s words (en, zh)', () => {
    expect(junk?.note.en).toContain('It held `Server starting... listening on stdio`.');
    expect(junk?.note.en).toContain('mcp-sim trace says: line 2: not a JSON-RPC message');
    expect(junk?.note.zh).toContain('它的内容是 `Server starting... listening on stdio`。');
  });

  it('cuts a long line', () => {
    expect(longJunk?.note.en).toMatch(/It held `Server starting\.\.\. x+…`\./);
    const held = /It held `([^`]*)`/.exec(longJunk?.note.en ?? '')?.[1] ?? '';
    expect(held.length).toBeLessThan(100);
  });
});
