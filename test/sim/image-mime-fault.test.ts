import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  HANDSHAKE,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const PEER = { versions: ['2025-11-25'] };
const SERVER = { ...PEER, capabilities: { tools: {} }, tools: ['weather_current'] };
const CALL = {
  client: {
    request: 'tools/call',
    params: { name: 'weather_current', arguments: { location: 'Oslo' } },
  },
};
type Content = { type?: string; mimeType?: string; data?: string }[];

/** server/prompts › Image Content: image data MUST include a valid MIME type. */
describe('image-mime-type-bare', () => {
  it('lesson faults-gallery ends with it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('faults-gallery');
    expect(steps.at(-1)).toEqual({
      fault: 'image-mime-type-bare',
      rules: [FAULT_RULES['image-mime-type-bare']],
    });
  });

  it('lesson modern-faults-gallery plays it in 2026-07-28, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('modern-faults-gallery');
    expect(steps.filter((s) => s.fault === 'image-mime-type-bare')).toEqual([
      { fault: 'image-mime-type-bare', rules: [FAULT_RULES['image-mime-type-bare']] },
    ]);
  });

  it('answers the pending tools/call with its result and one image block of that mimeType', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', PEER, SERVER, [
        ...HANDSHAKE,
        CALL,
        { fault: 'image-mime-type-bare', params: { mimeType: 'image' } },
      ]),
    );
    const last = steps.at(-1)?.message as { result?: { content?: Content } } | undefined;
    const content = last?.result?.content ?? [];
    expect(content.at(-1)).toMatchObject({ type: 'image', mimeType: 'image' });
    expect(content.at(-1)?.data).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(content.slice(0, -1).every((block) => block.type !== 'image')).toBe(true);
    expect(rules(steps)).toEqual(['media-type-invalid']);
  });

  it('with mimeType image/png it breaks nothing', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', PEER, SERVER, [
        ...HANDSHAKE,
        CALL,
        { fault: 'image-mime-type-bare', params: { mimeType: 'image/png' } },
      ]),
    );
    expect(rules(steps)).toEqual([]);
  });

  it('needs a pending tools/call', async () => {
    const played = await runScenario(
      lessonOf('2025-11-25', PEER, SERVER, [...HANDSHAKE, { fault: 'image-mime-type-bare' }]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('tools/call');
  });
});
