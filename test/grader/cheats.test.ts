import { describe, expect, it } from 'vitest';
import { failed, grade, patch, solution } from './helpers.js';

/**
 * Minimal cheats, each written the way a student after the points without the work would write
 * it, that scored full points before the check below them learned better: each must now lose
 * points on every seed tried, while the reference solution keeps full points on the same seeds.
 */
const SEEDS = [1, 2, 3, 4, 5, 20261129];

async function losesOnEverySeed(
  id: string,
  files: Record<string, string>,
  check: string,
  seeds: readonly number[] = SEEDS,
) {
  for (const seed of seeds) {
    const result = await grade(id, files, seed);
    expect(failed(result), `seed ${seed}`).toContain(check);
    expect(result.points, `seed ${seed}`).toBeLessThan(result.maxPoints);
  }
}

async function fullOnEverySeed(id: string, seeds: readonly number[] = SEEDS) {
  for (const seed of seeds) {
    const result = await grade(id, 'solution', seed);
    expect(result.points, `seed ${seed}: ${failed(result).join(', ')}`).toBe(result.maxPoints);
  }
}

describe('04-version-negotiation', () => {
  const id = '04-version-negotiation';
  const ref = solution(id, 'versions.ts');

  it('"the latest" hard-coded for the lists the check used to pose (2025-11-25, else 2025-06-18, else the first listed)', async () => {
    const text = patch(
      ref,
      'const latest = [...supported].sort().at(-1);',
      "const latest = supported.includes('2025-11-25') ? '2025-11-25' : supported.includes('2025-06-18') ? '2025-06-18' : supported[0];",
    );
    await losesOnEverySeed(id, { 'versions.ts': text }, 'server-offers-latest');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

describe('09-multi-round-trip', () => {
  const id = '09-multi-round-trip';
  const ref = solution(id, 'deploy.ts');

  it('any beginning of the service’s name (or nothing typed) taken for its confirmation', async () => {
    const text = patch(
      ref,
      '    if (sure.content?.confirm !== service) {',
      "    if (!service.startsWith(String(sure.content?.confirm ?? ''))) {",
    );
    await losesOnEverySeed(id, { 'deploy.ts': text }, 'production-confirms');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

describe('08-dual-era-server', () => {
  const id = '08-dual-era-server';
  const ref = solution(id, 'server.ts');

  it('any version of the year 2026 served as 2026-07-28', async () => {
    const text = patch(
      ref,
      '  if (!MODERN_VERSIONS.includes(version)) {',
      "  if (!version.startsWith('2026-')) {",
    );
    await losesOnEverySeed(id, { 'server.ts': text }, 'unsupported-version');
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id));
});

// Each grading of exercise 1 listens for late progress (2.5–3.2 s) and retries a slow stop.
describe('01-progress', () => {
  const id = '01-progress';
  const ref = solution(id, 'long-task.ts');

  it('a cancellation that only silences the progress: the tool works on through its steps', async () => {
    const text = patch(
      ref,
      "      return { content: [{ type: 'text', text: 'Cancelled.' }], isError: true };",
      '      continue;',
    );
    await losesOnEverySeed(id, { 'long-task.ts': text }, 'cancellation-stops');
  }, 120_000);

  it('the reference scores full points on every seed', () => fullOnEverySeed(id), 120_000);
});

describe('06-handshake-tracer', () => {
  const id = '06-handshake-tracer';
  const ref = solution(id, 'labels.ts');
  // 31 and 91: seeds on which no generated session had a message before the handshake completed.
  const seeds = [...SEEDS, 31, 91];

  it('the initialization phase taken for the lifecycle messages (initialize, notifications/initialized), not for the time before the handshake completes', async () => {
    const text = patch(
      ref,
      "const phase = initialized ? 'operation' : 'initialization';",
      "const phase = entry?.primitive === 'lifecycle' ? 'initialization' : 'operation';",
    );
    await losesOnEverySeed(id, { 'labels.ts': text }, 'phases', seeds);
  });

  it('the reference scores full points on every seed', () => fullOnEverySeed(id, seeds));
});
