import { extname } from 'node:path';

/**
 * Where the n-th session's transcript goes: the first in `file` itself, later ones beside it with
 * the number before the extension (`talk.jsonl`, `talk.2.jsonl`, `talk.3.jsonl`; `talk`, `talk.2`).
 * Its own module: `connect` names its files so too, without loading serve's HTTP server.
 */
export function sessionTracePath(file: string, n: number): string {
  if (n <= 1) return file;
  const ext = extname(file);
  return `${file.slice(0, file.length - ext.length)}.${n}${ext}`;
}
