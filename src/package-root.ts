import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of mcp-sim's own package.json, found from this module's location: the same from
 * src/ (tsx, tests) and from the bundle's chunks in dist/. Lessons and exercises live there.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'lessons'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}
