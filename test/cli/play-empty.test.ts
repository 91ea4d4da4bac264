import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers/cli.js';
import { messages } from '../helpers/envelopes.js';
import { hasScript, ScriptPty, TERMINAL_ENV, terminalWorkdir } from '../helpers/script-pty.js';

// `play <empty file>` stopped with "no messages to play" (exit 2) in a terminal, while `--plain`
// printed a handout of 0 messages and exited 0. DESIGN › exit codes: a file that names nothing to
// play is a usage error (2) with a one-line message; both ways of playing now say so alike.
const work = terminalWorkdir('mcp-sim-play-empty-');
const EMPTY = join(work, 'empty.jsonl');
writeFileSync(EMPTY, '');
const BLANK = join(work, 'blank.jsonl');
writeFileSync(BLANK, '\n  \n');

describe('play of a transcript with nothing in it', () => {
  for (const [name, file] of [
    ['an empty file', EMPTY],
    ['blank lines only', BLANK],
  ] as const) {
    it(`${name}: --plain says there is nothing to play, in one line, and exits 2`, async () => {
      const r = await runCli(['play', file, '--plain', '--lang', 'en']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`mcp-sim: ${file}: no messages to play\n`);
      const zh = await runCli(['play', file, '--plain', '--lang', 'zh']);
      expect(zh.code).toBe(2);
      expect(zh.stdout).toBe('');
      expect(zh.stderr).toBe(`mcp-sim: ${file}：没有可以播放的消息\n`);
    });
  }

  it.skipIf(!hasScript)(
    'in a terminal: the same line and the same exit code',
    async () => {
      const app = new ScriptPty([...TERMINAL_ENV, process.execPath, CLI, 'play', EMPTY], {
        cwd: work,
        cols: 80,
        rows: 24,
      });
      try {
        await app.waitFor(/no messages to play/);
        expect(await app.exit()).toBe(2);
        expect(app.text().trim()).toBe(`mcp-sim: ${EMPTY}: no messages to play`);
      } finally {
        app.kill();
      }
    },
    20_000,
  );

  // Lines that are all unreadable are steps of their own, as --plain prints them (they were
  // refused with "no messages to play" in a terminal only).
  it.skipIf(!hasScript)(
    'in a terminal, a file of unreadable lines only: each line is a step with its explanation',
    async () => {
      const file = join(work, 'unreadable.jsonl');
      writeFileSync(file, 'garbage\n{"x":\n');
      const app = new ScriptPty([...TERMINAL_ENV, process.execPath, CLI, 'play', file], {
        cwd: work,
        cols: 80,
        rows: 24,
      });
      try {
        await app.waitFor(/unreadable line/);
        await app.waitFor(/not valid JSON/);
        app.press('q');
        // DESIGN › exit codes: bad transcript lines are problems the run found (1), as
        // `play --plain` and `trace` report them; the terminal returned 0 after q.
        expect(await app.exit()).toBe(1);
        expect(app.text()).not.toContain('no messages to play');
      } finally {
        app.kill();
      }
    },
    20_000,
  );

  it.skipIf(!hasScript)(
    'in a terminal, exit 1 after q when one line of a session is unreadable, 0 when none is',
    async () => {
      const init = JSON.stringify(messages.initializeRequest);
      const clean = join(work, 'clean.jsonl');
      writeFileSync(clean, `${init}\n`);
      const broken = join(work, 'broken.jsonl');
      writeFileSync(broken, `${init}\n{"jsonrpc":\n`);
      for (const [file, code] of [
        [clean, 0],
        [broken, 1],
      ] as const) {
        const app = new ScriptPty([...TERMINAL_ENV, process.execPath, CLI, 'play', file], {
          cwd: work,
          cols: 80,
          rows: 24,
        });
        try {
          await app.waitFor(/step 1\/\d/);
          app.press('q');
          expect(await app.exit()).toBe(code);
        } finally {
          app.kill();
        }
      }
    },
    30_000,
  );
});
