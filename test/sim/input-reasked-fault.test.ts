import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const CLIENT = {
  era: 'modern',
  versions: ['2026-07-28'],
  capabilities: { elicitation: { form: {} } },
};
const SERVER = {
  era: 'modern',
  versions: ['2026-07-28'],
  capabilities: { tools: {} },
  tools: ['collect_feedback'],
};
const CALL = {
  client: {
    request: 'tools/call',
    params: { name: 'collect_feedback', arguments: { topic: 'the rules' } },
  },
};

type Answer = { id?: unknown; method?: string; error?: { code?: number; message?: string } };

/**
 * 2026-07-28 basic/patterns/mrtr › Error Handling: a retry lacking input the server needs SHOULD
 * get a new InputRequiredResult asking for it again, not an error.
 */
describe('missing-input-refused', () => {
  it('lesson modern-faults-gallery plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    expect(steps.find((step) => step.fault === 'missing-input-refused')).toEqual({
      fault: 'missing-input-refused',
      rules: [FAULT_RULES['missing-input-refused']],
    });
  });

  it('answers the retry with -32602 naming the input, where the server had a new round', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', CLIENT, SERVER, [
        CALL,
        { server: 'next' },
        { fault: 'retry-without-answers' },
        { fault: 'missing-input-refused' },
      ]),
    );
    const message = (i: number) => (steps.at(i)?.message ?? {}) as Answer;
    expect(message(-1).error).toEqual({ code: -32602, message: 'Missing input: feedback' });
    expect(message(-1).id).toBe(message(-2).id);
    expect(rules(steps)).toEqual(['input-responses-missing', 'input-responses-not-reasked']);
  });

  it('the honest server asks again with a new round (no rule of its own)', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', CLIENT, SERVER, [
        CALL,
        { server: 'next' },
        { fault: 'retry-without-answers' },
        { server: 'next' },
      ]),
    );
    const last = steps.at(-1)?.message as { result?: { resultType?: string } };
    expect(last.result?.resultType).toBe('input_required');
    expect(rules(steps)).toEqual(['input-responses-missing']);
  });

  it('needs a pending retry the server would answer with a new round', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', CLIENT, SERVER, [CALL, { fault: 'missing-input-refused' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('play retry-without-answers first');
  });
});

/**
 * 2026-07-28 basic/patterns/mrtr › Error Handling: servers SHOULD validate the InputResponses
 * object; protocol errors SHOULD get a JSON-RPC error.
 */
describe('retry-with-invalid-answer and invalid-answer-served', () => {
  it('lesson modern-faults-gallery plays them in a row, each breaking only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    const at = steps.findIndex((step) => step.fault === 'retry-with-invalid-answer');
    expect(steps.slice(at, at + 2)).toEqual([
      { fault: 'retry-with-invalid-answer', rules: [FAULT_RULES['retry-with-invalid-answer']] },
      { fault: 'invalid-answer-served', rules: [FAULT_RULES['invalid-answer-served']] },
    ]);
  });

  it('the retry answers with a string; the honest server refuses it, the fault completes it', async () => {
    const played = (last: object) =>
      playedSteps(
        lessonOf('2026-07-28', CLIENT, SERVER, [
          CALL,
          { server: 'next' },
          { fault: 'retry-with-invalid-answer' },
          last,
        ]),
      );
    const honest = await played({ server: 'next' });
    type Sent = { params?: { inputResponses?: unknown }; error?: { code?: number } };
    expect(((honest.at(-2)?.message ?? {}) as Sent).params?.inputResponses).toEqual({
      feedback: 'great',
    });
    expect(((honest.at(-1)?.message ?? {}) as Sent).error?.code).toBe(-32602);
    expect(rules(honest)).toEqual(['invalid-params']);
    const served = await played({ fault: 'invalid-answer-served' });
    const last = (served.at(-1)?.message ?? {}) as {
      id?: unknown;
      result?: { resultType?: string };
    };
    expect(last.result?.resultType).toBe('complete');
    expect(last.id).toBe(((served.at(-2)?.message ?? {}) as { id?: unknown }).id);
    expect(rules(served)).toEqual(['invalid-params', 'input-responses-not-validated']);
  });

  it('needs a retry the server would refuse', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', CLIENT, SERVER, [
        CALL,
        { server: 'next' },
        { fault: 'retry-without-answers' },
        { fault: 'invalid-answer-served' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('play retry-with-invalid-answer first');
  });
});
