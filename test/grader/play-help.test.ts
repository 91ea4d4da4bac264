import { describe, expect, it } from 'vitest';
import { check } from '../../src/cli/table/exercises.js';
import { loadExercises } from '../../src/grader/index.js';
import { scenarioFor } from '../../src/grader/scenarios/index.js';

/** "1-4, 8 and 9" → [1, 2, 3, 4, 8, 9]. */
function numbersIn(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(/,|\band\b|、|和/)) {
    const range = part.match(/(\d+)\s*-\s*(\d+)/);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(n);
    } else {
      const one = part.match(/\d+/);
      if (one) out.push(Number(one[0]));
    }
  }
  return out;
}

describe('check --help names the exercises --play can show', () => {
  const playable = loadExercises()
    .filter((e) => scenarioFor(e.id) !== undefined)
    .map((e) => Number(e.id.slice(0, 2)));

  it('in English and in Chinese, exactly those with a scenario', () => {
    const help = check.options.play.help;
    expect(numbersIn(help.en.split('Exercises ')[1] ?? '')).toEqual(playable);
    expect(numbersIn(help.zh.split('练习 ')[1] ?? '')).toEqual(playable);
  });
});
