import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { playPlainCommand } from '../../src/cli/commands/play.js';
import { traceCommand } from '../../src/cli/commands/trace.js';
import { errorLine, UsageError } from '../../src/cli/usage.js';
import { MAX_DEPTH } from '../../src/session/index.js';

export const HOSTILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'hostile');

/** The committed corpus, by name, as bytes (one file is not valid UTF-8 on purpose). */
export const corpus = (): Array<[string, Buffer]> =>
  readdirSync(HOSTILE)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => [name, readFileSync(join(HOSTILE, name))]);

/** A wrapped line whose params nest `levels` deep in all (the envelope is level 1). */
export function nestedLine(levels: number, id = 1): string {
  const inner = levels - 2; // the envelope and params are two of the levels
  const x = `${'['.repeat(inner)}${']'.repeat(inner)}`;
  return `{"direction":"client->server","message":{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"x":${x}}}}`;
}

/** The generated part of the corpus: too large to commit, made the same way every run. */
export const deepFile = (): Buffer =>
  Buffer.from(
    [
      nestedLine(MAX_DEPTH, 1),
      nestedLine(MAX_DEPTH + 1, 2),
      nestedLine(100_000, 3),
      '{"direction":"client->server","message":{"jsonrpc":"2.0","id":4,"method":"ping"}}',
      '',
    ].join('\n'),
  );

// What the app itself may write with NO_COLOR: line breaks, and SGR styling (bold, dim), which
// Ink emits even without colour. Every other control character came from the input.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the SGR sequence
const SGR = /\u001b\[[0-9;]*m/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the test
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The control characters in terminal output, as code points (empty when there are none). */
export function controlsIn(output: string): string[] {
  return [...output.replace(SGR, '').matchAll(CONTROL)].map(
    (m) => `U+${(m[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-hostile-'));
let files = 0;

/** Writes bytes to a fresh temporary file and returns its path. */
export function tempFile(bytes: Buffer | string): string {
  files += 1;
  const path = join(dir, `t${files}.jsonl`);
  writeFileSync(path, bytes);
  return path;
}

export type Printed = { readonly code: number; readonly stdout: string; readonly stderr: string };

/**
 * Runs a command's own function in this process with stdout and stderr captured: the CLI's exact
 * output, without a process per case (the property tests run hundreds).
 */
export async function captured(command: () => Promise<number>): Promise<Printed> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await command();
    return { code, stdout, stderr };
  } catch (error) {
    // A usage error (a file with nothing to play) as the CLI prints it: one line, exit 2.
    if (!(error instanceof UsageError)) throw error;
    return { code: 2, stdout, stderr: `${stderr}${errorLine(error.text, 'en')}` };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

export const traceIn = (file: string, json = false) =>
  captured(() => traceCommand({ file, json, strict: false }));
export const playPlainIn = (file: string) => captured(() => playPlainCommand(file, 'en'));
