import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

export type Build = { readonly label: string; readonly cli: string };

/**
 * The built CLIs a benchmark runs side by side: this checkout's, and with `--compare <dir>` another
 * checkout's first (`before`, then `after`). Each must have been built already.
 */
export function buildsToMeasure(compare: string | undefined): Build[] {
  const builds: Build[] = [];
  if (compare !== undefined)
    builds.push({ label: 'before', cli: join(compare, 'dist', 'cli', 'main.js') });
  builds.push({
    label: compare !== undefined ? 'after' : 'mcp-sim',
    cli: join(ROOT, 'dist', 'cli', 'main.js'),
  });
  for (const b of builds) {
    if (!existsSync(b.cli)) throw new Error(`${b.cli} missing: run npm run build there first`);
  }
  return builds;
}
