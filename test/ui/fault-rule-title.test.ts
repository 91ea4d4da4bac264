import { describe, expect, it } from 'vitest';
import { faultTail } from '../../src/ui/components/envelope-view.js';
import { playLesson } from '../helpers/screen.js';

/** The envelope title's fault tail of lesson 20's step with the fault `fault`. */
async function tailOf(fault: string, lang: 'en' | 'zh' = 'en') {
  const { timeline } = await playLesson('faults-before-the-handshake');
  const step = timeline.steps.find((s) => s.fault === fault);
  if (!step) throw new Error(`no step plays ${fault}`);
  return faultTail(step, lang);
}

// A learner looks the title's name up in `v`, which lists the referee's rule ids: the title names
// the rule, not the lesson's name for the fault.
describe('the envelope title names the rule the referee reported for a fault', () => {
  it('wrong-version → unsupported-version; request-before-initialize → initialize-not-first', async () => {
    expect(await tailOf('wrong-version')).toBe(' · fault: unsupported-version');
    expect(await tailOf('request-before-initialize')).toBe(' · fault: initialize-not-first');
    expect(await tailOf('wrong-version', 'zh')).toBe(' · 故障：unsupported-version');
  });

  it('a fault named after its rule keeps its name', async () => {
    expect(await tailOf('request-before-initialized')).toBe(' · fault: request-before-initialized');
  });
});
