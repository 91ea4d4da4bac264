import { readFileSync } from 'node:fs';

/**
 * The version in the package's package.json, read when asked: `dist/cli/main.js` and
 * `src/cli/version.ts` are both two folders below it, in a checkout and in an installed package.
 */
export function packageVersion(file: URL = new URL('../../package.json', import.meta.url)): string {
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${file.pathname} has no "version"`);
  return version;
}
