import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { FAULT_RULES } from '../../src/sim/scenario/faults.js';
import {
  faultsOfLesson,
  lessonOf,
  playedSteps,
  brokenRules as rules,
} from '../helpers/lesson-scenario.js';

const MODERN_PEER = { era: 'modern', versions: ['2026-07-28'] };
const SERVER = { ...MODERN_PEER, capabilities: { tools: {} }, tools: ['weather_current'] };
/** The tools listed over HTTP, weather_current's annotation made invalid by the server's fault. */
const INVALID_LIST = [
  { client: 'discover' },
  { server: 'next' },
  { client: { request: 'tools/list', headers: {} } },
  { fault: 'x-mcp-header-invalid' },
];

/**
 * 2026-07-28 server/tools › x-mcp-header: clients using the Streamable HTTP transport MUST reject
 * a tool definition whose x-mcp-header breaks the constraints (exclude it from tools/list).
 */
describe('rejected-tool-called', () => {
  it('lesson modern-http ends with it, and it breaks only its rule', async () => {
    const steps = await faultsOfLesson('modern-http');
    expect(steps.at(-1)).toEqual({
      fault: 'rejected-tool-called',
      rules: [FAULT_RULES['rejected-tool-called']],
    });
  });

  it('POSTs a tools/call of the tool the latest list defined with an invalid annotation', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, SERVER, [
        ...INVALID_LIST,
        { fault: 'rejected-tool-called', params: { arguments: { location: 'Oslo' } }, headers: {} },
      ]),
    );
    const last = (steps.at(-1)?.message ?? {}) as { method?: string; params?: unknown };
    expect(last.method).toBe('tools/call');
    expect(last.params).toMatchObject({ name: 'weather_current', arguments: { location: 'Oslo' } });
    expect(steps.at(-1)?.headers).toMatchObject({ 'mcp-name': 'weather_current' });
    expect(rules(steps)).toEqual(['x-mcp-header-invalid', 'x-mcp-header-tool-called']);
  });

  it('over stdio (no headers) the same call breaks nothing: other transports MAY ignore x-mcp-header', async () => {
    const steps = await playedSteps(
      lessonOf('2026-07-28', MODERN_PEER, SERVER, [
        ...INVALID_LIST,
        { fault: 'rejected-tool-called', params: { arguments: { location: 'Oslo' } } },
      ]),
    );
    expect(rules(steps)).toEqual(['x-mcp-header-invalid']);
  });

  it('needs a tools/list result with an invalid annotation', async () => {
    const played = await runScenario(
      lessonOf('2026-07-28', MODERN_PEER, SERVER, [
        { client: { request: 'tools/list', headers: {} } },
        { server: 'next' },
        { fault: 'rejected-tool-called', headers: {} },
      ]),
    );
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toContain('invalid x-mcp-header annotation');
  });
});
