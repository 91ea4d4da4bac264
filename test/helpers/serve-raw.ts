import { spawn } from 'node:child_process';
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
