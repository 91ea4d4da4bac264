import { describe, expect, it } from 'vitest';
import { playLesson } from '../helpers/screen.js';

/** The meaning the field tree gives /params/arguments in the step's revision. */
async function argumentsMeaning(lesson: string) {
  const { timeline } = await playLesson(lesson);
  const call = timeline.steps.find(
    (s) => (s.message as { method?: unknown } | null)?.method === 'tools/call',
  );
  return call?.annotations.find((a) => a.pointer === '/params/arguments')?.text;
}

// 2025-11-25 changelog (SEP-1303): input validation errors became Tool Execution Errors; before,
// they were protocol errors.
describe('/params/arguments means what the session’s revision says of bad arguments', () => {
  it('lesson 5 (2025-06-18): bad arguments are a protocol error there', async () => {
    const text = await argumentsMeaning('version-downgrade');
    expect(text?.en).toContain('protocol error');
    expect(text?.en).not.toMatch(/^[^.]*usually come back as a tool result/);
    expect(text?.zh).toContain('协议错误');
  });

  it('lesson 7 (2025-11-25): bad arguments come back as isError', async () => {
    const text = await argumentsMeaning('tools');
    expect(text?.en).toContain('usually come back as a tool result with isError: true');
    expect(text?.en).not.toContain('protocol error');
  });
});
