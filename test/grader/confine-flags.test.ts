import { describe, expect, it } from 'vitest';
import { confinedArgs, inside, minimalEnv, permissionFlag } from '../../src/grader/confine.js';
import { checkJson, type ExerciseResult, textReport } from '../../src/grader/index.js';

const plain = { bold: String, dim: String, red: String, green: String, yellow: String };

describe('which permission model a Node has', () => {
  it.each([
    ['v18.20.0', null],
    ['v20.20.2', '--experimental-permission'],
    ['v22.12.0', '--experimental-permission'],
    ['v22.13.0', '--permission'],
    ['v23.4.0', '--experimental-permission'],
    ['v23.5.0', '--permission'],
    ['v24.21.0', '--permission'],
  ])('%s: %s', (version, flag) => {
    expect(permissionFlag(version)).toBe(flag);
  });

  it('confines only where there is a model, one path per flag, no process or worker allowed', () => {
    expect(confinedArgs(null, { exercise: '/e', temp: '/t' })).toEqual([]);
    const args = confinedArgs('--permission', { exercise: '/e', temp: '/t' });
    // The child reads its private folder (the bundle) and nothing else, writes nothing, and
    // compiles no string: a program carried as data has nowhere to run from.
    expect(args).toEqual(
      expect.arrayContaining(['--allow-fs-read=/t', '--disallow-code-generation-from-strings']),
    );
    expect(args.join(' ')).not.toMatch(/allow-(child-process|worker|addons|fs-write)|,|=\/e/);
  });

  it('passes none of the grader’s environment', () => {
    expect(Object.keys(minimalEnv('/t')).sort()).toEqual(
      [
        'FORCE_COLOR',
        'HOME',
        'LANG',
        'NO_COLOR',
        'TMPDIR',
        ...(process.env.TZ ? ['TZ'] : []),
      ].sort(),
    );
  });

  it('tells a folder’s files from its neighbours', () => {
    expect(inside('/a/b', '/a/b/c.ts')).toBe(true);
    expect(inside('/a/b', '/a/bc/d.ts')).toBe(false);
    expect(inside('/a/b', '/a/b/../x.ts')).toBe(false);
  });
});

describe('a grade from unconfined code says so', () => {
  const result: ExerciseResult = {
    id: '04-version-negotiation',
    title: { en: 'Version negotiation', zh: '版本协商' },
    points: 8,
    maxPoints: 8,
    status: 'passed',
    checks: [],
    display: [],
    output: '',
    durationMs: 1,
  };

  it('in the text report and in --json, and only then', () => {
    expect(textReport([{ ...result, unconfined: true }], 'en', plain)).toContain('ran unconfined');
    expect(textReport([{ ...result, unconfined: true }], 'zh', plain)).toContain('未受限运行');
    expect(textReport([result], 'en', plain)).not.toContain('unconfined');
    expect(checkJson([{ ...result, unconfined: true }], 'en').exercises[0]).toMatchObject({
      unconfined: true,
    });
    expect(checkJson([result], 'en').exercises[0]).not.toHaveProperty('unconfined');
  });
});
