import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestCommand } from '../../src/invocation.js';
import { tempDir } from '../grader/helpers.js';
import { CLI, run } from '../helpers/cli.js';

const bare = {
  MCP_SIM_COMMAND: undefined,
  npm_lifecycle_event: undefined,
  npm_execpath: undefined,
};

describe('the command a screen suggests, as the learner started mcp-sim', () => {
  it('is npx mcp-sim under npm, mcp-sim through an mcp-sim on PATH, npx mcp-sim otherwise', () => {
    const bin = tempDir('mcp-sim-path-');
    symlinkSync(CLI, join(bin, 'mcp-sim'));
    const link = join(bin, 'mcp-sim');
    expect(suggestCommand('hint 1', { env: { npm_lifecycle_event: 'start' }, script: CLI })).toBe(
      'npx mcp-sim hint 1',
    );
    expect(suggestCommand('hint 1', { env: { npm_execpath: '/npm-cli.js' }, script: link })).toBe(
      'npx mcp-sim hint 1',
    );
    expect(suggestCommand('hint 1', { env: { PATH: bin }, script: link })).toBe('mcp-sim hint 1');
    expect(suggestCommand('hint 1', { env: { PATH: '/nowhere' }, script: link })).toBe(
      'npx mcp-sim hint 1',
    );
    // node dist/cli/main.js: mcp-sim when a PATH folder has one (a Windows shim runs the script).
    expect(suggestCommand('hint 1', { env: { PATH: '/nowhere' }, script: CLI })).toBe(
      'npx mcp-sim hint 1',
    );
    expect(suggestCommand('hint 1', { env: { PATH: bin }, script: CLI })).toBe('mcp-sim hint 1');
    expect(suggestCommand('', { env: { MCP_SIM_COMMAND: 'npm start --' }, script: CLI })).toBe(
      'npm start --',
    );
  });

  it('check and exercises word their commands as npm started them', async () => {
    const env = { ...bare, npm_lifecycle_event: 'start' };
    const checked = await run('node', [CLI, 'check', '7', '--seed', '1', '--lang', 'en'], {
      env,
    });
    expect(checked.stdout).toContain('  stuck? npx mcp-sim hint 07-capability-quiz\n');
    expect(checked.stdout).toContain('seed 1 (npx mcp-sim check 7 --seed 1 reproduces this run)');
    const zh = await run('node', [CLI, 'check', '7', '--seed', '1', '--lang', 'zh'], {
      env,
    });
    expect(zh.stdout).toContain('  卡住了？npx mcp-sim hint 07-capability-quiz\n');
    const listed = await run('node', [CLI, 'exercises', '--lang', 'en'], { env });
    expect(listed.stdout).toContain('then: npx mcp-sim check <id>  (hints: npx mcp-sim hint <id>)');
    const usage = await run('node', [CLI, 'hint', '--lang', 'en'], { env });
    expect(usage.stderr).toContain('hint needs an exercise id: npx mcp-sim hint <id>');
    const handout = await run('node', [CLI, 'lesson', 'first-session', '--plain', '--lang', 'zh'], {
      env,
    });
    expect(handout.stdout).not.toMatch(/(?<!npx )mcp-sim (?:check|sandbox)/);
  });

  it('through an mcp-sim on PATH, outside npm, they are mcp-sim …', async () => {
    const bin = tempDir('mcp-sim-path-');
    mkdirSync(bin, { recursive: true });
    symlinkSync(CLI, join(bin, 'mcp-sim'));
    const env = { ...bare, PATH: `${bin}:${process.env.PATH ?? ''}` };
    const checked = await run(join(bin, 'mcp-sim'), ['check', '7', '--seed', '1', '--lang', 'en'], {
      env,
    });
    expect(checked.stdout).toContain('  stuck? mcp-sim hint 07-capability-quiz\n');
    expect(checked.stdout).not.toContain('npx');
  });
});
