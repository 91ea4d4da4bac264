/**
 * Shared pieces of the recorders (`scripts/record.ts`, `scripts/record-eras.ts`; the recording
 * transport is in `record-transport.ts`): scrubbing of machine-specific paths, the child-process registry and the check that
 * hand-written `*.expected.json` labels still line up with a fresh recording.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordingTransport } from './record-transport.js';

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(ROOT_DIR, 'test', 'fixtures', 'real');
export const CLIENT_INFO = { name: 'mcp-sim-recorder', version: '0.1.0' };
export const FAKE_PROJECT = 'file:///home/learner/project';

export type Direction = 'client->server' | 'server->client';

export interface Entry {
  seq: number;
  t_ms: number;
  direction: Direction;
  message: unknown;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Every child process we spawned, so a failure or the global timeout can kill exactly those. */
export const children = new Set<ChildProcess>();

export function killChild(proc: ChildProcess): void {
  if (proc.exitCode === null && proc.signalCode === null) {
    try {
      proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scrubbing of machine-specific strings
// ---------------------------------------------------------------------------------------------

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Machine-specific path prefixes and their fixed stand-ins. A prefix only matches as a whole path
 * (not preceded or followed by a name character), so e.g. a home of `/root` does not touch
 * `notifications/roots/list_changed`.
 */
const scrubRules: Array<{ re: RegExp; to: string }> = (() => {
  const pairs: Array<[string, string]> = [];
  const add = (from: string, to: string) => {
    if (from.length > 1 && from !== '/' && !pairs.some(([f]) => f === from)) pairs.push([from, to]);
  };
  add(`file://${ROOT_DIR}`, FAKE_PROJECT);
  add(ROOT_DIR, '/home/learner/project');
  add(process.cwd(), '/home/learner/project');
  add(homedir(), '/home/learner');
  // Longest first so the more specific path wins.
  return pairs
    .sort((a, b) => b[0].length - a[0].length)
    .map(([from, to]) => ({
      re: new RegExp(`(?<![\\w.-])${escapeRegExp(from)}(?![\\w.-])`, 'g'),
      to,
    }));
})();

let scrubCount = 0;

/** How many strings `scrub` has changed so far. */
export const scrubbed = () => scrubCount;

export function scrub(value: unknown): unknown {
  if (typeof value === 'string') {
    let s = value;
    for (const { re, to } of scrubRules) {
      const next = s.replace(re, to);
      if (next !== s) scrubCount++;
      s = next;
    }
    return s;
  }
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[scrub(k) as string] = scrub(v);
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Helpers for sessions
// ---------------------------------------------------------------------------------------------

export interface Msg {
  jsonrpc?: string;
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
}
export const msg = (e: Entry) => e.message as Msg;
export const isMethod = (dir: Direction, method: string) => (e: Entry) =>
  e.direction === dir && msg(e).method === method;

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export function assert(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Error(`check failed: ${what}`);
}

export function relativeToRoot(p: string): string {
  return p.startsWith(ROOT_DIR) ? p.slice(ROOT_DIR.length + 1) : p;
}

/** Writes `<name>.jsonl` (one wrapped entry per line) and reports it. */
export function writeRecording(name: string, rec: RecordingTransport, notes: string[]): void {
  const file = join(OUT_DIR, `${name}.jsonl`);
  writeFileSync(file, `${rec.entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
  for (const w of rec.warnings) console.warn(`WARNING (${name}): ${w}`);
  const extra = notes.length > 0 ? ` (client notes: ${notes.join('; ')})` : '';
  console.log(`wrote ${relativeToRoot(file)}: ${rec.entries.length} messages${extra}`);
  warnIfExpectedIsStale(name, rec.entries);
}

/**
 * The `*.expected.json` labels are written by hand for one specific recording. Real sessions are
 * not byte-for-byte repeatable (timings, and the order of concurrent messages can shift), so after
 * re-recording, warn if the hand labels no longer line up with the new file. This only compares
 * the mechanical fields (count, direction, id, request/notification method); it never produces
 * labels.
 */
export function warnIfExpectedIsStale(name: string, entries: Entry[]): void {
  const file = join(OUT_DIR, `${name}.expected.json`);
  if (!existsSync(file)) return;
  let expected: Array<{ line: number; direction: string; id: unknown; method: string }>;
  try {
    expected = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.warn(`WARNING: ${relativeToRoot(file)} is not valid JSON`);
    return;
  }
  const mismatches: string[] = [];
  if (expected.length !== entries.length) {
    mismatches.push(`${expected.length} labels for ${entries.length} messages`);
  }
  entries.forEach((e, i) => {
    const x = expected[i];
    const m = msg(e);
    if (!x) return;
    const id = m.id ?? null;
    if (x.line !== i + 1 || x.direction !== e.direction || x.id !== id) {
      mismatches.push(`line ${i + 1}: direction/id differ`);
    } else if (m.method !== undefined && x.method !== m.method) {
      mismatches.push(`line ${i + 1}: ${m.method} vs labelled ${x.method}`);
    }
  });
  if (mismatches.length > 0) {
    console.warn(
      `WARNING: ${relativeToRoot(file)} no longer matches the new recording; re-check the labels ` +
        `by hand (or restore the recording from git):\n  ${mismatches.slice(0, 5).join('\n  ')}`,
    );
  }
}

/**
 * One recorded session: `work` runs within `timeoutMs`, the transport must report no problem and
 * `check` must accept the entries; on failure the server's stderr is attached; the server process
 * is always killed; then the recording is written.
 */
export async function recordSession(
  name: string,
  rec: RecordingTransport,
  notes: string[],
  work: () => Promise<void>,
  check: (entries: Entry[]) => void,
  timeoutMs: number,
): Promise<void> {
  try {
    await withTimeout(work(), timeoutMs, `session ${name}`);
    if (rec.problems.length > 0) {
      throw new Error(`transport problems:\n  ${rec.problems.join('\n  ')}`);
    }
    check(rec.entries);
  } catch (error) {
    const stderr = rec.stderrText.join('').trim();
    const detail = error instanceof Error ? error.message : String(error);
    if (process.env.RECORD_DEBUG) {
      for (const e of rec.entries) console.error(name, JSON.stringify(e).slice(0, 300));
    }
    throw new Error(`${name}: ${detail}${stderr ? `\n--- server stderr ---\n${stderr}` : ''}`);
  } finally {
    const proc = rec.process;
    if (proc) {
      killChild(proc);
      children.delete(proc);
    }
  }
  writeRecording(name, rec, notes);
}
