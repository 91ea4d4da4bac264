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

/** A resource's uri that is no RFC 3986 URI (server/resources › Common URI Schemes). */
describe('resource-uri-unencoded, and the simulated server’s own uris', () => {
  const server = {
    versions: ['2025-11-25'],
    capabilities: { resources: {} },
  };

  it('lesson resources plays it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('resources');
    const played = steps.filter((s) => s.fault === 'resource-uri-unencoded');
    expect(played).toEqual([{ fault: 'resource-uri-unencoded', rules: ['resource-uri-invalid'] }]);
  });

  it('adds a resource with params.uri to the list the server had scheduled', async () => {
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server, [
        ...HANDSHAKE,
        { client: { request: 'resources/list' } },
        { fault: 'resource-uri-unencoded', params: { uri: 'notes:{today}' } },
      ]),
    );
    const answer = steps.at(-1)?.message as { result: { resources: { uri: string }[] } };
    expect(answer.result.resources.length).toBeGreaterThan(1);
    expect(answer.result.resources.at(-1)?.uri).toBe('notes:{today}');
    expect(rules(steps)).toEqual(['resource-uri-invalid']);
  });

  it('a template filled without encoding names no resource of the simulated server (-32002), which does not echo it back', async () => {
    const read = (uri: string) => ({ client: { request: 'resources/read', params: { uri } } });
    const steps = await playedSteps(
      lessonOf('2025-11-25', { versions: ['2025-11-25'] }, server, [
        ...HANDSHAKE,
        read('weather://forecast/New York'),
        { server: 'next' },
        read('weather://forecast/New%20York'),
        { server: 'next' },
      ]),
    );
    const refused = steps.at(-3)?.message as { error?: { code: number; message: string } };
    expect(refused.error?.code).toBe(-32002);
    expect(refused.error?.message).toContain('/params/uri the character U+0020 at index 22');
    const served = steps.at(-1)?.message as { result?: { contents: { uri: string }[] } };
    expect(served.result?.contents[0]?.uri).toBe('weather://forecast/New%20York');
    expect(rules(steps)).toEqual([]);
  });
});
