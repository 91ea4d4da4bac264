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

/** The faults of the resources a server's results carry (server/tools › Embedded Resources). */
describe('embedded-without-resources', () => {
  it('lesson capability-lab plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('capability-lab');
    const played = steps.filter((s) => s.fault === 'embedded-without-resources');
    expect(played).toEqual([
      {
        fault: 'embedded-without-resources',
        rules: [FAULT_RULES['embedded-without-resources']],
      },
    ]);
  });

  const call = {
    client: {
      request: 'tools/call',
      params: { name: 'weather_current', arguments: { location: 'Paris' } },
    },
  };
  const server = (capabilities: object) => ({
    versions: ['2025-11-25'],
    capabilities,
    tools: ['weather_current'],
  });

  it('adds params.resource to the tool result the server had scheduled', async () => {
    const resource = {
      uri: 'file:///reports/paris.md',
      mimeType: 'text/markdown',
      text: '# Paris',
    };
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server({ tools: {} }), [
        ...HANDSHAKE,
        call,
        { fault: 'embedded-without-resources', params: { resource } },
      ]),
    );
    const answer = steps.at(-1)?.message as {
      result: { content: object[]; structuredContent?: object };
    };
    expect(answer.result.content.at(-1)).toEqual({ type: 'resource', resource });
    expect(answer.result.structuredContent).toBeDefined();
    expect(rules(steps)).toEqual(['embedded-resource-without-capability']);
  });

  it('breaks nothing when the server declared resources, and needs a pending tools/call', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server({ tools: {}, resources: {} }), [
        ...HANDSHAKE,
        call,
        { fault: 'embedded-without-resources' },
      ]),
    );
    expect(rules(steps)).toEqual([]);
    const played = await runScenario(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server({ tools: {} }), [
        ...HANDSHAKE,
        { fault: 'embedded-without-resources' },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok)
      expect(played.error.message).toContain('embedded-without-resources needs a tools/call');
  });
});
