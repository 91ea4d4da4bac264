import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptScreen as transcriptTimeline } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';
import { FIXTURES, traceRaw } from '../helpers/trace.js';

const INIT =
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}';

const FILES: Record<string, string> = {
  'chatter and a non-message among messages': [INIT, 'not json', '', '{"foo":1}'].join('\n'),
  'chatter before the first message': ['oops', INIT, '{"broken":'].join('\n'),
  'nothing but problems': ['oops', '{"foo":1}', '42'].join('\n'),
  'a host log with its own output': readFileSync(
    join(FIXTURES, 'real', 'everything-cancel.hostlog.log'),
    'utf8',
  ),
};

describe('play and trace read a file the same way', () => {
  for (const [name, text] of Object.entries(FILES)) {
    it(name, async () => {
      const traced = await traceRaw(splitLines(text));
      const played = transcriptTimeline(splitLines(text));
      expect(played.problems).toEqual(traced.problems);
      // Every message is a step, and so is every line trace reports as a problem.
      const messages = played.timeline.steps.filter((s) => s.problem === null);
      expect(messages.length).toBe(traced.labels.length);
      expect(
        played.timeline.steps.flatMap((s) => (s.problem === null ? [] : [s.problem.en])),
      ).toEqual(traced.problems.map((p) => `line ${p.line}: ${p.message}`));
    });
  }

  it('reports a line that is not JSON in a transcript, in line order', async () => {
    const played = transcriptTimeline(
      splitLines(FILES['chatter and a non-message among messages'] ?? ''),
    );
    expect(played.problems.map((p) => p.line)).toEqual([2, 4]);
  });
});
