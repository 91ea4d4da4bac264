import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

// `sandbox --lesson <id>` replays the lesson's steps into the sandbox's own session, whose referee
// judges each of them. It used to play the lesson first as well (the lesson loaders, YAML, zod and
// the engine, every step refereed a first time), though the build had already played every lesson
// of the course: the sandbox now takes the build's steps while the lesson file is unchanged, as
// the lesson screen does. The modules a command loads say which way it went.
const REGISTER = join(ROOT, 'test', 'fixtures', 'loaded-chunks', 'register.mjs');

async function loadedBy(args: readonly string[]): Promise<{ chunks: string[]; stderr: string }> {
  const result = await runCli(args, { env: { NODE_OPTIONS: `--import=${REGISTER}` } });
  const chunks = [...result.stderr.matchAll(/^loaded-chunk: (.+)$/gm)].map((m) => m[1] ?? '');
  const stderr = result.stderr.replace(/^loaded-chunk: .+\n/gm, '');
  return { chunks, stderr };
}

const ENGINE = /^(open-lesson|load-lessons)-/;

describe('sandbox --lesson: the course lesson is not played again', () => {
  it('takes the build’s steps: neither the lesson loaders nor the engine’s lesson player load', async () => {
    // No terminal: the session is built (a lesson that cannot be opened is said first), then the
    // command asks for one.
    const { chunks, stderr } = await loadedBy(['sandbox', '--lesson', '01-first-session']);
    expect(stderr).toMatch(/terminal/);
    expect(chunks.some((name) => name.startsWith('from-lesson-'))).toBe(true);
    expect(chunks.filter((name) => ENGINE.test(name))).toEqual([]);
  });
});
