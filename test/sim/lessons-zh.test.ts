import { describe, expect, it } from 'vitest';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { lessonHandout, lessonJson } from '../../src/ui/handout.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { screenRun as runScenario } from '../helpers/screen.js';

const { lessons } = loadLessons();

/**
 * English a Chinese lesson may quote: names (a schema language, a transport, a product) and what is
 * quoted from the wire (JSON-RPC error names, an error message, the spec's own capitals).
 */
const QUOTED = [
  'JSON Schema',
  'Streamable HTTP',
  'MCP Inspector',
  // The SDKs lesson 3 names where their servers disagree (product names).
  'Go SDK',
  'Rust SDK',
  'HTTP DELETE',
  'Parse error',
  'Invalid Request',
  'Method not found',
  'Invalid params',
  'Internal error',
  'Resource not found',
  // The names of the error codes 2026-07-28 defines (the code's meaning quotes them).
  'Header mismatch',
  'Missing required client capability',
  'Unsupported protocol version',
  // The name of 2025-11-25's -32042 (lesson 14's URL-mode elicitation), quoted the same way.
  'URL elicitation required',
  'null id',
  'MUST NOT',
  'SHOULD NOT',
  '"send initialize first"',
  // The tool name lesson 19's buggy server lists (malformed-tool-name), quoted from the wire.
  '"weather current"',
];

describe('the lessons in Simplified Chinese leave no English prose', () => {
  for (const lesson of lessons) {
    it(`${lesson.id}: lesson --plain --lang zh and lesson --json --lang zh`, async () => {
      const played = await runScenario(lesson.scenario);
      if (!played.ok) throw new Error(played.error.message);
      const handout = lessonHandout(lesson, played.value, 'zh');
      expect(englishPhrases(handout, QUOTED)).toEqual([]);
      // Chinese punctuation around Chinese labels.
      expect(handout).not.toMatch(/\((?:错误|警告|请求|回应|通知)\)|\*\*目标:\*\*|客户端: /);
      const json = lessonJson(lesson, played.value, 'zh');
      const texts = [
        json.title,
        ...json.steps.flatMap((s) => [s.note, ...s.violations.flatMap((v) => [v.message, v.spec])]),
        ...(json.closes ?? []).map((c) => c.note),
      ];
      expect(englishPhrases(texts.join('\n'), QUOTED)).toEqual([]);
    });
  }
});
