import { beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, ensureBuilt } from '../helpers/cli.js';
import { cli, learner, patch, solution } from './helpers.js';

const ref = solution('01-progress', 'long-task.ts');

/** Progress that goes down; the last one leaves from a timer, after the tool has returned. */
const lateAndDecreasing = patch(
  patch(ref, 'progress: step,', 'progress: args.steps - step + 1,'),
  /await extra\.sendNotification\(\{([\s\S]*?)\}\);/,
  'const send = () => extra.sendNotification({$1}); if (step === args.steps) setTimeout(send, 30); else await send();',
);

/** The step headings of a Markdown walkthrough: `## step 5 · server → client · …`. */
const headings = (markdown: string) => markdown.split('\n').filter((l) => l.startsWith('## step'));

beforeAll(async () => {
  await ensureBuilt();
}, 120_000);

describe('mcp-sim check <id> --play --plain', () => {
  let reference: CliResult;
  let starter: CliResult;
  let wrong: CliResult;

  beforeAll(async () => {
    [reference, starter, wrong] = await Promise.all([
      cli(learner({ '01-progress': { 'long-task.ts': ref } }), ['check', '1', '--play', '--plain']),
      cli(learner(), ['check', '01-progress', '--play', '--plain']),
      cli(learner({ '01-progress': { 'long-task.ts': lateAndDecreasing } }), [
        'check',
        'progress',
        '--play',
        '--plain',
      ]),
    ]);
  }, 60_000);

  it('walks through the reference solution’s session with its progress bar filling up', () => {
    expect(reference.code, reference.stderr).toBe(0);
    expect(reference.stderr).toBe('');
    const out = reference.stdout;
    expect(out).toMatch(/^# Progress notifications — your code, played\n/);
    const progress = headings(out).filter((h) => h.includes('`notifications/progress`'));
    // 4–6 steps for the first call, then (the client cancels the third after a delay) as many as
    // the server got to send in that time: none on a machine loaded enough, so only the first
    // call's are counted on.
    expect(progress.length).toBeGreaterThanOrEqual(4);
    const bars = out.match(/^> progress \(token `"task-\w+"`\) [█░]{20} \d\/\d \(\d+%\)/gm) ?? [];
    expect(bars.length).toBeGreaterThanOrEqual(4);
    expect(bars.at(-1)).toMatch(/█{20} (\d)\/\1 \(100%\)$/);
    expect(out).toContain('`notifications/cancelled` (notification)');
    expect(out).toContain('*Sent by your code.*');
    expect(out).not.toContain('✗');
    expect(out).toMatch(
      /the referee found no broken rule\. Your tool sent \d notifications\/progress/,
    );
  });

  it('shows the untouched starter sending no progress at all', () => {
    expect(starter.code, starter.stderr).toBe(0);
    expect(headings(starter.stdout).length).toBeGreaterThanOrEqual(6);
    expect(starter.stdout).not.toContain('`notifications/progress`');
    expect(starter.stdout).not.toMatch(/^> progress/m);
    expect(starter.stdout).toContain('Your tool sent no notifications/progress');
  });

  it('calls out progress that decreases, and progress sent after the response', () => {
    expect(wrong.code, wrong.stderr).toBe(0);
    expect(wrong.stdout).toMatch(/^> ✗ \*\*progress-not-increasing\*\* \(error\)/m);
    expect(wrong.stdout).toMatch(/^> ✗ \*\*progress-after-completion\*\* \(error\)/m);
    // The response to the first call comes before its last progress. Not necessarily right before:
    // on a busy machine the client's next request may go out in the 30 ms the timer waits.
    const steps = headings(wrong.stdout);
    const response = steps.findIndex((h) => h.includes('`tools/call #2` (response)'));
    const late = steps.findIndex((h, i) => i > response && h.includes('`notifications/progress`'));
    expect(response).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(response);
    expect(steps.slice(response + 1, late).every((h) => !h.includes('server → client'))).toBe(true);
  });
});

describe('mcp-sim check --play: what cannot be played', () => {
  it('an exercise without a session: one line, exit 2, in either language', async () => {
    const cwd = learner();
    const stats = await cli(cwd, ['check', '5', '--play', '--plain']);
    expect(stats.code).toBe(2);
    expect(stats.stdout).toBe('');
    expect(stats.stderr).toMatch(/^mcp-sim: 05-session-stats has no session to play[^\n]*\n$/);
    const quiz = await cli(cwd, ['check', '7', '--play', '--lang', 'zh']);
    expect(quiz.code).toBe(2);
    expect(quiz.stderr).toMatch(/^mcp-sim: 07-capability-quiz 没有可以演示的会话[^\n]*\n$/);
  });

  it('without a terminal the interactive view points at --plain and exits 2, running nothing', async () => {
    const run = await cli(learner(), ['check', '1', '--play']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^mcp-sim: [^\n]*--play --plain[^\n]*\n$/);
  });

  it('flags that do not go together are usage errors', async () => {
    const cwd = learner();
    for (const args of [
      ['check', '--play'],
      ['check', '1', '--plain'],
      ['check', '1', '--play', '--json'],
      ['check', '1', '--play', '--watch'],
    ]) {
      const run = await cli(cwd, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(/^mcp-sim: [^\n]+\n$/);
    }
  });

  it('code that loops forever: one line saying so, and the envelopes exchanged until then', async () => {
    const looping = patch(
      ref,
      'if (extra.signal.aborted) {',
      'if (step === 2) for (;;) {}\n    if (extra.signal.aborted) {',
    );
    const run = await cli(learner({ '01-progress': { 'long-task.ts': looping } }), [
      'check',
      '1',
      '--play',
      '--plain',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^mcp-sim: stopped: longRunningTask\(\) did not finish within 3 s[^\n]*\n$/,
    );
    // The handshake, the call and the first step's progress were exchanged before the loop.
    expect(headings(run.stdout).length).toBeGreaterThanOrEqual(5);
    expect(run.stdout).toContain('`notifications/progress`');
    expect(run.stdout).toMatch(/^\*✗ stopped: longRunningTask\(\)/m);
    expect(run.stdout).not.toMatch(/^\s+at /m);
  });

  it('--seed plays the same session twice (the scenario’s inputs come from it, as check’s do)', async () => {
    const dir = learner({ '01-progress': { 'long-task.ts': ref } });
    const args = ['check', '1', '--play', '--plain', '--seed', '2'];
    const [a, b] = await Promise.all([cli(dir, args), cli(dir, args)]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const other = await cli(dir, ['check', '1', '--play', '--plain', '--seed', '3']);
    expect(other.stdout).not.toBe(a.stdout);
  }, 60_000);
});
