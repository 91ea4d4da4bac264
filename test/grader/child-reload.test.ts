import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChildRunner } from '../../src/grader/child-runner.js';
import { fn, type Runner } from '../../src/grader/runner.js';
import { tempDir } from './helpers.js';

/** A learner's folder holding one module, and a child runner over it (closed by `use`). */
async function use(
  source: string,
  body: (runner: Runner, file: string) => Promise<void>,
  onCrash?: (tag: number | undefined, message: string) => void,
) {
  const dir = tempDir('mcp-sim-reload-');
  const file = join(dir, 'mod.ts');
  writeFileSync(file, source);
  const runner = await createChildRunner(file, { cwd: dir, ...(onCrash ? { onCrash } : {}) });
  try {
    await body(runner, file);
  } finally {
    runner.close();
  }
}

const value = async (runner: Runner, name = 'v') => {
  const outcome = await runner.call(name, []);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
};

describe('a fresh instance of the learner’s module (reload)', () => {
  it('runs the module the first instance ran: bundled once, copied, not bundled again', async () => {
    await use('export const v = () => 1;\n', async (runner, file) => {
      expect(await value(runner)).toBe(1);
      // One check grades one version of the code, even if the file changes meanwhile.
      writeFileSync(file, 'export const v = () => 2;\n');
      await runner.reload();
      expect(await value(runner)).toBe(1);
    });
  });

  it('may write nothing, not even its own folder or bundle, so every instance starts as the grader made it', async () => {
    const source = `import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
const tried = (write) => { try { write(); return 'wrote'; } catch { return 'refused'; } };
export const v = () => [
  tried(() => writeFileSync(join(process.env.TMPDIR ?? '.', 'note'), 'kept')),
  tried(() => writeFileSync(fileURLToPath(import.meta.url), 'export const v = () => "tampered";')),
].join(' ');
`;
    await use(source, async (runner) => {
      expect(await value(runner)).toBe('refused refused');
      await runner.reload();
      expect(await value(runner)).toBe('refused refused');
    });
  });

  // The grader's answer rejects a promise the learner left unawaited; the instance is stopped
  // right after the call returned. Asking it for an export and then stopping it lost the report
  // on about 3 runs in 4 (Node 20 and 24): the answer and the question arrived in one read, and
  // the question was answered before Node reported the rejection. Many rounds: it must never.
  it('reports what the last call left unawaited before it stops the instance, every time', async () => {
    const source =
      'export function f(ctx: { ask: () => Promise<unknown> }) { ctx.ask(); return 1; }\n';
    const crashes: Array<number | undefined> = [];
    await use(
      source,
      async (runner) => {
        for (let tag = 1; tag <= 40; tag++) {
          await runner.call('f', [{ ask: fn('ask') }], {
            handlers: {
              ask: () => {
                throw new Error('the client has no sampling');
              },
            },
            tag,
          });
          if (tag % 2 === 0) await runner.reload();
          else await runner.flush();
          expect(crashes, `call ${tag}`).toEqual(Array.from({ length: tag }, (_, i) => i + 1));
          if (tag % 2 === 1) await runner.reload();
        }
      },
      (tag) => crashes.push(tag),
    );
  });
});
