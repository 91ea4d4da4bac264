/**
 * The labels of the tasks extension's messages (io.modelcontextprotocol/tasks, draft e434597). In
 * 2026-07-28 tasks left the core (changelog › Major changes, item 6): tasks/get, tasks/update,
 * tasks/cancel and notifications/tasks are the extension's, declared by both sides under
 * `capabilities.extensions` (tasks extension › Capability Negotiation), so a modern session labels
 * them with the extension, not with 2025-11-25's `server.tasks`. A handshake-era session keeps the
 * core's labels.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXT_TASKS_METHODS } from '../../src/protocol/ext-tasks-schema.js';
import { EXTENSION_METHODS, extensionRequests, TASKS_EXTENSION } from '../../src/protocol/index.js';
import { fitPath, headerRow, labelRow, type TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { REAL, traceFile, traceRaw } from '../helpers/trace.js';

const SAMPLE = join(ROOT, 'test', 'fixtures', 'samples', 'ext-tasks-flow.jsonl');
const EXT = 'server.extensions.io.modelcontextprotocol/tasks';
const EXT_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel', 'notifications/tasks'];
const pick = ({ method, kind, primitive, capability }: TraceLabel) =>
  `${kind} ${method} ${primitive} ${capability}`;

describe('the tasks extension’s messages in a modern session', () => {
  it('are the ones its schema defines (one table labels them)', () => {
    expect(extensionRequests(TASKS_EXTENSION).sort()).toEqual([...EXT_TASKS_METHODS].sort());
    expect(Object.keys(EXTENSION_METHODS).sort()).toEqual(
      [...EXT_TASKS_METHODS, 'notifications/tasks'].sort(),
    );
  });

  it('name the extension as what gates them, on the request and on its answer', async () => {
    const { labels } = await traceFile(SAMPLE);
    const ext = labels.filter((l) => EXT_METHODS.includes(l.method ?? ''));
    expect(new Set(ext.map((l) => l.method))).toEqual(
      new Set(['tasks/get', 'tasks/update', 'tasks/cancel', 'notifications/tasks']),
    );
    for (const label of ext)
      expect(pick(label)).toBe(`${label.kind} ${label.method} utility ${EXT}`);
    // A tools/call is the core's, whatever it is answered with (a CreateTaskResult at line 4).
    const calls = labels.filter((l) => l.method === 'tools/call');
    expect(calls.map((l) => l.capability)).toEqual(calls.map(() => 'server.tools'));
  });

  it('label a pushed notifications/tasks too (lesson 35 as a transcript)', async () => {
    const { playLesson } = await import('../helpers/screen.js');
    const { timeline } = await playLesson('tasks-extension');
    const lines = timeline.steps.flatMap((s) =>
      s.message === null ? [] : [JSON.stringify({ direction: s.direction, message: s.message })],
    );
    const { labels } = await traceRaw(lines.map((text, i) => ({ line: i + 1, text })));
    const pushed = labels.filter((l) => l.method === 'notifications/tasks');
    expect(pushed.length).toBeGreaterThan(0);
    for (const label of pushed)
      expect(pick(label)).toBe(`notification notifications/tasks utility ${EXT}`);
    expect(labels.find((l) => l.method === 'tasks/update')?.capability).toBe(EXT);
  });

  it('keep the table’s columns: the path is cut in the middle, its end still names it', () => {
    expect(fitPath(EXT, 28)).toBe('server.extensions.io.…/tasks');
    // A core path has no `/`: the cell cuts it at its end, as it always did.
    expect(fitPath('server.tasks.requests.tools.call', 28)).toBe(
      'server.tasks.requests.tools.call',
    );
    expect(fitPath('server.tools', 28)).toBe('server.tools');
    const plain = {
      dim: String,
      bold: String,
      red: String,
      yellow: String,
      green: String,
      cyan: String,
      magenta: String,
    };
    const label: TraceLabel = {
      line: 5,
      direction: 'client->server',
      kind: 'request',
      id: 3,
      method: 'tasks/get',
      primitive: 'utility',
      phase: null,
      capability: EXT,
      violations: ['x'],
      era: 'modern',
    };
    const row = labelRow(label, [], plain);
    const header = headerRow(plain);
    expect(row.indexOf('server.extensions.io.…/tasks')).toBe(header.indexOf('capability'));
    expect(row).toMatch(/server\.extensions\.io\.…\/tasks$/);
  });

  it('`trace --json` carries the whole path; the text table its cut form', async () => {
    const json = await runCli(['trace', '--json', SAMPLE]);
    const { messages } = JSON.parse(json.stdout) as { messages: TraceLabel[] };
    expect(messages[4]).toMatchObject({
      method: 'tasks/get',
      primitive: 'utility',
      capability: EXT,
    });
    const text = await runCli(['trace', SAMPLE]);
    const row = text.stdout.split('\n').find((l) => /^\s+9\s/.test(l)) ?? '';
    expect(row).toMatch(/tasks\/update #5\s+utility\s+—\s+server\.extensions\.io\.…\/tasks$/);
  });
});

describe('a handshake-era session keeps the core’s tasks labels', () => {
  it('2025-11-25 tasks/get is server.tasks, its status notification too (a real recording)', async () => {
    const { labels } = await traceFile(join(REAL, 'everything-tasks.jsonl'));
    const polls = labels.filter((l) => l.method === 'tasks/get');
    const pushed = labels.filter((l) => l.method === 'notifications/tasks/status');
    expect(polls.length).toBeGreaterThan(0);
    expect(pushed.length).toBeGreaterThan(0);
    for (const label of [...polls, ...pushed])
      expect([label.era, label.primitive, label.capability]).toEqual([
        'legacy',
        'utility',
        'server.tasks',
      ]);
  });
});

describe('what a recorded message of the extension means (play --plain)', () => {
  it('is the extension’s method, in English and Chinese, not “not a method MCP defines”', async () => {
    const en = await runCli(['play', SAMPLE, '--plain']);
    const update = en.stdout.split('## step 9 ·')[1]?.split('\n')[2];
    expect(update).toBe(
      'Answers the requests a task of the tasks extension waits on (inputResponses, under the keys of its inputRequests); an empty result acknowledges it.',
    );
    expect(en.stdout).not.toContain('experimental');
    const zh = await runCli(['play', SAMPLE, '--plain', '--lang', 'zh']);
    expect(zh.stdout.split('## 步骤 5 ·')[1]?.split('\n')[2]).toContain(
      '轮询 tasks 扩展中的一个任务',
    );
  });

  it('2025-11-25’s core tasks/get keeps its meaning', async () => {
    const r = await runCli(['play', join(REAL, 'everything-tasks.jsonl'), '--plain']);
    expect(r.stdout).toContain(
      'Polls the status of a task created by a task-augmented request (experimental).',
    );
  });
});
