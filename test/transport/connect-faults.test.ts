import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

/** The deliberately broken servers of test/fixtures/connect (README.md there): MODE picks the fault. */
const BROKEN = join(ROOT, 'test', 'fixtures', 'connect', 'broken.mjs');

type JsonStep = {
  direction: string;
  message: Record<string, unknown> | null;
  line?: number;
  problem?: string;
  violations: Array<{ rule: string }>;
};
type ConnectJson = { era: string | null; steps: JsonStep[]; problems: string[] };

const tempFile = (name: string) => join(mkdtempSync(join(tmpdir(), 'mcp-sim-conn-')), name);

/** connect against broken.mjs in `mode`, with a trace file; its JSON, stderr and the file's path. */
async function connectBroken(
  mode: string,
  args: readonly string[],
  env: Record<string, string> = {},
) {
  const file = tempFile('session.jsonl');
  const result = await runCli(
    ['connect', '--json', '--trace-file', file, ...args, '--', 'node', BROKEN],
    { env: { MODE: mode, ...env } },
  );
  return { result, run: JSON.parse(result.stdout) as ConnectJson, file };
}

describe('connect shows every line of the session as play and trace do', () => {
  it('a line of stdout pollution is a step of its own, with its line and trace’s words', async () => {
    const { run, file } = await connectBroken('junk', []);
    const played = await runCli(['play', '--plain', file]);
    const playSteps = played.stdout.match(/^## (step|步骤) \d+/gm) ?? [];
    expect(run.steps).toHaveLength(playSteps.length);
    const junk = run.steps.find((s) => s.problem !== undefined);
    expect(junk).toMatchObject({ direction: 'server->client', message: null, line: 2 });
    expect(readFileSync(file, 'utf8').split('\n')[1]).toContain('Server starting');
  });
});
