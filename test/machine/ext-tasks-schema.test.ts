/**
 * The tasks extension's messages judged against its own schema (src/protocol/schema/
 * ext-tasks-e434597.json) where the request declares the extension: tasks/get, tasks/update,
 * tasks/cancel and their results, and a CreateTaskResult (`resultType: "task"`).
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { citeIssue } from '../../src/protocol/spec-cite.js';
import { extTask, TASKS_CAPS } from './ext-task-cases.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import type { SessionBuilder } from './session-builder.js';

const TASKS = TASKS_CAPS;
const task = (status: string, extra: JsonObject = {}) =>
  extTask(status, { taskId: 't1', ...extra });
const call = (id: number, capabilities: JsonObject = TASKS) =>
  modernRequest(id, 'tools/call', { name: 'slow', arguments: {} }, { capabilities });
const ask = (id: number, method: string, params: JsonObject, capabilities: JsonObject = TASKS) =>
  modernRequest(id, method, params, { capabilities });
const created = () =>
  discovered()
    .client(call(1))
    .server(modernResult(1, { resultType: 'task', ...task('working') }));
const last = (b: SessionBuilder) =>
  b.run().last.violations.map((v) => ({ rule: v.rule, pointer: v.pointer, spec: v.spec }));

describe('the tasks extension’s schema (ext-tasks e434597)', () => {
  it('judges its requests: tasks/get without taskId, tasks/update without inputResponses', () => {
    const get = last(created().client(ask(2, 'tasks/get', {})));
    expect(get).toEqual([
      expect.objectContaining({ rule: 'invalid-params', pointer: '/params/taskId' }),
    ]);
    expect(get[0]?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Polling \(/);
    const update = last(created().client(ask(2, 'tasks/update', { taskId: 't1' })));
    expect(update).toEqual([
      expect.objectContaining({ rule: 'invalid-params', pointer: '/params/inputResponses' }),
    ]);
    const cancel = last(created().client(ask(2, 'tasks/cancel', { taskId: 7 })));
    expect(cancel).toEqual([
      expect.objectContaining({ rule: 'invalid-params', pointer: '/params/taskId' }),
    ]);
  });

  it('takes well-formed requests and results, and names the schema in both languages', () => {
    const fine = created()
      .client(ask(2, 'tasks/get', { taskId: 't1' }))
      .server(modernResult(2, task('completed', { result: { content: [], isError: false } })))
      .client(ask(3, 'tasks/cancel', { taskId: 't1' }))
      .server(modernResult(3));
    expect(fine.run().reports.flatMap((r) => r.violations)).toEqual([]);
    const v = created()
      .client(ask(2, 'tasks/get', {}))
      .run().last.violations[0];
    expect(v?.message).toContain('(tasks extension (ext-tasks draft, e434597) schema)');
    expect(v?.messageZh).toContain('tasks 扩展（ext-tasks 草案，e434597）的 schema 中');
  });

  it('judges a tasks/get result by its status: a completed task without its result', () => {
    const s = created()
      .client(ask(2, 'tasks/get', { taskId: 't1' }))
      .server(modernResult(2, task('completed')));
    expect(last(s)).toEqual([
      expect.objectContaining({ rule: 'invalid-result', pointer: '/result/result' }),
    ]);
    const failed = created()
      .client(ask(2, 'tasks/get', { taskId: 't1' }))
      .server(modernResult(2, task('failed')));
    expect(last(failed)).toEqual([
      expect.objectContaining({ rule: 'invalid-result', pointer: '/result/error' }),
    ]);
  });

  it('judges a CreateTaskResult: ttlMs is the Task’s (required, null for unlimited), not a cache hint', () => {
    const { ttlMs: _, ...noTtl } = task('working');
    const s = discovered()
      .client(call(1))
      .server(modernResult(1, { resultType: 'task', ...noTtl }));
    const [v] = last(s);
    expect(v).toEqual(
      expect.objectContaining({ rule: 'invalid-result', pointer: '/result/ttlMs' }),
    );
    expect(v?.spec).toMatch(/^ext-tasks-e434597\/tasks › Task Creation \(/);
    const unlimited = discovered()
      .client(call(1))
      .server(modernResult(1, { resultType: 'task', ...task('working', { ttlMs: null }) }));
    expect(last(unlimited)).toEqual([]);
  });

  it('leaves a request that does not declare the extension to the core’s rules', () => {
    const s = discovered().client(ask(2, 'tasks/get', {}, {}));
    expect(last(s).map((v) => v.rule)).toEqual(['method-removed']);
  });

  it('cites a section the extension’s text has (the citation check knows its headings)', () => {
    expect(citeIssue('ext-tasks-e434597/tasks › Task Polling')).toBeNull();
    expect(citeIssue('ext-tasks-e434597/tasks › Task Pollen')?.kind).toBe('section');
    expect(citeIssue('ext-tasks-e434597/task › Task Polling')?.kind).toBe('page');
  });
});
