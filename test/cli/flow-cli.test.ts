import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

const TRANSCRIPT = join(ROOT, 'exercises', 'recordings', 'everything-basics.jsonl');

describe('play --autoplay', () => {
  it('takes a positive number of seconds, checked before the transcript is read', async () => {
    const r = await runCli(['play', TRANSCRIPT, '--autoplay', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('mcp-sim: --autoplay needs a number of seconds, not "soon"\n');
  });

  it('is in play’s help, in English and Chinese', async () => {
    const en = await runCli(['play', '--help']);
    expect(en.stdout).toMatch(/--autoplay <seconds>\s+advance by itself every <seconds> seconds/);
    const zh = await runCli(['play', '--help', '--lang', 'zh']);
    expect(zh.stdout).toMatch(/--autoplay <seconds>\s+每隔 <seconds> 秒自动前进一步/);
  });
});
