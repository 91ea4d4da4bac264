/**
 * The built CLI judges with Ajv's standalone code, generated at build time (dist/validators/, see
 * scripts/gen-validators.ts); src compiles the same schemas at run time. Here both judge one
 * corpus — every envelope of every lesson's --json output (the lesson-json fixtures), every
 * recorded transcript under test/fixtures, each object in them, and copies broken four ways (a
 * field removed, a wrong type, an extra key, a string no format accepts) — against every
 * definition the referee may ask for, and must agree exactly: the verdict, Ajv's error list, and
 * the referee's issues in English and Chinese. The global setup builds dist/ first, so the
 * modules tested are the ones that ship.
 */
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { loadPrecompiled } from '../../src/cli/precompiled-schemas.js';
import { EXT_TASKS_SCHEMA } from '../../src/protocol/ext-tasks-schema.js';
import { MODERN_SCHEMA } from '../../src/protocol/modern-schema.js';
import { REVISION_SCHEMAS } from '../../src/protocol/revision-schema.js';
import {
  checkedPaths,
  definitionsOf,
  exportName,
  type OfficialSchema,
  officialAjv,
  schemaBook,
} from '../../src/protocol/schema-book.js';
import { ROOT } from '../helpers/cli.js';
import { envelopes, schemaCorpus } from '../helpers/schema-corpus.js';

const DIST = join(ROOT, 'dist', 'validators');
const CORPUS = schemaCorpus();
// The referee checks whole messages (and their params, results and errors): the corpus's
// envelopes and their broken copies.
const MESSAGES = CORPUS.filter((v) => typeof v === 'object' && v !== null && 'jsonrpc' in v);
const OFFICIAL: readonly OfficialSchema[] = [
  MODERN_SCHEMA,
  EXT_TASKS_SCHEMA,
  ...Object.values(REVISION_SCHEMAS),
];
/**
 * Each definition is compared on every STRIDE-th value of the corpus, a different share for each
 * definition (so each value still meets an eighth of the definitions, and every value is judged by
 * some). All of it, every definition against every value, is about a minute of CPU: set
 * SCHEMA_CORPUS_FULL=1 to run that, as after a change of Ajv, its options or the generator.
 */
const STRIDE = process.env.SCHEMA_CORPUS_FULL ? 1 : 8;
const share = <T>(values: readonly T[], pathIndex: number): T[] =>
  values.filter((_, i) => i % STRIDE === pathIndex % STRIDE);
/**
 * Where two error lists differ, or null. An error's `data` is the part of the value it is about:
 * the very same object both times. Its `schema` and `parentSchema` (verbose) are compared in full
 * once per schema path (they are the same literal for every value), the rest every time.
 */
function errorsDiffer(
  a: readonly ErrorObject[],
  b: readonly ErrorObject[],
  schemasSeen: Set<string>,
): string | null {
  if (a.length !== b.length) return `${a.length} errors, not ${b.length}`;
  for (const [i, x] of a.entries()) {
    const y = b[i] as ErrorObject;
    const { schema: xs, parentSchema: xp, data: xd, ...xRest } = x;
    const { schema: ys, parentSchema: yp, data: yd, ...yRest } = y;
    if (JSON.stringify(xRest) !== JSON.stringify(yRest))
      return `error ${i}: ${JSON.stringify(xRest)}`;
    if (!Object.is(xd, yd)) return `error ${i}: another data`;
    if (!schemasSeen.has(x.schemaPath)) {
      if (JSON.stringify([xs, xp]) !== JSON.stringify([ys, yp]))
        return `error ${i}: another schema`;
      schemasSeen.add(x.schemaPath);
    }
  }
  return null;
}

describe('the precompiled official schemas judge exactly as the run-time compiled ones', () => {
  it('has a corpus of envelopes, the objects in them and broken copies', () => {
    expect(envelopes().length).toBeGreaterThan(1000);
    expect(CORPUS.length).toBeGreaterThan(5_000);
    expect(MESSAGES.length).toBeGreaterThan(1_000);
  });

  for (const official of OFFICIAL) {
    describe(official.id, () => {
      const generated = loadPrecompiled(official.id, DIST);
      const paths = checkedPaths(official);

      it('the build generated a module exporting every definition and subschema the referee asks for', () => {
        expect(generated).not.toBeNull();
        expect(Object.keys(generated ?? {}).sort()).toEqual(paths.map(exportName).sort());
      });

      it('every definition: the same verdict and the same Ajv errors on every value of the corpus', {
        timeout: 180_000,
      }, () => {
        const ajv = officialAjv(official);
        const { at } = definitionsOf(official.schema);
        const differ: string[] = [];
        let invalid = 0;
        for (const [index, path] of paths.entries()) {
          const runtime = ajv.getSchema(`${official.id}#/${at}/${path}`);
          const precompiled = generated?.[exportName(path)];
          if (!runtime || !precompiled) throw new Error(`${path}: no validator`);
          const schemasSeen = new Set<string>();
          for (const value of share(CORPUS, index)) {
            const valid = runtime(value);
            if (!valid) invalid++;
            const problem =
              precompiled(value) !== valid
                ? 'another verdict'
                : errorsDiffer(runtime.errors ?? [], precompiled.errors ?? [], schemasSeen);
            if (problem) differ.push(`${path}: ${problem} for ${JSON.stringify(value)}`);
          }
        }
        expect(differ.slice(0, 5)).toEqual([]);
        // Not a vacuous comparison: the corpus fails as well as passes.
        expect(invalid).toBeGreaterThan(0);
        expect(invalid).toBeLessThan((paths.length * CORPUS.length) / STRIDE);
      });

      it('the referee’s issues (pointers, English and Chinese messages) are the same on every message', {
        timeout: 180_000,
      }, () => {
        const fromBuild = schemaBook(official, () => generated);
        const atRunTime = schemaBook(official, () => null);
        const differ: string[] = [];
        for (const [index, path] of paths.entries()) {
          for (const value of share(MESSAGES, index)) {
            const expected = JSON.stringify(atRunTime.defIssues(path, value));
            if (JSON.stringify(fromBuild.defIssues(path, value)) !== expected)
              differ.push(`${path} ${JSON.stringify(value)}`);
          }
        }
        expect(differ.slice(0, 5)).toEqual([]);
      });
    });
  }
});
