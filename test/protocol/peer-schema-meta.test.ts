/**
 * A peer's own schema (a tool's outputSchema, an elicitation's requestedSchema) is checked against
 * its dialect's meta-schema before Ajv compiles it. The built CLI checks a 2020-12 schema with the
 * meta-schema's standalone code (dist/validators/json-schema-2020-12.js, scripts/gen-validators.ts)
 * instead of having Ajv compile the meta-schema on first use (most of what a lesson with an
 * outputSchema cost `sandbox --lesson` before its first frame). Both ways must give the same
 * verdicts: every schema the fixtures' envelopes carry, and schemas broken on purpose. The global
 * setup builds dist/ first, so the module tested is the one that ships.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPrecompiled } from '../../src/cli/precompiled-schemas.js';
import type { JsonObject } from '../../src/protocol/json.js';
import { META_2020, META_2020_ID, schemaIssue } from '../../src/protocol/output-schema.js';
import { setPrecompiledSource } from '../../src/protocol/precompiled-source.js';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { ROOT } from '../helpers/cli.js';
import { envelopes, type Json } from '../helpers/schema-corpus.js';

const DIST = join(ROOT, 'dist', 'validators');
afterEach(() => setPrecompiledSource(() => null));

const isObject = (v: unknown): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every schema a peer declared in the fixtures' envelopes. */
function declaredSchemas(): JsonObject[] {
  const found: JsonObject[] = [];
  const walk = (value: Json): void => {
    if (Array.isArray(value)) for (const v of value) walk(v);
    else if (isObject(value)) {
      for (const [key, v] of Object.entries(value)) {
        if (/^(outputSchema|inputSchema|requestedSchema)$/.test(key) && isObject(v)) {
          found.push(v as JsonObject);
        }
        walk(v);
      }
    }
  };
  for (const envelope of envelopes()) walk(envelope);
  return found;
}

/** Schemas a peer may get wrong, each a different way, and the dialects' edges. */
const BROKEN: JsonObject[] = [
  { type: 5 },
  { type: 'nope' },
  { type: ['string', 7] },
  { minimum: 'x' },
  { required: 'a' },
  { required: [1] },
  { properties: { a: 3 } },
  { properties: { a: { type: 'integer', exclusiveMinimum: true } } },
  { enum: 'a' },
  { pattern: '[' },
  { items: [{ type: 'string' }] },
  { $defs: { a: { type: 'nope' } }, $ref: '#/$defs/a' },
  { $ref: '#/$defs/missing' },
  { additionalProperties: 'no' },
  { $schema: META_2020, type: 'object', required: ['a'] },
  { $schema: META_2020, type: 12 },
  { $schema: `${META_2020}#`, type: 'object' },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', required: ['a'] },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 12 },
  { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' },
  { $schema: 5, type: 'object' },
  { type: 'object', properties: { when: { type: 'string', format: 'date-time' } } },
  { type: 'object', properties: { n: { type: 'number', minimum: 0 } }, required: ['n'] },
];

const VALUES: Json[] = [{}, { a: 1 }, { n: -1 }, { n: 3 }, { when: 'yesterday' }, 'x', 5, null, []];

/** The verdicts on every value of every schema, with fresh copies (each is compiled once). */
function verdicts(schemas: readonly JsonObject[]): unknown[] {
  return schemas.map((schema) => {
    const copy = structuredClone(schema);
    return VALUES.map((value) => schemaIssue(copy, value) ?? String(schemaIssue(copy, value)));
  });
}

describe('a peer’s 2020-12 schema checked with the generated meta-schema', () => {
  const schemas = [...declaredSchemas(), ...BROKEN];

  it('the fixtures declare schemas to check (the corpus is not empty)', () => {
    expect(declaredSchemas().length).toBeGreaterThan(5);
  });

  it('gives the verdicts Ajv gives compiling the meta-schema itself', () => {
    const atRunTime = verdicts(schemas);
    // Each outcome is there: a fit (null), a misfit (an issue), a schema judged by nothing.
    expect(atRunTime.flat()).toEqual(expect.arrayContaining(['null', 'undefined']));
    expect(atRunTime.flat().some((v) => typeof v === 'object')).toBe(true);
    setPrecompiledSource((id) => loadPrecompiled(id, DIST));
    expect(verdicts(schemas)).toEqual(atRunTime);
  });

  it('is what the built CLI uses: the generated module is asked for, and its verdict counts', () => {
    const asked: string[] = [];
    setPrecompiledSource((id) => {
      asked.push(id);
      // A meta-schema that refuses every schema: a schema it refuses is judged by nothing.
      const refuses = Object.assign(() => false, { errors: null }) as unknown as ValidateFunction;
      return id === META_2020_ID ? { meta: refuses } : null;
    });
    const schema: JsonObject = { type: 'object', required: ['a'] };
    expect(schemaIssue(schema, {})).toBeUndefined();
    expect(asked).toContain(META_2020_ID);
  });
});

// The same Ajv as src/protocol/lazy-ajv.ts requires (one CommonJS cache).
const AjvCore = (
  createRequire(import.meta.url)('ajv/dist/core.js') as {
    default: { prototype: { validateSchema: (...args: unknown[]) => unknown } };
  }
).default;

describe('no schema checked against a meta-schema at run time in the built CLI', () => {
  it.each(['tools', 'version-downgrade', 'client-primitives', 'modern-faults-gallery'])(
    '%s (tools with an outputSchema, a server’s elicitation form): played without it',
    async (id) => {
      const lesson = loadLessons().lessons.find((l) => l.id === id);
      if (!lesson) throw new Error(`no lesson ${id}`);
      setPrecompiledSource((name) => loadPrecompiled(name, DIST));
      const checked = vi.spyOn(AjvCore.prototype, 'validateSchema');
      try {
        const played = await runScenario(lesson.scenario);
        expect(played.ok).toBe(true);
        expect(checked).not.toHaveBeenCalled();
      } finally {
        checked.mockRestore();
      }
    },
  );
});
