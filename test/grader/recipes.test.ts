/**
 * The teachers' recipes (docs/recipes/), run for real: the checkout is packed as a release
 * tarball would be, run.sh installs it into a folder outside the student's repository and grades
 * fake student repositories with it; the Classroom workflow's grading step runs against that same
 * install. One student repository ships its own `mcp-sim` (package, bin and node_modules) that
 * prints full marks, and learner code that prints a forged report: the grade must be the real one.
 * (The workflow's install step downloads from a URL, so it is not run here: run.sh runs the same
 * `npm install --prefix` of the tarball.)
 */
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOT, run } from '../helpers/cli.js';
import { EXERCISES, solution, tempDir } from './helpers.js';

const RUN_SH = join(ROOT, 'docs', 'recipes', 'run.sh');
const CLASSROOM = join(ROOT, 'docs', 'recipes', 'classroom.yml');
const FULL_MARKS = JSON.stringify({ version: 3, status: 'pass', tests: [] });

/** A copy of the starters, `edits` applied; `cheat` adds a look-alike mcp-sim of its own. */
function studentRepo(edits: Record<string, Record<string, string>>, cheat = false): string {
  const repo = tempDir('mcp-sim-student-');
  cpSync(EXERCISES, join(repo, 'exercises'), { recursive: true });
  for (const [id, files] of Object.entries(edits)) {
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(repo, 'exercises', id, name), text);
    }
  }
  if (cheat) {
    const bin = `#!/usr/bin/env node\nprocess.stdout.write(${JSON.stringify(FULL_MARKS)});\n`;
    const pkg = { name: 'mcp-sim', version: '9.9.9', bin: { 'mcp-sim': 'bin.js' } };
    writeFileSync(join(repo, 'package.json'), JSON.stringify(pkg));
    writeFileSync(join(repo, 'bin.js'), bin);
    for (const dir of ['node_modules/mcp-sim/dist/cli', 'node_modules/.bin']) {
      mkdirSync(join(repo, dir), { recursive: true });
    }
    writeFileSync(join(repo, 'node_modules/mcp-sim/package.json'), JSON.stringify(pkg));
    writeFileSync(join(repo, 'node_modules/mcp-sim/dist/cli/main.js'), bin);
    writeFileSync(join(repo, 'node_modules/.bin/mcp-sim'), bin);
    chmodSync(join(repo, 'node_modules/.bin/mcp-sim'), 0o755);
  }
  return repo;
}

// Its own folder, removed with a longer time limit: the installed grader is 166 packages.
const work = mkdtempSync(join(tmpdir(), 'mcp-sim-recipes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }), 60_000);
const grader = join(work, 'grader');
let tarball = '';

/** run.sh <id> <repo> <out>, the way an Exercism-style runner calls it; its results.json. */
async function runner(id: string, repo: string) {
  const out = tempDir('mcp-sim-results-');
  const done = await run('sh', [RUN_SH, id, repo, out], {
    cwd: repo,
    env: { MCP_SIM_TARBALL: tarball, MCP_SIM_GRADER_DIR: grader },
  });
  expect(done.code, done.stderr).toBe(0);
  return JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
}

beforeAll(async () => {
  // The package as published: `files` from package.json, dist/ as built for this test run.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], {
    cwd: ROOT,
  });
  expect(packed.code, packed.stderr).toBe(0);
  tarball = join(work, packed.stdout.trim().split('\n').at(-1) ?? '');
  const listed = await run('tar', ['tzf', tarball]);
  expect(listed.stdout).toContain('package/dist/cli/main.js');
  expect(listed.stdout).not.toContain('test/solutions');
  // The first run installs the grader (from the npm cache `npm ci` filled); the rest reuse it.
  const first = await runner('07', studentRepo({}));
  expect(first.status).toBe('fail');
}, 120_000);

describe('run.sh (Exercism-style)', () => {
  it('grades a solved exercise as passed and a starter as failed', async () => {
    const repo = studentRepo({
      '04-version-negotiation': {
        'versions.ts': solution('04-version-negotiation', 'versions.ts'),
      },
    });
    expect(await runner('4', repo)).toMatchObject({ version: 3, status: 'pass' });
    const starter = await runner('2', repo);
    expect(starter.status).toBe('fail');
    expect(starter.tests.some((t: { status: string }) => t.status === 'fail')).toBe(true);
  }, 60_000);

  it('ignores a student’s own mcp-sim and a report printed by the student’s code', async () => {
    const starter = readFileSync(join(EXERCISES, '04-version-negotiation', 'versions.ts'), 'utf8');
    const forged = `process.stdout.write(${JSON.stringify(FULL_MARKS)});\n${starter}`;
    const repo = studentRepo({ '04-version-negotiation': { 'versions.ts': forged } }, true);
    // The look-alike does print full marks when run the way `npx mcp-sim` would find it.
    const fake = await run(join(repo, 'node_modules', '.bin', 'mcp-sim'), ['check'], { cwd: repo });
    expect(JSON.parse(fake.stdout).status).toBe('pass');
    const graded = await runner('4', repo);
    expect(graded.status).toBe('fail');
    expect(graded.tests.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('docs/exercises.md', () => {
  it('shows both recipes exactly as the files CI runs', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'exercises.md'), 'utf8');
    expect(doc).toContain(`\`\`\`yaml\n${readFileSync(CLASSROOM, 'utf8')}\`\`\``);
    expect(doc).toContain(`\`\`\`sh\n${readFileSync(RUN_SH, 'utf8')}\`\`\``);
  });
});

describe('the Classroom workflow’s grading step', () => {
  const steps: Array<{ id?: string; run?: string }> = parseYaml(readFileSync(CLASSROOM, 'utf8'))
    .jobs['run-autograding-tests'].steps;

  it('installs outside the checkout, before it, from a pinned tarball', () => {
    const install = steps.findIndex((s) => s.run?.includes('npm install --prefix') ?? false);
    const checkout = steps.findIndex((s) => JSON.stringify(s).includes('actions/checkout'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(install).toBeLessThan(checkout);
    expect(steps[install]?.run).toContain('sha256sum -c');
    expect(JSON.stringify(steps)).not.toMatch(/npx/);
  });

  it('records the real grade for a student repository with its own mcp-sim', async () => {
    const script = steps.find((s) => s.id === 'mcp')?.run ?? '';
    const repo = studentRepo({}, true);
    const temp = tempDir('mcp-sim-runner-temp-');
    symlinkSync(grader, join(temp, 'mcp-sim-grader'));
    const outputs = join(temp, 'github-output');
    const done = await run('bash', ['-e', '-c', script], {
      cwd: repo,
      env: { RUNNER_TEMP: temp, GITHUB_OUTPUT: outputs },
    });
    expect(done.code, done.stderr).toBe(0);
    const line = readFileSync(outputs, 'utf8').trim();
    const result = JSON.parse(Buffer.from(line.replace(/^result=/, ''), 'base64').toString('utf8'));
    const recorded = result.tests.reduce((sum: number, t: { score: number }) => sum + t.score, 0);
    expect(result.max_score).toBe(116);
    expect(recorded).toBeLessThan(116);
    expect(result.status).not.toBe('pass');
  }, 60_000);
});
