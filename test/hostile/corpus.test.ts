import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/session/index.js';
import { runCli } from '../helpers/cli.js';
import {
  controlsIn,
  corpus,
  deepFile,
  type Printed,
  playPlainIn,
  tempFile,
  traceIn,
} from './helpers.js';

/** What no run may print, whatever it was fed. */
function expectComposed(printed: Printed): void {
  expect(controlsIn(printed.stdout)).toEqual([]);
  expect(controlsIn(printed.stderr)).toEqual([]);
  for (const text of [printed.stdout, printed.stderr]) {
    expect(text).not.toMatch(/internal error|Maximum call stack|\n\s+at .+:\d+:\d+/);
  }
}

const cases = (): Array<[string, Buffer]> => [...corpus(), ['deep (generated)', deepFile()]];

describe('the hostile corpus (test/fixtures/hostile and a generated deep file)', () => {
  it('holds a case of every kind the issue lists', () => {
    const text = Buffer.concat(corpus().map(([, b]) => b)).toString('latin1');
    expect(text).toContain('\u001b]0;pwned\u0007'); // OSC retitle, as in the issue
    expect(text).toMatch(/\u00c2\u009b/); // C1 CSI, UTF-8 encoded
    expect(text).toMatch(/\u00e2\u0080\u00ae/); // RIGHT-TO-LEFT OVERRIDE
    expect(text).toMatch(/\u00ff\u00fe/); // bytes that are not UTF-8
    expect(text).toContain('9007199254740993');
  });

  for (const [name, bytes] of cases()) {
    describe(name, () => {
      const file = tempFile(bytes);

      it('trace: every line labelled or reported, nothing obeyed by the terminal', async () => {
        const printed = await traceIn(file);
        expectComposed(printed);
        expect(printed.code).toBe(1); // each file has a line that cannot be read
        expect(printed.stdout).toContain('Summary');
      });

      it('trace --json: one complete JSON document, with every line accounted for', async () => {
        const printed = await traceIn(file, true);
        expectComposed(printed);
        const doc = JSON.parse(printed.stdout) as {
          messages: { line: number }[];
          problems: { line: number }[];
        };
        const lines = [...doc.messages, ...doc.problems].map((m) => m.line);
        expect(new Set(lines).size).toBe(lines.length);
        expect(doc.problems.length).toBeGreaterThan(0);
      });

      it('play --plain: the whole handout, problems on stderr with their line, exit 1', async () => {
        const printed = await playPlainIn(file);
        expectComposed(printed);
        expect(printed.code).toBe(1);
        expect(printed.stdout).toMatch(/^# Transcript /);
        expect(printed.stdout).toContain('## Recap');
        expect(printed.stderr).toMatch(/^mcp-sim: .+:\d+: \S/m);
      });
    });
  }

  it('a message past the depth limit is reported with its line, and the rest goes on', async () => {
    const doc = JSON.parse((await traceIn(tempFile(deepFile()), true)).stdout);
    expect(doc.messages.map((m: { line: number }) => m.line)).toEqual([1, 4]);
    expect(doc.problems).toEqual([
      { line: 2, message: expect.stringMatching(`^nested deeper than ${MAX_DEPTH} levels`) },
      { line: 3, message: expect.stringMatching(`^nested deeper than ${MAX_DEPTH} levels`) },
    ]);
  });
});

describe('the built CLI on the whole corpus at once (three processes)', () => {
  const all = tempFile(Buffer.concat([...cases().map(([, b]) => b)]));

  for (const args of [['trace'], ['trace', '--json'], ['play', '--plain']]) {
    it(`${args.join(' ')} exits 1, prints no control character and no stack trace`, async () => {
      const result = await runCli([...args, all]);
      expectComposed({ code: result.code ?? -1, stdout: result.stdout, stderr: result.stderr });
      expect(result.code).toBe(1);
      if (args.includes('--json')) expect(() => JSON.parse(result.stdout)).not.toThrow();
    });
  }
});
