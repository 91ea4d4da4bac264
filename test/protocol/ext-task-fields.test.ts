/**
 * The tasks extension's fields have meanings (src/protocol/ext-task-fields.ts): a CreateTaskResult
 * answering a tools/call, a tasks/get result in each shape, a tasks/update; and a 2025-11-25
 * tasks/get keeps the meanings of that revision's tasks.
 */
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';
import { englishPhrases } from '../helpers/english-in-zh.js';

const task = {
  taskId: 't1',
  status: 'working',
  statusMessage: 'Building.',
  createdAt: '2026-12-03T10:00:00Z',
  lastUpdatedAt: '2026-12-03T10:00:05Z',
  ttlMs: 60000,
  pollIntervalMs: 1000,
};
const result = (fields: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, result: fields });
const meanings = (message: object, method: string, revision: '2026-07-28' | '2025-11-25') =>
  new Map(annotate(message, method, revision).map((a) => [a.pointer, a.text]));
const top = (message: { result?: object; params?: object }) =>
  Object.keys(message.result ?? message.params ?? {}).map(
    (k) => `/${message.result ? 'result' : 'params'}/${k}`,
  );

describe('the tasks extension’s field meanings', () => {
  it('every field of a CreateTaskResult, and its ttlMs is the task’s life, not a cache hint', () => {
    const created = result({ resultType: 'task', ...task });
    const m = meanings(created, 'tools/call', '2026-07-28');
    expect(top(created).filter((p) => !m.has(p))).toEqual([]);
    expect([...m.values()].flatMap((text) => englishPhrases(text.zh))).toEqual([]);
    expect(m.get('/result/ttlMs')?.en).toContain('not a cache hint');
    expect(m.get('/result/ttlMs')?.zh).toContain('不是缓存提示');
  });

  it('every field of a tasks/get result in input_required, completed and failed', () => {
    const shapes = [
      { ...task, status: 'input_required', inputRequests: { name: { method: 'roots/list' } } },
      { ...task, status: 'completed', result: { content: [] } },
      { ...task, status: 'failed', error: { code: -32603, message: 'boom' } },
    ];
    for (const shape of shapes) {
      const polled = result({ resultType: 'complete', ...shape });
      const m = meanings(polled, 'tasks/get', '2026-07-28');
      expect(top(polled).filter((p) => !m.has(p))).toEqual([]);
    }
    const waiting = meanings(result(shapes[0] ?? {}), 'tasks/get', '2026-07-28');
    expect(waiting.get('/result/inputRequests')?.en).toContain('tasks/update');
  });

  it('a tasks/update’s inputResponses answer the task, not a retry', () => {
    const update = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tasks/update',
      params: { taskId: 't1', inputResponses: { name: { roots: [] } } },
    };
    const m = meanings(update, 'tasks/update', '2026-07-28');
    expect(top(update).filter((p) => !m.has(p))).toEqual([]);
    expect(m.get('/params/inputResponses')?.en).not.toContain('retry');
  });

  it('a 2025-11-25 tasks/get keeps that revision’s meaning (the field of the same name)', () => {
    const legacy = result({ ...task, ttl: 60000, pollInterval: 500 });
    const m = meanings(legacy, 'tasks/get', '2025-11-25');
    expect(m.get('/result/status')?.en).toContain('tasks/result');
    expect(meanings(legacy, 'tasks/get', '2026-07-28').get('/result/status')?.en).toContain(
      'tasks/update',
    );
  });
});
