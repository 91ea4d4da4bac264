import { ensureBuilt } from './helpers/cli.js';

/** Builds the CLI once before the test files that run it (never two builds at once). */
export async function setup(): Promise<void> {
  await ensureBuilt();
}
