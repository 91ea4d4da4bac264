/**
 * `trace` of a transcript of the tasks extension (test/fixtures/samples/ext-tasks-flow.jsonl): the
 * extension's Example Message Flow (ext-tasks e434597: a CreateTaskResult, polls through working
 * and input_required answered by tasks/update, the result inside the completed Task), a tasks/cancel
 * of a second task, then each of the extension's rules broken once; a listen for a task's
 * notifications/tasks, and its two faults.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { englishPhrases } from '../helpers/english-in-zh.js';

const SAMPLE = join(ROOT, 'test', 'fixtures', 'samples', 'ext-tasks-flow.jsonl');

describe('trace of the tasks extension’s flow and its faults', () => {
  it('the flow is clean; each fault breaks its rule, and only it', async () => {
    const r = await runCli(['trace', '--json', SAMPLE]);
    expect(r.code).toBe(0);
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    const broken = messages.flatMap((m, i) => (m.violations.length ? [[i, ...m.violations]] : []));
    expect(broken).toEqual([
      [19, 'task-unsupported-request'],
      [21, 'task-result-type'],
      // The client's undeclared tasks/get, then the server's answer to it.
      [22, 'method-removed'],
      [23, 'tasks-undeclared-not-refused'],
      [25, 'task-not-found-code'],
      [27, 'task-terminal-left'],
      [31, 'task-input-key-reused'],
      // A listen for the first task (clean: acknowledged, its notifications/tasks), then a
      // notification of a task it did not name, and a listen for taskIds that does not declare
      // the extension, acknowledged (› Task Status Notifications).
      [35, 'notification-not-subscribed'],
      [37, 'tasks-undeclared-not-refused'],
    ]);
    expect(messages).toHaveLength(38);
  });

  it('says each in Chinese, citing the extension’s text', async () => {
    const zh = await runCli(['trace', '--lang', 'zh', SAMPLE]);
    const lines = zh.stdout
      .split('\n')
      .filter((l) => /(错误|警告) (task|notification-not-subscribed)/.test(l));
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      expect(line).toContain('[ext-tasks-e434597/tasks › ');
      expect(englishPhrases(line.split(' — ')[1]?.split(' [')[0] ?? '')).toEqual([]);
    }
  });
});
