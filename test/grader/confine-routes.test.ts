import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { gradeExercise } from '../../src/grader/index.js';
import type { ExerciseResult } from '../../src/grader/types.js';
import { meta, solution, workspace } from './helpers.js';

// A learner who carries a program as data (a copy of mcp-sim's own tracer, which exercises 05 and
// 06 ask them to write) and loads or compiles it at run time. Each route, graded for real in the
// confined child process: a load error and 0 points, where the grader before scored it 9/9.
// The tracer itself is not copied here: a tiny module exporting the reference solution stands
// for it, which is all the route needs to score.

const STATS = '05-session-stats';
const LABELS = '06-handshake-tracer';

/** The reference solution as plain JavaScript, as a copied build would be, plus `extra`. */
const js = (id: string, file: string, extra: string) =>
  `${transformSync(solution(id, file), { loader: 'ts', format: 'esm' }).code}\n${extra}\n`;
const TRACER_05 = js(
  STATS,
  'stats.ts',
  'export const traceOf = (m) => ({ summary: sessionStats(m) });',
);
const TRACER_06 = js(
  LABELS,
  'labels.ts',
  'export const traceOf = (m) => ({ labels: labelMessages(m) });',
);

async function graded(id: string, files: Record<string, string>, outside?: string) {
  const dir = workspace(id, 'starter');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  if (outside !== undefined) {
    // Beside the exercise folder, not in it: what the exercise-folder rule keeps out.
    mkdirSync(join(dir, '..', 'outside'), { recursive: true });
    writeFileSync(join(dir, '..', 'outside', 'real.ts'), outside);
  }
  return gradeExercise(meta(id), { dir, seed: 3 });
}

/** 0 points, every check failed with one load error, matching `why`. */
function refused(result: ExerciseResult, why: RegExp) {
  expect(result.points).toBe(0);
  const message = result.checks[0]?.message.en ?? '';
  expect(message).toMatch(why);
  expect(message).not.toContain('\n');
}

