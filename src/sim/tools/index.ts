import { calculatorTool, prepareCalculator } from './calculator.js';
import { dbQueryTool, prepareDbQuery } from './db-query.js';
import type { PureTool } from './types.js';
import { weatherTool } from './weather.js';

export type PureToolName = 'calculator_arithmetic' | 'weather_current' | 'db_query';

export const PURE_TOOLS: Readonly<Record<PureToolName, PureTool>> = Object.freeze({
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

/** Prepares only what the named tools need, so a lesson without them starts at once. */
export async function prepareToolsFor(names: readonly string[]): Promise<void> {
  const jobs: Promise<void>[] = [];
  if (names.includes('calculator_arithmetic')) jobs.push(prepareCalculator());
  if (names.includes('db_query')) jobs.push(prepareDbQuery());
  await Promise.all(jobs);
}
