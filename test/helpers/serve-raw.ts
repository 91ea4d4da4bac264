import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { CLI, WORK } from './cli.js';

/**
 * Writes raw lines to a spawned `serve` and collects the answers, one JSON value per line (`text`:
 * stdout as written, where JSON.parse would round an id past 2^53 − 1).
 */
export function rawSession(
  lines: string[],
  args: string[] = [],
): Promise<{ code: number | null; out: unknown[]; text: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args], { cwd: WORK });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        out: out
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as unknown),
        text: out,
        err,
      }),
    );
    for (const line of lines) child.stdin.write(`${line}\n`);
    child.stdin.end();
  });
}

/**
 * A `--trace-file` transcript's lines without what only one transport has (time, HTTP headers),
 * so that a session served on stdio and over HTTP can be compared line for line.
 */
export const transcriptLines = async (file: string) =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => {
      const { t_ms: _t, headers: _h, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });
