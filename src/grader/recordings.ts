import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bilingual } from '../i18n/lang.js';
import type { Direction, JsonObject } from '../protocol/index.js';
import { ownTable } from '../protocol/json.js';
import { SessionLog } from '../session/index.js';
import { createTraceReport, type TraceLabel, type TraceSummary } from '../trace/index.js';
import { packageExercisesDir } from './catalogue.js';
import type { Random } from './rubrics/common.js';
import { RunnerError } from './runner.js';

/** One message as the exercises hand it to the learner: who sent it, and the JSON-RPC message. */
export type Wire = { readonly direction: Direction; readonly message: JsonObject };

/** A session the checks replay; its name (a recording's file, or what was made) in both languages. */
export type Transcript = { readonly name: Bilingual; readonly messages: readonly Wire[] };

/**
 * The recordings the checks use, with their SHA-256. In a checkout the learner's exercises/ is
 * mcp-sim's own, so a file emptied or edited there would change what the checks expect (an
 * emptied folder lifted the untouched statistics starter from 0/9 to 6/9): a mismatch is an error.
 */
export const RECORDINGS: Readonly<Record<string, string>> = ownTable({
  'everything-basics.jsonl': '1eea885f3c6de72fb33d928a6c003b0779d2135028a525f6988ebeaabce7b16d',
  'everything-cancel.jsonl': 'ca99f26b0423914ebd71f80afa31f78feab17ad571d0f451ede307d36668d403',
  'everything-progress.jsonl': 'aba2bf7d86e3cb280b5f646c5b54ee94838e62f4b515855dc12efde5588455fd',
  'everything-roots.jsonl': 'ac9b9944ea7c5100ff5948abb8defaf3c41e5373c51e20628a9746531927db61',
});

/** The folder of mcp-sim's own recordings (in its install, whatever the learner's folder is). */
export const recordingsDir = () => join(packageExercisesDir(), 'recordings');

/**
 * The real recorded sessions (server-everything, test/fixtures/real), shipped with the exercises:
 * always mcp-sim's own copy, each checked against RECORDINGS; a RunnerError (`load`) otherwise.
 */
export function loadRecordings(dir: string = recordingsDir()): Transcript[] {
  return Object.entries(RECORDINGS).map(([name, digest]) => {
    const file = join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = '';
    }
    if (createHash('sha256').update(text).digest('hex') !== digest) {
      throw new RunnerError(
        'load',
        `the grader's recording ${file} is missing or changed: restore it (git checkout, or reinstall mcp-sim)`,
        {
          zh: `评分器的录制文件 ${file} 缺失或被修改：请恢复它（git checkout，或重新安装 mcp-sim）`,
        },
      );
    }
    const messages = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const { direction, message } = JSON.parse(line) as Wire;
        return { direction, message };
      });
    return { name: { en: name, zh: name }, messages };
  });
}

/** What `mcp-sim trace` says about a transcript: the labels and the summary the checks expect. */
export function traceOf(messages: readonly Wire[]): {
  labels: TraceLabel[];
  summary: TraceSummary;
} {
  const log = new SessionLog({ keep: false });
  const report = createTraceReport();
  const labels: TraceLabel[] = [];
  messages.forEach((wire, i) => {
    // As `trace` reads a line: a batch read in a 2025-03-26 session is a step per message.
    const { direction, message } = wire;
    for (const step of log.pushAll({ type: 'message', direction, message, line: i + 1 })) {
      const taken = report.take(step);
      if (taken?.type === 'message') labels.push(taken.label);
    }
  });
  return { labels, summary: report.summary() };
}

const C2S: Direction = 'client->server';
const S2C: Direction = 'server->client';

