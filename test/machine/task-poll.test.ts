import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../src/session/index.js';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { TASK_SERVER, taskOf } from './rule-cases.js';
import { rpc, session } from './session-builder.js';

/**
 * task-poll-too-soon (2025-11-25 basic/utilities/tasks › Getting Tasks: requestors SHOULD respect
 * the pollInterval the responses give): a warning, judged only on messages whose source read a
 * clock, from a tasks/get result to the next tasks/get of its task.
 */
const SAMPLE = join(ROOT, 'test', 'fixtures', 'samples', 'task-poll-too-soon.jsonl');
const working = { ...taskOf('working'), pollInterval: 1000 };
const rulesOf = (b: ReturnType<typeof session>) =>
  b.run().reports.flatMap((r) => r.violations.map((v) => `${v.rule}:${v.severity}`));
const created = () =>
  session()
    .handshake({ server: TASK_SERVER })
    .clientAt(0, rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
    .serverAt(100, rpc.result(1, { task: working }));

describe('task-poll-too-soon', () => {
  it('trace of a transcript with t_ms: the poll 100 ms after a result that said 500 ms, a warning', async () => {
    const r = await runCli(['trace', '--json', SAMPLE]);
    expect(r.code).toBe(0);
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    expect(messages.map((m) => m.violations.join(','))).toEqual([
      ...Array(7).fill(''),
      'task-poll-too-soon',
      '',
      // 503 ms after the previous result: respected.
      '',
      '',
    ]);
    const zh = await runCli(['trace', '--lang', 'zh', SAMPLE]);
    const line = zh.stdout.split('\n').find((l) => l.includes('task-poll-too-soon —')) ?? '';
    expect(line).toContain('仅 100 毫秒就再次轮询');
    expect(englishPhrases(line.split(' — ')[1]?.split(' [')[0] ?? '')).toEqual([]);
  });

  it('the first poll after the CreateTaskResult is not judged (it answers no poll)', () => {
    const first = created().clientAt(101, rpc.request(2, 'tasks/get', { taskId: 'T1' }));
    expect(rulesOf(first)).toEqual([]);
  });

  it('without a clock (a lesson, the sandbox) nothing is judged; a result without pollInterval suggests nothing', () => {
    const untimed = session()
      .handshake({ server: TASK_SERVER })
      .client(rpc.request(1, 'tools/call', { name: 'slow-task', task: { ttl: 60000 } }))
      .server(rpc.result(1, { task: working }))
      .client(rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .server(rpc.result(2, working))
      .client(rpc.request(3, 'tasks/get', { taskId: 'T1' }));
    expect(rulesOf(untimed)).toEqual([]);
    const silent = created()
      .clientAt(200, rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .serverAt(300, rpc.result(2, taskOf('working')))
      .clientAt(301, rpc.request(3, 'tasks/get', { taskId: 'T1' }));
    expect(rulesOf(silent)).toEqual([]);
    // The session log passes a step's time to the referee only when it was read off a clock.
    const lines = readFileSync(SAMPLE, 'utf8').trim().split('\n');
    const judged = (timed: boolean) => {
      const log = new SessionLog();
      return lines.flatMap((line) => {
        const { direction, message, t_ms } = JSON.parse(line);
        const step = log.push({ type: 'message', direction, message, t: t_ms, timed });
        return step.verdict?.violations.map((v) => v.rule) ?? [];
      });
    };
    expect(judged(true)).toEqual(['task-poll-too-soon']);
    expect(judged(false)).toEqual([]);
  });

  it('a poll of another task is not spaced by this one; within 10 ms of the interval is respected', () => {
    const two = created()
      .clientAt(200, rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .serverAt(300, rpc.result(2, working))
      .clientAt(310, rpc.request(3, 'tasks/get', { taskId: 'T2' }));
    expect(rulesOf(two)).toEqual([]);
    const nearly = created()
      .clientAt(200, rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .serverAt(300, rpc.result(2, working))
      .clientAt(1290, rpc.request(3, 'tasks/get', { taskId: 'T1' }));
    expect(rulesOf(nearly)).toEqual([]);
    const early = created()
      .clientAt(200, rpc.request(2, 'tasks/get', { taskId: 'T1' }))
      .serverAt(300, rpc.result(2, working))
      .clientAt(1289, rpc.request(3, 'tasks/get', { taskId: 'T1' }));
    expect(rulesOf(early)).toEqual(['task-poll-too-soon:warning']);
  });
});
