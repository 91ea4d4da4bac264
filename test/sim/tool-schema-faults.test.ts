import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';
import { modernLesson } from '../helpers/modern-lesson.js';

/**
 * The faults of tool schemas and tool results (lessons 7 and 30): misspelled-schema-type
 * (basic/index › JSON Schema Usage), invalid-arguments-served (server/tools › Security
 * Considerations) and structured-content-only (› Structured Content), each breaking only its rule.
 */
const server = {
  versions: ['2025-11-25'],
  capabilities: { tools: {} },
  tools: ['weather_current'],
};
const client = { versions: ['2025-11-25'], capabilities: {} };
const call = (args: object) => ({
  client: { request: 'tools/call', params: { name: 'weather_current', arguments: args } },
});
const LISTED = [...HANDSHAKE, { client: { request: 'tools/list' } }, { server: 'next' }];

/** Plays `steps` after the handshake and a tools/list; the last step's rules, and the others'. */
async function lastJudged(steps: readonly object[]) {
  const played = await playedSteps(lessonOf('2025-11-25', client, server, [...LISTED, ...steps]));
  return { last: rules(played.slice(-1)), before: rules(played.slice(0, -1)), played };
}

describe('the tool schema faults, handshake era', () => {
  it('invalid-arguments-served: an argument the schema lacks, dropped and served', async () => {
    const { last, before, played } = await lastJudged([
      call({ location: 'Tokyo', days: 3 }),
      { fault: 'invalid-arguments-served' },
    ]);
    expect(last).toEqual([FAULT_RULES['invalid-arguments-served']]);
    expect(before).toEqual([]);
    const answer = played.at(-1)?.message as { result?: JsonResult };
    expect(answer.result?.isError).toBeUndefined();
    expect(answer.result?.structuredContent?.location).toBe('Tokyo');
  });

  it('invalid-arguments-served: params.arguments says what the server ran with', async () => {
    const { last, played } = await lastJudged([
      call({ location: 'Paris', units: 'kelvin' }),
      { fault: 'invalid-arguments-served', params: { arguments: { location: 'Paris' } } },
    ]);
    expect(last).toEqual(['tool-input-not-validated']);
    const answer = played.at(-1)?.message as { result?: JsonResult };
    expect(answer.result?.structuredContent?.units).toBe('metric');
  });

  it('invalid-arguments-served cannot play on a call the server serves', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', client, server, [
        ...LISTED,
        call({ location: 'Tokyo' }),
        { fault: 'invalid-arguments-served' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('invalid-arguments-served needs');
  });

  it('structured-content-only: the text blocks dropped, a warning', async () => {
    const { last, before, played } = await lastJudged([
      call({ location: 'Tokyo' }),
      { fault: 'structured-content-only' },
    ]);
    expect(last).toEqual(['structured-content-without-text']);
    expect(before).toEqual([]);
    expect(lastResult(played)?.content).toEqual([]);
  });

  it('misspelled-schema-type: the first typed property misspelled; params.type another typo', async () => {
    const played = await playedSteps(
      lessonOf('2025-11-25', client, server, [
        ...HANDSHAKE,
        { client: { request: 'tools/list' } },
        { fault: 'misspelled-schema-type', params: { type: 'text' } },
      ]),
    );
    expect(rules(played.slice(-1))).toEqual(['tool-schema-invalid']);
    expect(rules(played.slice(0, -1))).toEqual([]);
    const tools = (lastResult(played) as { tools?: JsonResult[] } | undefined)?.tools ?? [];
    expect(tools[0]?.inputSchema?.properties?.location?.type).toBe('text');
  });
});

describe('the tool schema faults, 2026-07-28', () => {
  const modernServer = { era: 'modern', versions: ['2026-07-28'], tools: ['weather_current'] };
  const modernClient = { era: 'modern', versions: ['2026-07-28'] };

  it.each([
    [[call({ location: 'Lisbon', days: 3 }), { fault: 'invalid-arguments-served' }]],
    [[call({ location: 'Lisbon' }), { fault: 'structured-content-only' }]],
    [[{ client: { request: 'tools/list' } }, { fault: 'misspelled-schema-type' }]],
  ])('%j breaks only its rule, the answer still a complete result', async (steps) => {
    const played = await playedSteps(
      modernLesson(modernClient, modernServer, [
        { client: { request: 'tools/list' } },
        { server: 'next' },
        ...steps,
      ]),
    );
    const fault = (steps[1] as { fault: keyof typeof FAULT_RULES }).fault;
    expect(rules(played.slice(-1))).toEqual([FAULT_RULES[fault]]);
    expect(rules(played.slice(0, -1))).toEqual([]);
    expect(lastResult(played)?.resultType).toBe('complete');
  });
});

describe('the simulated server itself (server/tools › Security Considerations)', () => {
  // Arguments off each tool's inputSchema: it answers each with a tool execution error, so the
  // referee finds nothing (a bug there would flag the course's own server, in lessons and serve).
  const BAD: Record<string, readonly object[]> = {
    weather_current: [{ location: 3 }, { location: 'Paris', units: 'kelvin' }, {}],
    calculator_arithmetic: [{ expression: 3 }, { expression: '1+1', x: 1 }],
    db_query: [{ sql: 3 }, { query: 'select 1' }],
    long_running_task: [{ steps: 1.5 }, { steps: -1 }, { steps: 2, failAtStep: 'a' }],
    summarize_text: [{ text: 3 }, {}],
    list_project_roots: [{ x: 1 }],
    collect_feedback: [{ topic: 3 }],
    connect_account: [{ service: 3 }],
  };
  const everyTool = {
    versions: ['2025-11-25'],
    capabilities: { tools: {} },
    tools: Object.keys(BAD),
  };
  const asker = { versions: ['2025-11-25'], capabilities: { sampling: {}, elicitation: {} } };

  it.each(Object.entries(BAD).flatMap(([tool, list]) => list.map((args) => [tool, args] as const)))(
    '%s %j: a tool execution error',
    async (tool, args) => {
      const played = await playedSteps(
        lessonOf('2025-11-25', asker, everyTool, [
          ...LISTED,
          { client: { request: 'tools/call', params: { name: tool, arguments: args } } },
          { server: 'next' },
        ]),
      );
      expect(rules(played)).toEqual([]);
      expect(lastResult(played)?.isError).toBe(true);
    },
  );
});

describe('the course', () => {
  it.each(['tools', 'modern-faults-gallery'])(
    '%s plays the three faults in order, each breaking its rule',
    async (id) => {
      const steps = await faultsOfLesson(id);
      // Other faults may follow them (lesson 30 goes on with _meta keys and links in forms).
      const ours = [
        'invalid-arguments-served',
        'structured-content-only',
        'misspelled-schema-type',
      ];
      const faulted = steps.filter((s) => s.fault !== null && ours.includes(s.fault));
      expect(faulted.map((s) => [s.fault, ...s.rules])).toEqual([
        ['invalid-arguments-served', 'tool-input-not-validated'],
        ['structured-content-only', 'structured-content-without-text'],
        ['misspelled-schema-type', 'tool-schema-invalid'],
      ]);
    },
  );
});

type JsonResult = {
  isError?: boolean;
  resultType?: string;
  content?: unknown[];
  structuredContent?: Record<string, unknown>;
  inputSchema?: { properties?: Record<string, { type?: unknown }> };
};

/** The result the last played step carries, if it is an answer. */
function lastResult(played: readonly { message: unknown }[]): JsonResult | undefined {
  return (played.at(-1)?.message as { result?: JsonResult } | undefined)?.result;
}