/** Small exchanges to mix into a session: all kinds of message, in both phases. */
function unit(rng: Random, id: string): Wire[] {
  switch (rng.int(0, 6)) {
    case 0:
      return [
        { direction: C2S, message: { jsonrpc: '2.0', id, method: 'ping' } },
        { direction: S2C, message: { jsonrpc: '2.0', id, result: {} } },
      ];
    case 1:
      return [
        {
          direction: C2S,
          message: { jsonrpc: '2.0', id, method: 'tools/call', params: { name: `no_such_${id}` } },
        },
        {
          direction: S2C,
          message: { jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool` } },
        },
      ];
    case 2:
      return [
        {
          direction: S2C,
          message: {
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', data: `note ${id}` },
          },
        },
      ];
    case 3:
      return [
        { direction: C2S, message: { jsonrpc: '2.0', id, method: 'tools/list' } },
        { direction: S2C, message: { jsonrpc: '2.0', id, result: { tools: [] } } },
      ];
    case 4:
      return [
        { direction: S2C, message: { jsonrpc: '2.0', id, method: 'roots/list' } },
        {
          direction: C2S,
          message: { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } },
        },
      ];
    case 5:
      return [
        {
          direction: C2S,
          message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } },
        },
      ];
    default:
      return [
        { direction: S2C, message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' } },
      ];
  }
}

/**
 * Requests in flight both ways under one number: the client's `n` and the server's `n`, and the
 * client's `"n"` (a string: another id, JSON-RPC 2.0 › Request object). Each answer belongs to
 * the request of the other side with the very same id, type included: code that pairs answers by
 * the id alone, or by its text, labels them wrong. The client has three requests in flight and
 * the middle one is answered first (a server may answer in any order): code that pairs an answer
 * with the latest open request, or with the oldest, instead of by its id labels it wrong too.
 */
function crossedIds(n: number): Wire[] {
  const text = String(n);
  return [
    { direction: C2S, message: { jsonrpc: '2.0', id: n, method: 'tools/list' } },
    { direction: S2C, message: { jsonrpc: '2.0', id: n, method: 'roots/list' } },
    { direction: C2S, message: { jsonrpc: '2.0', id: text, method: 'resources/list' } },
    { direction: C2S, message: { jsonrpc: '2.0', id: n + 1, method: 'prompts/list' } },
    { direction: C2S, message: { jsonrpc: '2.0', id: n, result: { roots: [] } } },
    { direction: S2C, message: { jsonrpc: '2.0', id: text, result: { resources: [] } } },
    { direction: S2C, message: { jsonrpc: '2.0', id: n + 1, result: { prompts: [] } } },
    { direction: S2C, message: { jsonrpc: '2.0', id: n, result: { tools: [] } } },
  ];
}

/**
 * A session made at check time from a real one: exchanges mixed in (some before the handshake
 * completes, one with ids crossed), the end cut off sometimes. Answers written for the
 * recordings alone do not fit it. `early`: an exchange before notifications/initialized for sure
 * (otherwise on three variants in five).
 */
export function makeVariant(
  base: readonly Wire[],
  rng: Random,
  name: Bilingual,
  early = false,
): Transcript {
  const end = base.findIndex((w) => w.message.method === 'notifications/initialized');
  const prefix = base.slice(0, end + 1);
  let rest = base.slice(end + 1);
  let n = 0;
  const nextId = () => `v${n++}-${rng.word()}`;
  const roll = rng.next();
  if (end > 0 && (early || roll < 0.6)) prefix.splice(end, 0, ...unit(rng, nextId()));
  if (rng.next() < 0.3) rest = rest.slice(0, rng.int(0, rest.length));
  const ops = [...rest];
  for (let k = rng.int(2, 7); k > 0; k--) {
    ops.splice(rng.int(0, ops.length), 0, ...unit(rng, nextId()));
  }
  ops.splice(rng.int(0, ops.length), 0, ...crossedIds(rng.int(100, 999)));
  return { name, messages: [...prefix, ...ops] };
}

/**
 * Variants of each recording, plus two that never reach the operation phase. The first variant
 * always has an exchange before the handshake completes: code that takes the initialization
 * phase for the messages of initialize and notifications/initialized (their primitive, not the
 * moment) labels it wrong. Left to chance, no variant had one on one seed in forty, and such
 * code scored 9/9 on exercise 6.
 */
export function makeVariants(
  recordings: readonly Transcript[],
  rng: Random,
  each = 2,
): Transcript[] {
  const out: Transcript[] = [];
  for (const recording of recordings) {
    for (let i = 1; i <= each; i++) {
      const name = {
        en: `variant ${i} of ${recording.name.en}`,
        zh: `${recording.name.zh} 的变体 ${i}`,
      };
      out.push(makeVariant(recording.messages, rng, name, out.length === 0));
    }
  }
  const first = recordings[0]?.messages ?? [];
  const end = first.findIndex((w) => w.message.method === 'notifications/initialized');
  out.push({
    name: { en: 'a handshake that never completes', zh: '一次没有完成的握手' },
    messages: first.slice(0, Math.max(end, 0)),
  });
  out.push({
    name: { en: 'only the handshake', zh: '只有握手' },
    messages: first.slice(0, end + 1),
  });
  return out;
}
