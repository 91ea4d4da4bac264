import { describe, expect, it } from 'vitest';
import { HARNESS_SOURCE } from '../../src/grader/harness-source.js';
import { firstNonFinite } from '../../src/grader/runner.js';

describe('firstNonFinite: numbers JSON cannot hold, by JSON pointer', () => {
  it('finds NaN and ±Infinity at any depth, with ~ and / escaped', () => {
    expect(firstNonFinite({ a: 1, b: [2, { 'x/y~z': Number.NEGATIVE_INFINITY }] })).toBe(
      '/b/1/x~1y~0z is -Infinity',
    );
    expect(firstNonFinite([0, Number.NaN])).toBe('/1 is NaN');
    expect(firstNonFinite(Number.POSITIVE_INFINITY)).toBe('the value is Infinity');
  });

  it('lets through what JSON holds, and what an object’s own toJSON decides', () => {
    expect(firstNonFinite({ a: 1.5, b: null, c: 'Infinity', d: [true] })).toBeNull();
    expect(firstNonFinite({ at: new Date(0) })).toBeNull();
  });

  it('is the very function the child’s harness runs', () => {
    expect(HARNESS_SOURCE).toContain(firstNonFinite.toString());
  });
});
