import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RawLine, readLines } from '../../src/session/index.js';
import {
  createTracer,
  type TraceEvent,
  type TraceLabel,
  type TraceProblem,
  type TraceSummary,
} from '../../src/trace/index.js';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
export const REAL = join(FIXTURES, 'real');

export type TraceResult = {
  readonly labels: TraceLabel[];
  readonly problems: TraceProblem[];
  readonly summary: TraceSummary;
  /** The rules the problem lines broke (invalid-envelope: an object that is no JSON-RPC message). */
  readonly problemRules: string[];
};

/** Runs raw lines through one tracer, the way `mcp-sim trace` does. */
export async function traceRaw(
  lines: Iterable<RawLine> | AsyncIterable<RawLine>,
): Promise<TraceResult> {
  const tracer = createTracer();
  const labels: TraceLabel[] = [];
  const problems: TraceProblem[] = [];
  const problemRules: string[] = [];
  const take = (event: TraceEvent) => {
    if (event.type === 'message') labels.push(event.label);
    else if (event.type === 'problem') {
      problems.push(event.problem);
      for (const v of event.details) problemRules.push(v.rule);
    }
  };
  for await (const raw of lines) for (const event of tracer.push(raw)) take(event);
  for (const event of tracer.finish()) take(event);
  problems.sort((a, b) => a.line - b.line);
  return { labels, problems, summary: tracer.summary(), problemRules };
}

/** Reads a file with the real line reader and traces it. */
export const traceFile = (file: string) => traceRaw(readLines(file));

export const realFiles = () => readdirSync(REAL).sort();

/** A label without its line number (for comparing the same session in other formats). */
export const withoutLine = ({ line: _line, ...rest }: TraceLabel) => rest;
