import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitLines } from '../../src/session/index.js';
import { createTracer, type TraceLabel } from '../../src/trace/index.js';
import { ROOT } from '../helpers/cli.js';

/** server/discover and a modern tools/list, then the client falls back to initialize. */
const FILE = join(ROOT, 'test', 'fixtures', 'wide', 'modern-then-initialize.jsonl');

describe('trace: an initialize after modern traffic', () => {
  it('labels the initialize and its answer alike (handshake era, initialization) and counts both', () => {
    const tracer = createTracer();
    const labels: TraceLabel[] = [];
    for (const raw of splitLines(readFileSync(FILE, 'utf8'))) {
      for (const event of tracer.push(raw)) if (event.type === 'message') labels.push(event.label);
    }
    const pick = (l: TraceLabel | undefined) => [l?.line, l?.era, l?.phase, l?.violations];
    expect(labels.slice(4, 7).map(pick)).toEqual([
      [5, 'legacy', 'initialization', ['era-mixed']],
      [6, 'legacy', 'initialization', []],
      [7, 'legacy', 'initialization', []],
    ]);
    expect(labels.slice(0, 4).map((l) => [l.era, l.phase])).toEqual(
      Array(4).fill(['modern', null]),
    );
    const summary = tracer.summary();
    expect(summary.era).toBe('dual');
    expect(summary.lifecycle).toBe(3);
  });
});
