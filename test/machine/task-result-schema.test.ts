import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { RELATED, taskOf } from './rule-cases.js';
import { rpc, session } from './session-builder.js';

/**
 * invalid-result on the answer to tasks/result (2025-11-25 basic/utilities/tasks › Result
 * Retrieval): the schema types it GetTaskPayloadResult, which takes any object, but it is "exactly
 * what the underlying request would have returned", so it is judged also against the Result type
 * of the task-augmented request that created the task.
 */
describe('invalid-result, the answer to tasks/result (2025-11-25 tasks)', () => {
  const CLIENT = { sampling: {}, tasks: { requests: { sampling: { createMessage: {} } } } };
  const ASK = {
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the report' } }],
    maxTokens: 100,
  };
  /** The server's sampling/createMessage #0, run as the client's task T1, and completed. */
  const created = () =>
    session()
      .handshake({ client: CLIENT, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'summarize', arguments: {} }))
      .server(rpc.request(0, 'sampling/createMessage', { ...ASK, task: { ttl: 60000 } }))
      .client(rpc.result(0, { task: taskOf('working') }))
      .client(rpc.notification('notifications/tasks/status', taskOf('completed')));
  /** The server's tasks/result #2 for `taskId`, answered with `result` and the related-task `_meta`. */
  const fetched = (result: JsonObject, taskId = 'T1') =>
    created()
      .server(rpc.request(2, 'tasks/result', { taskId }))
      .client(rpc.result(2, { ...result, _meta: RELATED(taskId) }))
      .run().last.violations;
  const TEXT = { role: 'assistant', content: { type: 'text', text: 'All green.' } };

  it('judges it as the CreateMessageResult of the sampling/createMessage that created the task', () => {
    expect(fetched({ ...TEXT, model: 'fake-model' })).toEqual([]);
    const [v, ...rest] = fetched(TEXT);
    expect(rest).toEqual([]);
    expect(v?.rule).toBe('invalid-result');
    expect(v?.severity).toBe('error');
    expect(v?.message).toMatch(/^\/result\/model: .* \(MCP 2025-11-25 schema\): /);
    expect(v?.message).toContain(
      'the task\'s result of sampling/createMessage #0 (task "T1", fetched by tasks/result #2)',
    );
    expect(v?.spec).toBe(
      '2025-11-25/schema › sampling/createMessage (the method’s Result type, in the session’s revision)',
    );
    expect(v?.messageZh).toMatch(
      /^\/result\/model：不符合 MCP 2025-11-25 中 sampling\/createMessage 结果的模式/,
    );
    expect(v?.messageZh).toContain('sampling/createMessage #0 的任务结果');
    expect(englishPhrases(v?.messageZh ?? ''), v?.messageZh).toEqual([]);
  });

  it('keeps today’s judgement for a task it never saw created: any object is a GetTaskPayloadResult', () => {
    expect(fetched({ action: 'maybe' }, 'T9').map((v) => v.rule)).not.toContain('invalid-result');
    // The same answer for the task it saw created is no CreateMessageResult.
    expect(fetched({ action: 'maybe' }).map((v) => v.rule)).toEqual(['invalid-result']);
  });
});
