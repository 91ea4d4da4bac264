import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../src/session/index.js';
import { LiveStore } from '../../src/ui/live-store.js';
import { sequenceRow } from '../../src/ui/sequence-rows.js';

/**
 * The live view (`serve --http --ui`) shows POST bodies as steps ("step 3/3" in its status line).
 * A body that is no message was said to be "line 3" of a trace, the session log's own count, which
 * is no line of any file the teacher has (there may be no --trace-file; a batch is one line of
 * one). It is now named by the step the view shows, as a POST body, in both languages.
 */
describe('a POST body the live view shows that is no message', () => {
  it('is named by its step in the view, as a body, not as a line of a trace', () => {
    const log = new SessionLog({ keep: false });
    const store = new LiveStore();
    log.subscribe((step) => store.step('s1', step));
    log.push({
      type: 'message',
      direction: 'client->server',
      message: { jsonrpc: '2.0', id: 1, method: 'ping' },
      t: 0,
    });
    log.push({
      type: 'unreadable',
      direction: 'client->server',
      problem: 'not valid JSON',
      raw: '{bad',
      t: 1,
    });
    const steps = store.sessions()[0]?.steps ?? [];
    const body = steps[1];
    if (!body) throw new Error('no step');
    expect(body.problem?.en).toBe('step 2: not valid JSON');
    expect(body.problem?.zh).toMatch(/^第 2 步：/);
    expect(body.note.en).toContain('This POST body (step 2) is not a message');
    expect(body.note.en).not.toContain('line');
    expect(body.note.zh).toContain('这个 POST 正文（第 2 步）不是消息');
    expect(sequenceRow(body, steps).unreadable).toBe('body');
  });
});
