import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { valueAt } from '../../src/protocol/json.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { discovered } from './modern-builder.js';
import { hs } from './rule-cases.js';
import { rpc } from './session-builder.js';
import { retry } from './stream-builder.js';

/**
 * A finding that says where it is names a place in its own message: the field itself, or, for
 * a field that is missing, the object that should hold it. The screens lead the learner there.
 */
function named(message: unknown, pointer: string): boolean {
  if (valueAt(message, pointer) !== undefined) return true;
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  return pointer !== '' && valueAt(message, parent) !== undefined;
}

describe('finding pointers', () => {
  it('every pointer of every violation in every lesson names a place in its message', async () => {
    let seen = 0;
    for (const { id } of loadLessons().lessons) {
      const { timeline } = await playLesson(id);
      for (const step of timeline.steps) {
        for (const v of step.verdict?.violations ?? []) {
          if (v.pointer === undefined) continue;
          seen++;
          expect(
            named(step.message, v.pointer),
            `${id} step ${step.index}: ${v.rule} ${v.pointer}`,
          ).toBe(true);
        }
      }
    }
    // The course breaks schema rules in several lessons: the walk is not empty.
    expect(seen).toBeGreaterThan(5);
  });

  it('points into params and into a result', () => {
    const params = discovered()
      .client(retry(2, { inputResponses: { confirm: 'yes' } }))
      .run();
    expect(params.last.violations.find((v) => v.rule === 'invalid-params')?.pointer).toBe(
      '/params/inputResponses/confirm',
    );
    const result = hs()
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [{ name: 7, inputSchema: { type: 'object' } }] }))
      .run();
    const invalid = result.last.violations.find((v) => v.rule === 'invalid-result');
    expect(invalid?.pointer).toBe('/result/tools/0/name');
  });
});
