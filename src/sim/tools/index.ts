import { ownTable } from '../../protocol/json.js';
import { calculatorTool, prepareCalculator } from './calculator.js';
import { dbQueryTool, prepareDbQuery } from './db-query.js';
import type { PureTool } from './types.js';
import { weatherTool } from './weather.js';

export type PureToolName = 'calculator_arithmetic' | 'weather_current' | 'db_query';

export const PURE_TOOLS: Readonly<Record<PureToolName, PureTool>> = ownTable({
  calculator_arithmetic: calculatorTool,
  weather_current: weatherTool,
  db_query: dbQueryTool,
});

let preparing: Promise<void> | undefined;

/**
 * Loads what the tools need before their synchronous `run` can answer: mathjs for the calculator,
 * sql.js (WebAssembly) and the SQL parser for db_query. These are kept out of module load because
 * together they cost about a second. Call it once at start-up and await it; later calls share the
 * same promise, and a failed load is tried afresh on the next call.
 */
export function prepareTools(): Promise<void> {
  preparing ??= Promise.all([prepareCalculator(), prepareDbQuery()]).then(
    () => undefined,
    (error: unknown) => {
      preparing = undefined;
      throw error;
    },
  );
  return preparing;
}

/** The tools whose code loads on first use (mathjs, sql.js): `prepareToolsFor` loads it. */
export const LOADED_ON_USE: readonly PureToolName[] = ['calculator_arithmetic', 'db_query'];

const loads = new Map<PureToolName, Promise<void>>();

/** One load per tool at a time: a second caller (another HTTP request) shares the first's. */
function load(name: PureToolName, prepare: () => Promise<void>): Promise<void> {
  let job = loads.get(name);
  if (job === undefined) {
    job = prepare().finally(() => loads.delete(name));
    loads.set(name, job);
  }
  return job;
}

/** Prepares only what the named tools need, so a lesson without them starts at once. */
export async function prepareToolsFor(names: readonly string[]): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (names.includes('calculator_arithmetic'))
    jobs.push(load('calculator_arithmetic', prepareCalculator));
  if (names.includes('db_query')) jobs.push(load('db_query', prepareDbQuery));
  await Promise.all(jobs);
}

/**
 * The tools loaded on use that a message's text may call. A tool's name in a JSON string is its
 * letters, or escapes (`\u0061`), so a text with any `\u` escape may name them all; a text that
 * only mentions a name (in an argument, say) loads it too, which costs nothing but the load.
 */
export function toolsNamedIn(text: string): PureToolName[] {
  return LOADED_ON_USE.filter((name) => text.includes('\\u') || text.includes(name));
}
