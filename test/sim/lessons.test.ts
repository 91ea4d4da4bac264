import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/machine/rules.js';
import { jsonText } from '../../src/protocol/json.js';
import { FAULT_RULES, type FaultName, REVEALED_FAULTS } from '../../src/sim/scenario/faults.js';
import { formatProblem, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { lessonJson } from '../../src/ui/handout.js';
import { screenRun as runScenario } from '../helpers/screen.js';

const { lessons, problems } = loadLessons();

describe('the lessons', () => {
  it('all load, with no problems', () => {
    expect(problems.map(formatProblem)).toEqual([]);
    const ids = lessons.map((l) => l.id);
    expect(ids[0]).toBe('first-session');
    expect(ids).toEqual(expect.arrayContaining(['progress', 'capability-removal']));
    expect(ids.length).toBeGreaterThanOrEqual(12);
  });

  for (const lesson of lessons) {
    describe(lesson.id, () => {
      it('plays; every envelope is valid JSON-RPC and passes the SDK schemas; only faults break rules', async () => {
        const played = await runScenario(lesson.scenario);
        if (!played.ok) throw new Error(`step ${played.error.step + 1}: ${played.error.message}`);
        for (const [n, step] of played.value.steps.entries()) {
          if (step.closedBy) {
            expect(step.message).toBeNull();
            expect(step.phases).toEqual({ client: 'shutdown', server: 'shutdown' });
            continue;
          }
          if (step.abandoned) {
            // A closed HTTP response stream: no envelope, and the request it named was in flight.
            expect(step.message).toBeNull();
            expect(step.abandoned.method).not.toBeNull();
            continue;
          }
          if (step.problem) {
            // A line the lesson writes on purpose (do: {raw}) that is not a message: its own
            // step, with no envelope and no verdict (the referee never saw it).
            expect(step.message).toBeNull();
            expect(step.report).toBeNull();
            continue;
          }
          const rules = (step.report?.violations ?? []).map((v) => v.rule);
          // Only a fault that is about a broken envelope may send one; or one past 2^53 − 1
          // (lesson 19's progress token), which the spec allows and the SDK's zod schemas do not
          // (they bound an integer to the safe range; test/trace/big-tokens-schema.test.ts).
          const brokenOnPurpose =
            step.fault !== null &&
            (rules.includes('invalid-envelope') || rules.includes('id-beyond-safe-integer'));
          expect(
            JSONRPCMessageSchema.safeParse(step.message).success || brokenOnPurpose,
            jsonText(step.message),
          ).toBe(true);
          // Params and results fit the schema, but in the fault that shows that very rule (lesson 19).
          const meant = step.fault ? FAULT_RULES[step.fault as FaultName] : undefined;
          if (meant !== 'invalid-params') expect(rules).not.toContain('invalid-params');
          if (meant !== 'invalid-result') expect(rules).not.toContain('invalid-result');
          // A revealed fault's own message breaks no rule yet: its reveal, the next step, does.
          const next = played.value.steps[n + 1];
          const revealed =
            step.judgedLater &&
            REVEALED_FAULTS.has(step.fault as FaultName) &&
            next?.fault === step.fault &&
            (next.report?.violations ?? []).some((v) => v.rule === meant);
          if (step.fault && revealed) expect(rules).toEqual([]);
          else if (step.fault) {
            expect(rules.length, `fault ${step.fault} must break a rule`).toBeGreaterThan(0);
            // A fault named after a rule breaks that very rule (the narration names it).
            if ((RULE_IDS as readonly string[]).includes(step.fault))
              expect(rules, `step ${step.index + 1}`).toContain(step.fault);
          } else expect(rules, `step ${step.index + 1}`).toEqual([]);
        }
      });

      it('names a rule’s severity in the narration as the referee reports it on that step', async () => {
        const played = await runScenario(lesson.scenario);
        if (!played.ok) throw new Error('lesson failed to play');
        for (const step of played.value.steps) {
          const said = step.note.en.matchAll(/\b([a-z]+(?:-[a-z]+)+),? (an error|a warning)\b/g);
          for (const [, rule, weight] of said) {
            if (!(RULE_IDS as readonly string[]).includes(rule ?? '')) continue;
            const found = (step.report?.violations ?? []).find((v) => v.rule === rule);
            expect(found, `step ${step.index + 1} names ${rule}`).toBeDefined();
            expect(found?.severity, `step ${step.index + 1}: "${rule}, ${weight}"`).toBe(
              weight === 'an error' ? 'error' : 'warning',
            );
          }
        }
      });

      it('has narration in both languages on every step', () => {
        for (const text of [lesson.scenario.title, lesson.scenario.goal, lesson.scenario.recap]) {
          expect(text.en.trim()).not.toBe('');
          expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
        }
        for (const step of lesson.scenario.steps) {
          if ('do' in step) continue;
          expect(step.note.en.trim()).not.toBe('');
          expect(step.note.zh, step.note.en).toMatch(/[\u4e00-\u9fff]/);
        }
      });

      it('is deterministic: two runs give identical JSON', async () => {
        const a = await runScenario(lesson.scenario);
        const b = await runScenario(lesson.scenario);
        if (!a.ok || !b.ok) throw new Error('lesson failed to play');
        for (const lang of ['en', 'zh'] as const) {
          // jsonText: lesson 19 sends a progress token past 2^53 − 1 (a bigint).
          expect(jsonText(lessonJson(lesson, a.value, lang))).toBe(
            jsonText(lessonJson(lesson, b.value, lang)),
          );
        }
      });
    });
  }
});

describe('a broken lesson file', () => {
  it('is reported with its file and line, and the other lessons still load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-lessons-'));
    const good = `title: {en: Good, zh: 好}
goal: {en: g, zh: 目标}
steps:
  - client: initialize
    note: {en: n, zh: 注}
recap: {en: r, zh: 小结}
`;
    mkdirSync(join(dir, '01-good'));
    writeFileSync(join(dir, '01-good', 'lesson.yaml'), good);
    mkdirSync(join(dir, '02-missing-zh'));
    writeFileSync(
      join(dir, '02-missing-zh', 'lesson.yaml'),
      good.replace('note: {en: n, zh: 注}', 'note: {en: n}'),
    );
    mkdirSync(join(dir, '03-bad-yaml'));
    writeFileSync(join(dir, '03-bad-yaml', 'lesson.yaml'), 'title: {en: x\nsteps: [\n');
    mkdirSync(join(dir, '04-bad-action'));
    writeFileSync(
      join(dir, '04-bad-action', 'lesson.yaml'),
      good.replace('client: initialize', 'client: dance'),
    );
    const listing = loadLessons(dir);
    expect(listing.lessons.map((l) => l.id)).toEqual(['good']);
    const byFile = (name: string) => listing.problems.filter((p) => p.file.includes(name));
    expect(byFile('02-missing-zh')[0]).toMatchObject({ line: 5 });
    expect(byFile('02-missing-zh')[0]?.message).toMatch(
      /^step 1, note\.zh: missing Chinese \(zh\) text$/,
    );
    expect(byFile('03-bad-yaml')[0]?.line).toBeGreaterThan(0);
    expect(byFile('04-bad-action')[0]).toMatchObject({ line: 4 });
  });
});

describe('docs/authoring-lessons.md', () => {
  it('its complete example is a lesson that loads and plays without violations', async () => {
    const doc = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'authoring-lessons.md'),
      'utf8',
    );
    const example = /```yaml\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-doc-'));
    mkdirSync(join(dir, '01-calling-a-tool'));
    writeFileSync(join(dir, '01-calling-a-tool', 'lesson.yaml'), example ?? '');
    const listing = loadLessons(dir);
    expect(listing.problems).toEqual([]);
    const played = await runScenario(
      listing.lessons[0]?.scenario as Parameters<typeof runScenario>[0],
    );
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.steps.flatMap((s) => s.report?.violations ?? [])).toEqual([]);
  });
});
