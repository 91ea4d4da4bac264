/**
 * The course across both eras (issue 18): the lessons of 2026-07-28 together show every method of
 * that revision and break every modern rule at least once, and every envelope any lesson's peers
 * send validates against the official JSON Schema of the era it was sent in (copies of the spec's
 * `schema/<version>/schema.json` in test/fixtures/schema; the tasks extension's messages against
 * that extension's, ext-tasks-e434597.json) — independent of mcp-sim's own model.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERA_RULES } from '../../src/machine/rules/eras.js';
import { MODERN_REQUEST_RULES } from '../../src/machine/rules/modern-requests.js';
import {
  MODERN_NOTIFICATION_RULES,
  MODERN_RESULT_RULES,
} from '../../src/machine/rules/modern-results.js';
import { MRTR_RULES } from '../../src/machine/rules/mrtr.js';
import { SUBSCRIPTION_RULES } from '../../src/machine/rules/subscriptions.js';
import { existsIn, METHOD_NAMES } from '../../src/protocol/catalogue.js';
import type { Step } from '../../src/session/index.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { extensionSchemaProblems, officialSchemaProblems } from '../helpers/official-schema.js';

const MODERN = '2026-07-28';
/** What the official schema of `version` says of a step's message ([] when valid). */
function schemaProblems(version: string, step: Step): string[] {
  const v = step.verdict;
  if (v === null) return [];
  if (v.kind === 'invalid') return ['not a JSON-RPC message the schema has a type for'];
  // The io.modelcontextprotocol/tasks extension's messages (lesson 35) against its own schema.
  const extension =
    version === MODERN ? extensionSchemaProblems(v.kind, v.method ?? '', step.message) : null;
  return extension ?? officialSchemaProblems(version, v.kind, v.method ?? '', step.message);
}

const MODERN_RULES = [
  ...ERA_RULES,
  ...MODERN_REQUEST_RULES,
  ...MODERN_RESULT_RULES,
  ...MODERN_NOTIFICATION_RULES,
  ...MRTR_RULES,
  ...SUBSCRIPTION_RULES,
].map((r) => r.id);
const MODERN_METHODS = METHOD_NAMES.filter((m) => existsIn(m, MODERN));

const { lessons } = loadLessons();
const played = new Map<string, readonly Step[]>();

beforeAll(async () => {
  for (const lesson of lessons) {
    const result = await runScenario(lesson.scenario);
    if (!result.ok) throw new Error(`${lesson.id}: ${result.error.message}`);
    played.set(lesson.id, result.value.steps);
  }
});

const modernLessons = () => lessons.filter((l) => l.scenario.revision === MODERN);

describe('the course of two eras', () => {
  it('has at least ten lessons of 2026-07-28, a block of ten after the first handshake lessons', () => {
    expect(modernLessons().length).toBeGreaterThanOrEqual(10);
    const first = lessons.findIndex((l) => l.scenario.revision === MODERN);
    const after = lessons.findIndex((l, i) => i > first && l.scenario.revision !== MODERN);
    expect(first).toBeGreaterThan(0);
    expect(after - first).toBe(10);
    // Lessons added later keep their numbers after the block (lessons are never renumbered):
    // 31-tasks, 32-tasks-faults-gallery and 33-batches are of the handshake era again, and
    // 34-modern-ids-progress-cancellation and 35-tasks-extension of 2026-07-28; each says so in
    // its revision.
    expect(lessons.slice(after).map((l) => `${l.id} ${l.scenario.revision}`)).toEqual([
      'tasks 2025-11-25',
      'tasks-faults-gallery 2025-11-25',
      'batches 2025-03-26',
      'modern-ids-progress-cancellation 2026-07-28',
      'tasks-extension 2026-07-28',
    ]);
  });

  it('the modern lessons together show every method of 2026-07-28 (input requests included)', () => {
    expect(MODERN_METHODS.length).toBe(21);
    const shown = new Set<string>();
    for (const lesson of modernLessons()) {
      for (const step of played.get(lesson.id) ?? []) {
        if (step.verdict?.era !== 'modern' || !step.verdict.method) continue;
        shown.add(step.verdict.method);
        // Server questions travel inside an input_required result (basic/patterns/mrtr).
        const result = (step.message as { result?: { inputRequests?: unknown } }).result;
        const asks = result?.inputRequests;
        if (asks && typeof asks === 'object') {
          for (const ask of Object.values(asks as Record<string, { method?: unknown }>)) {
            if (typeof ask?.method === 'string') shown.add(ask.method);
          }
        }
      }
    }
    expect(MODERN_METHODS.filter((m) => !shown.has(m))).toEqual([]);
  });

  it('the modern lessons answer every request a 2026-07-28 client sends with a result somewhere', () => {
    const asked = new Set<string>();
    const answered = new Set<string>();
    for (const lesson of modernLessons()) {
      for (const step of played.get(lesson.id) ?? []) {
        const v = step.verdict;
        if (v?.era !== 'modern' || !v.method) continue;
        if (v.kind === 'request' && step.direction === 'client->server') asked.add(v.method);
        const message = step.message as { result?: unknown };
        if (v.kind === 'response' && message.result !== undefined) answered.add(v.method);
      }
    }
    expect(asked.size).toBeGreaterThanOrEqual(10);
    // A method the revision removed is sent on purpose and answered -32601, never with a result.
    const kept = MODERN_METHODS.filter((m) => asked.has(m));
    expect(kept.filter((m) => !answered.has(m))).toEqual([]);
  });

  it('the lessons together break every modern rule at least once, on purpose', () => {
    const broken = new Set<string>();
    for (const steps of played.values()) {
      for (const step of steps) {
        for (const v of step.verdict?.violations ?? []) broken.add(v.rule);
      }
    }
    expect(MODERN_RULES.filter((id) => !broken.has(id))).toEqual([]);
  });

  it('every envelope of every lesson is valid against the official schema of its era (the tasks extension’s against its own)', () => {
    const problems: string[] = [];
    for (const lesson of lessons) {
      const legacy = lesson.scenario.revision === MODERN ? '2025-11-25' : lesson.scenario.revision;
      for (const step of played.get(lesson.id) ?? []) {
        // A fault's own envelope is broken on purpose; the peer's answer to it is not.
        if (step.kind !== 'message' || step.notes?.fault) continue;
        const version = step.verdict?.era === 'modern' ? MODERN : legacy;
        for (const p of schemaProblems(version, step))
          problems.push(`${lesson.id} step ${step.index + 1}: ${p}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the schema check is not vacuous: a legacy result fails the 2026-07-28 schema', () => {
    const step = {
      message: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
      verdict: { kind: 'response', method: 'tools/list' },
    } as unknown as Step;
    expect(schemaProblems('2025-11-25', step)).toEqual([]);
    expect(schemaProblems(MODERN, step).join('\n')).toMatch(/resultType|ttlMs|cacheScope/);
  });
});