describe.skipIf(process.platform !== 'linux')('a program carried as data does not run', () => {
  it('the tester’s cheat on 05: import() of a file beside the module, its path computed', async () => {
    const cheat = `import { pathToFileURL } from 'node:url';
const where = pathToFileURL(process.cwd() + '/vendor/trace.mjs').href;
const { traceOf } = await import(where);
export function sessionStats(messages: any) {
  return traceOf(messages).summary;
}
`;
    const result = await graded(STATS, { 'stats.ts': cheat, 'vendor/trace.mjs': TRACER_05 });
    refused(result, /^stats\.ts:3:\d+: import\(\) of a computed path is not available/);
  });

  it('the tester’s cheat on 06: the tracer packed into a string, unpacked to TMPDIR, imported', async () => {
    const blob = brotliCompressSync(TRACER_06).toString('base64');
    const cheat = `import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { BLOB } from './blob.ts';
const file = \`\${tmpdir()}/t.mjs\`;
writeFileSync(file, brotliDecompressSync(Buffer.from(BLOB, 'base64')));
const { traceOf } = await import(pathToFileURL(file).href);
export function labelMessages(messages: any) {
  return traceOf(messages).labels;
}
`;
    const result = await graded(LABELS, {
      'labels.ts': cheat,
      'blob.ts': `export const BLOB = ${JSON.stringify(blob)};\n`,
    });
    refused(result, /^labels\.ts:8:\d+: import\(\) of a computed path is not available/);
  });

  // Each further route on top of the reference solution: it scores 9/9 if the route loads.
  const withCheat = (cheat: string) => `${cheat}\n${solution(STATS, 'stats.ts')}`;
  it.each([
    [
      'import() of a data: URL built at run time',
      "const code = 'export const x = 1';\nexport const loaded = await import('data:text/javascript,' + code);",
      /^stats\.ts:2:\d+: import\(\) of a computed path is not available/,
    ],
    [
      'import() of a path that starts with a folder (esbuild globs it): another folder',
      "const name = ['re', 'al.ts'].join('');\nexport const loaded = await import('../outside/' + name);",
      /^stats\.ts:2:\d+: import\(\) or require\(\) of a computed path is not available/,
    ],
    [
      'require() of a path in the exercise folder, joined at run time (globbed too)',
      "const name = 'trace.mjs';\nexport const loaded = require('./vendor/' + name);",
      /^stats\.ts:2:\d+: import\(\) or require\(\) of a computed path is not available/,
    ],
    [
      'import() of a path joined at run time whose files are all imported by name too',
      "import './vendor/trace.mjs';\nconst name = 'trace.mjs';\nexport const loaded = await import('./vendor/' + name);",
      /loaded: stats\.ts: import\(\) or require\(\) of a computed path \(\.\/vendor\/\*\*\/\*\) is not available/,
    ],
    [
      'require() of vm by a computed name',
      "const name = ['v', 'm'].join('');\nexport const vm = require(name);",
      /^stats\.ts:2:\d+: require\(\) of a computed name is not available/,
    ],
    [
      'require passed around (const load = require)',
      "const load = require;\nexport const vm = load('vm');",
      /^stats\.ts:1:\d+: require is not available to exercise code except as require\('name'\)/,
    ],
    [
      'require() of vm by name',
      "export const vm = require('vm');",
      /^stats\.ts:1:\d+: vm is not available to exercise code \(it loads or compiles code\)/,
    ],
    [
      'a static import of node:module',
      "import { createRequire } from 'node:module';\nexport const load = createRequire(import.meta.url);",
      /^stats\.ts:1:\d+: node:module is not available to exercise code/,
    ],
    [
      'the bundle banner’s own require, named from the learner’s code',
      "declare const __mcpSimLoad: (id: string) => unknown;\nexport const vm = __mcpSimLoad('vm');",
      /could not be loaded: TypeError: .* is not a function \(at stats\.ts:2:\d+\)/,
    ],
    [
      'the banner’s createRequire, named from the learner’s code',
      "declare const __mcpSimRequire: (url: string) => (id: string) => unknown;\nexport const vm = __mcpSimRequire(import.meta.url)('vm');",
      /could not be loaded: TypeError: .* is not a function \(at stats\.ts:2:\d+\)/,
    ],
    [
      'process.getBuiltinModule',
      "export const vm = (process as any).getBuiltinModule('node:vm');",
      /process\.getBuiltinModule is not available to exercise code \(at stats\.ts:1:\d+\)/,
    ],
    [
      'new Function',
      "export const f = new Function('return 1');",
      /Code generation from strings disallowed/,
    ],
    ['eval', "export const x = eval('1 + 1');", /Code generation from strings disallowed/],
    // The network, which the permission model leaves open: a program running elsewhere (mcp-sim's
    // tracer behind a small HTTP server) answered for the learner's code, which scored 9/9.
    [
      'node:http, to ask a program elsewhere',
      "import { request } from 'node:http';\nexport const ask = request;",
      /^stats\.ts:1:\d+: node:http is not available to exercise code \(it reaches the network\)/,
    ],
    [
      'require() of net',
      "export const net = require('net');",
      /^stats\.ts:1:\d+: net is not available to exercise code \(it reaches the network\)/,
    ],
    [
      'require() of an internal HTTP module (_http_client)',
      "export const client = require('_http_client');",
      /^stats\.ts:1:\d+: _http_client is not available to exercise code \(it reaches the network\)/,
    ],
    [
      'the global fetch',
      "export const reached = await fetch('http://127.0.0.1:9/').then(() => 'yes', (e) => String(e));",
      /fetch is not available to exercise code \(it reaches the network\) \(at stats\.ts:1:\d+\)/,
    ],
    [
      'a file written to TMPDIR',
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.TMPDIR + '/t.mjs', 'export const x = 1');",
      /Access to this API has been restricted/,
    ],
    [
      'a file of the exercise folder read at run time',
      "import { readFileSync } from 'node:fs';\nexport const text = readFileSync(process.cwd() + '/vendor/trace.mjs', 'utf8');",
      /Access to this API has been restricted/,
    ],
  ])('%s: refused, never run', async (_what, cheat, why) => {
    const result = await graded(
      STATS,
      { 'stats.ts': withCheat(cheat), 'vendor/trace.mjs': TRACER_05 },
      solution(STATS, 'stats.ts'),
    );
    refused(result, why);
  });

  it('process.binding, _linkedBinding and dlopen are taken away before the module loads', async () => {
    // The permission model already refuses binding() and dlopen(); the harness removes them all.
    const cheat = `const tried = (name: string) => { try { (process as any)[name]('fs'); return 'ran'; } catch (e) { return (e as Error).message; } };
throw new Error(['binding', '_linkedBinding', 'dlopen'].map(tried).join('; '));`;
    const result = await graded(STATS, { 'stats.ts': withCheat(cheat) });
    refused(
      result,
      /process\.binding is not available to exercise code; process\._linkedBinding is not available to exercise code; process\.dlopen is not available to exercise code/,
    );
  });

  it.each([
    [STATS, 'stats.ts'],
    [LABELS, 'labels.ts'],
  ])('the reference solution of %s still scores full marks', async (id, file) => {
    const result = await graded(id, { [file]: solution(id, file) });
    expect(result.points).toBe(result.maxPoints);
  });
});
