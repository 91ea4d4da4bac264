// Field notes whose truth depends on the session's revision: a 2026-07-28 lesson must not teach a
// field the 2026-07-28 schema dropped, nor cite a page that revision moved.
import { describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';
import type { KnownVersion } from '../../src/protocol/versions.js';

const noteAt = (message: unknown, method: string, pointer: string, revision: KnownVersion) =>
  annotate(message, method, revision).find((a) => a.pointer === pointer)?.text;

describe('field notes by revision', () => {
  // 2026-07-28 changelog item 6 moves tasks out of the core; its Tool has no execution field.
  it('tools/list: execution.taskSupport is a 2025-11-25 Tool field, gone from the 2026-07-28 core', () => {
    const list = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
    const legacy = noteAt(list, 'tools/list', '/result/tools', '2025-11-25');
    expect(legacy?.en).toContain('execution.taskSupport: whether it may be called as a task');
    const modern = noteAt(list, 'tools/list', '/result/tools', '2026-07-28');
    expect(modern?.en).not.toContain('execution.taskSupport: whether');
    expect(modern?.en).toContain('io.modelcontextprotocol/tasks');
    expect(modern?.zh).toContain('io.modelcontextprotocol/tasks');
    expect(modern?.zh).not.toContain('取值为 forbidden');
  });

  // Progress is basic/utilities/progress up to 2025-11-25 and basic/patterns/progress in 2026-07-28.
  it('notifications/progress message cites the progress page of the session’s revision', () => {
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p', progress: 1, message: 'step 1 of 2' },
    };
    const legacy = noteAt(progress, 'notifications/progress', '/params/message', '2025-11-25');
    expect(legacy?.en).toContain('basic/utilities/progress');
    const modern = noteAt(progress, 'notifications/progress', '/params/message', '2026-07-28');
    for (const text of [modern?.en, modern?.zh]) {
      expect(text).toContain('2026-07-28 basic/patterns/progress');
      expect(text).not.toContain('basic/utilities/progress');
    }
  });
});
