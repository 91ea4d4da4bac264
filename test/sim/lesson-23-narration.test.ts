import { describe, expect, it } from 'vitest';
import { isObject } from '../../src/protocol/json.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';

// Lesson 23, steps 7–8 (a tools/call and its result): the narration says what these envelopes
// show. It told the compatibility matrix's failing rows (a legacy client's initialize, a
// modern-only client meeting a legacy server) as if this session played them; it plays neither.
describe('lesson 23 narrates its tools/call and result, not rows it does not play', async () => {
  const lesson = loadLessons().lessons.find((l) => l.id === 'versions-without-negotiation');
  if (!lesson) throw new Error('lesson 23 is missing');
  const played = await runScenario(lesson.scenario);
  if (!played.ok) throw new Error(played.error.message);
  const [call, answer] = played.value.steps.slice(6, 8);

  it('step 7 is the tools/call, and its note names the version its _meta carries', () => {
    expect(call?.verdict?.method).toBe('tools/call');
    const params =
      isObject(call?.message) && isObject(call.message.params) ? call.message.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const version = String(meta['io.modelcontextprotocol/protocolVersion']);
    for (const lang of ['en', 'zh'] as const) expect(call?.notes?.note?.[lang]).toContain(version);
  });

  it('step 8 is its result, and its note names the resultType the result carries', () => {
    expect(answer?.verdict?.kind).toBe('response');
    const result =
      isObject(answer?.message) && isObject(answer.message.result) ? answer.message.result : {};
    for (const lang of ['en', 'zh'] as const) {
      expect(answer?.notes?.note?.[lang]).toMatch(
        new RegExp(`resultType (为 )?${String(result.resultType)}`),
      );
    }
  });

  it('neither note tells an initialize or a legacy server as happening in this session', () => {
    for (const step of [call, answer]) {
      const { en = '', zh = '' } = step?.notes?.note ?? {};
      expect(en).not.toMatch(/sends initialize|may refuse|stay silent/);
      expect(zh).not.toMatch(/会发送\s*initialize|不作回应/);
    }
  });
});
