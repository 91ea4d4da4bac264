import { describe, expect, it } from 'vitest';
import { lessonHandout } from '../../src/ui/handout.js';
import { playLesson } from '../helpers/screen.js';

/**
 * A lesson's `do: {raw: …}` line that is not a message is a step of its own, as `play` shows an
 * unreadable line: the referee never saw it, so nothing says it was "allowed".
 */
describe('lesson 8: the client’s unreadable lines are steps of their own', async () => {
  const played = await playLesson('errors');
  const steps = played.timeline.steps;
  const raw = steps.filter((s) => s.problem !== null);

  it('the broken JSON line and the batch (2025-11-25 has none) are steps with no envelope', () => {
    expect(raw.map((s) => s.direction)).toEqual(['client->server', 'client->server']);
    expect(raw.map((s) => s.report)).toEqual([null, null]);
    expect(raw.map((s) => s.message)).toEqual([null, null]);
    expect(raw[0]?.problem?.en).toMatch(/not valid JSON/);
    expect(raw[1]?.problem?.en).toMatch(/batch.*removed in 2025-06-18/);
    expect(raw[0]?.note.en).toMatch(/^The client writes a line that is not a proper message/);
  });

  it('names them by their step, as the learner counts: a lesson has no lines to look up', () => {
    // Steps 4 and 6 of the lesson (the step counter on screen), never "line 4".
    expect(raw.map((s) => s.problem?.en)).toEqual([
      'step 4: not valid JSON',
      'step 6: a batch (JSON-RPC batches were removed in 2025-06-18)',
    ]);
    expect(raw[0]?.problem?.zh).toBe('第 4 步：不是有效的 JSON');
  });

  it('the server’s answers follow them, without telling the line again', () => {
    expect(raw).toHaveLength(2);
    for (const line of raw) {
      const answer = steps[line.index + 1];
      expect(answer?.report?.kind).toBe('error');
      expect(answer?.events).toEqual([]);
    }
  });

  it('the handout marks the line as not judged, in both languages', () => {
    for (const lang of ['en', 'zh'] as const) {
      const text = lessonHandout(played.lesson, played.timeline, lang, null);
      const at = text.indexOf('{"jsonrpc": "2.0", "id": 7, "method": "ping"\n');
      expect(at, lang).toBeGreaterThan(0);
      const before = text.slice(text.lastIndexOf('## ', at), at);
      expect(before, lang).not.toContain('✓');
      expect(text.slice(at, text.indexOf('## ', at)), lang).toContain('✗');
    }
  });
});
