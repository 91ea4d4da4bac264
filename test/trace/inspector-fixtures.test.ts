import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptScreen as transcriptTimeline } from '../../src/cli/commands/play.js';
import { readLines } from '../../src/session/index.js';
import { FIXTURES, traceFile } from '../helpers/trace.js';

const DIR = join(FIXTURES, 'inspector');

/** What each recorded Inspector session did, in order (method, or `#id` for an answer). */
const SEQUENCES: Record<string, string[]> = {
  'inspector-0.15-http-calculator.jsonl': [
    'initialize',
    '#0',
    'notifications/initialized',
    'tools/list',
    '#1',
    'tools/call',
    '#2',
  ],
  'inspector-2.12-http-roots.jsonl': [
    'initialize',
    '#0',
    'notifications/initialized',
    'logging/setLevel',
    '#1',
    'tools/list',
    '#2',
    'tools/call',
    'roots/list',
    '#1',
    '#3',
  ],
};
SEQUENCES['inspector-2.12-stdio-roots.jsonl'] = SEQUENCES['inspector-2.12-http-roots.jsonl'] ?? [];

describe('real MCP Inspector sessions with mcp-sim serve', () => {
  it('every recording has its expected sequence (no silent skip)', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.jsonl'));
    expect(files.sort()).toEqual(Object.keys(SEQUENCES).sort());
  });

  describe.each(Object.entries(SEQUENCES))('%s', (file, sequence) => {
    it('is labelled without a problem or a broken rule', async () => {
      const { labels, problems, summary } = await traceFile(join(DIR, file));
      expect(problems).toEqual([]);
      expect(summary.violations).toBe(0);
      const seen = labels.map((l) =>
        l.kind === 'request' || l.kind === 'notification' ? l.method : `#${String(l.id)}`,
      );
      expect(seen).toEqual(sequence);
      // The handshake is the initialization phase; everything after it is operation.
      expect(labels.slice(0, 3).every((l) => l.phase === 'initialization')).toBe(true);
      expect(labels.slice(3).every((l) => l.phase === 'operation')).toBe(true);
    });

    it('plays as a timeline whose last step leaves both sides operating', async () => {
      const lines = [];
      for await (const line of readLines(join(DIR, file))) lines.push(line);
      const { timeline, problems } = transcriptTimeline(lines);
      expect(problems).toEqual([]);
      expect(timeline.steps).toHaveLength(sequence.length);
      expect(timeline.steps.at(-1)?.phases).toEqual({ client: 'operation', server: 'operation' });
    });
  });
});
