import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/style.js';
import { textReport } from '../../src/grader/report.js';
import type { ExerciseResult } from '../../src/grader/types.js';
import { controlsIn } from './helpers.js';

const PWN = '\u001b]0;pwned\u0007\u009b2J\u202e';
const said = (text: string) => ({ en: text, zh: text });

/** A failed check quoting what the learner's code sent, as the rubrics do. */
const result = (status: ExerciseResult['status']): ExerciseResult => ({
  id: '01-progress',
  title: said('Progress'),
  points: 0,
  maxPoints: 2,
  status,
  checks: ['a', 'b'].map((name) => ({
    name,
    passed: false,
    points: 0,
    maxPoints: 1,
    message: said(`expected notifications/progress, got "${PWN}"\nsecond line ${PWN}`),
    about: said('sends progress'),
  })),
  display: [`bar ${PWN}`],
  output: PWN,
  durationMs: 1,
});

describe("check's text report quotes the learner's code", () => {
  for (const status of ['failed', 'error'] as const) {
    it(`${status}: what the code sent is shown with its control characters written out`, () => {
      for (const colour of [false, true]) {
        const text = textReport([result(status)], 'en', createStyle(colour));
        expect(controlsIn(text)).toEqual([]);
        expect(text).toContain('\\x1b]0;pwned\\x07\\u009b2J\\u202e');
      }
    });
  }
});
