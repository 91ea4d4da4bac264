import { describe, expect, it } from 'vitest';
import { RULE_IDS, type RuleId } from '../../src/machine/rules.js';
import { METHOD_NAMES } from '../../src/protocol/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';

/** Methods the curriculum must show at least once (issue: the curriculum). */
const REQUIRED = [
  'initialize',
  'notifications/initialized',
  'ping',
  'tools/list',
  'tools/call',
  'notifications/tools/list_changed',
  'notifications/progress',
  'notifications/cancelled',
  'resources/list',
  'resources/read',
  'resources/subscribe',
  'notifications/resources/updated',
  'prompts/list',
  'prompts/get',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'notifications/message',
  'logging/setLevel',
  'completion/complete',
];

describe('what the lessons cover', () => {
  it('shows every required method, and says which catalogue methods are shown where', async () => {
    const shownIn = new Map<string, string[]>();
    for (const lesson of loadLessons().lessons) {
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(`${lesson.id}: ${played.error.message}`);
      for (const step of played.value.steps) {
        const method = step.verdict?.method;
        if (!method || step.verdict?.kind === 'response' || step.verdict?.kind === 'error')
          continue;
        shownIn.set(method, [...new Set([...(shownIn.get(method) ?? []), lesson.id])]);
      }
    }
    const table = METHOD_NAMES.map((m) => `${m}: ${(shownIn.get(m) ?? ['—']).join(', ')}`).join(
      '\n',
    );
    const missing = REQUIRED.filter((m) => !shownIn.has(m));
    expect(missing, `methods no lesson shows:\n${table}`).toEqual([]);
    // The table itself, for the record: at least the required ones, out of the catalogue's 31.
    expect(METHOD_NAMES.filter((m) => shownIn.has(m)).length).toBeGreaterThanOrEqual(
      REQUIRED.length,
    );
  });
});

/**
 * Every rule of the table is broken in some lesson: a rule added to the table must come with a
 * lesson step that breaks it (docs/authoring-lessons.md, Faults). The last one a lesson came to
 * show, task-result-before-terminal, is lesson 31's early-task-result, judged at its reveal.
 */
describe('the rules the course breaks', () => {
  it('breaks every rule of the table in some lesson', async () => {
    const brokenIn = new Map<string, string>();
    for (const lesson of loadLessons().lessons) {
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(`${lesson.id}: ${played.error.message}`);
      for (const step of played.value.steps)
        for (const v of step.verdict?.violations ?? [])
          if (!brokenIn.has(v.rule)) brokenIn.set(v.rule, lesson.id);
    }
    const unshown = RULE_IDS.filter((id) => !brokenIn.has(id)).sort();
    expect(unshown, 'rules no lesson breaks').toEqual([]);
    // Every rule a lesson breaks is one of the table's (no stale id in a verdict).
    expect([...brokenIn.keys()].filter((id) => !RULE_IDS.includes(id as RuleId))).toEqual([]);
  });
});
