import { describe, expect, it } from 'vitest';
import { HANDSHAKE_RULES, MODERN_RULES, type RuleSet } from '../../src/machine/rule-sets.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';

const ruleIds = (set: RuleSet) =>
  new Set(Object.values(set.judges).flatMap((rows) => (rows ?? []).map((r) => r.id)));

describe('the 2026-07-28 lessons', () => {
  it('break every rule of the modern era at least once (era-mixed included)', async () => {
    const legacy = ruleIds(HANDSHAKE_RULES);
    // The rules only the modern era has, and era-mixed, whose modern branch only a modern
    // session can break.
    const modern = [...ruleIds(MODERN_RULES)].filter((id) => !legacy.has(id) || id === 'era-mixed');
    const broken = new Set<string>();
    for (const lesson of loadLessons().lessons) {
      if (lesson.scenario.revision !== '2026-07-28') continue;
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(`${lesson.id}: ${played.error.message}`);
      for (const step of played.value.steps)
        for (const v of step.verdict?.violations ?? []) broken.add(v.rule);
    }
    expect(modern.length).toBeGreaterThanOrEqual(24);
    expect(modern.filter((id) => !broken.has(id))).toEqual([]);
  });
});
