import { describe, expect, it } from 'vitest';
import { recordScenario } from '../../src/grader/scenario.js';
import { scenarioFor } from '../../src/grader/scenarios/index.js';
import { meta, workspace } from './helpers.js';

/** Exercises 8 and 9 played (`check <id> --play`), in this process: the envelopes and the recap. */
async function played(id: string, files: 'starter' | 'solution') {
  const scenario = scenarioFor(id);
  if (!scenario) throw new Error(`no scenario for ${id}`);
  return recordScenario(meta(id), scenario, {
    dir: workspace(id, files),
    isolation: 'inline',
    seed: 7,
  });
}

const rules = (r: Awaited<ReturnType<typeof played>>) =>
  r.envelopes.flatMap((e) => e.step.verdict.violations.map((v) => `${e.direction} ${v.rule}`));

describe('08-dual-era-server --play', () => {
  it('the reference: discover, two whoami on one connection, -32022; the referee finds nothing', async () => {
    const r = await played('08-dual-era-server', 'solution');
    expect(r.failure).toBeNull();
    expect(
      r.envelopes.map((e) => e.message.method ?? (e.message.error ? 'error' : 'result')),
    ).toEqual([
      'server/discover',
      'result',
      'tools/call',
      'result',
      'tools/call',
      'result',
      'tools/list',
      'error',
    ]);
    expect(r.envelopes.filter((e) => e.mine)).toHaveLength(4);
    expect(rules(r)).toEqual([]);
    expect(r.recap.at(-1)?.en).toMatch(/each request was served by its own _meta/);
  });

  it('the starter: the recap says the second caller was not served by its own _meta', async () => {
    const r = await played('08-dual-era-server', 'starter');
    expect(r.recap.at(-1)?.en).toMatch(/did not report/);
  });
});

describe('09-multi-round-trip --play', () => {
  it('the reference: two rounds, the deployment, and the edited state refused', async () => {
    const r = await played('09-multi-round-trip', 'solution');
    expect(r.failure).toBeNull();
    expect(r.envelopes).toHaveLength(8);
    expect(r.envelopes[7]?.message.error).toBeDefined();
    expect(rules(r)).toEqual(['client->server retry-without-round']);
    expect(r.recap.at(-1)?.en).toMatch(/refused the state the client edited/);
    // The round's state is named whole or shortened in its middle, never cut before its quote.
    const said = r.envelopes
      .flatMap((e) => e.notes)
      .find((n) => n.en.includes('carries the state'));
    expect(said?.en).toMatch(/carries the state "[^"]*"\.$/);
    expect(said?.zh).toMatch(/携带状态 "[^"]*"。$/);
  });

  it('the starter: one call, no round, and the recap says so', async () => {
    const r = await played('09-multi-round-trip', 'starter');
    expect(r.envelopes).toHaveLength(2);
    expect(r.recap.at(-1)?.en).toMatch(/no round/);
  });
});
