/**
 * `client: {send}` and `server: {send}` (docs/authoring-lessons.md): a message a lesson writes out
 * whole, for a protocol no simulated peer speaks (the tasks extension, lesson 35). It goes on the
 * wire and to the referee as written, and to neither peer.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { brokenRules } from '../helpers/lesson-scenario.js';
import { modernLesson, playedSteps } from '../helpers/modern-lesson.js';

const client = { era: 'modern', versions: ['2026-07-28'], capabilities: {} };
const server = { era: 'modern', versions: ['2026-07-28'], capabilities: { tools: {} } };
const EXT = { 'io.modelcontextprotocol/tasks': {} };
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { extensions: EXT },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const get = { jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { taskId: 't1', _meta: meta } };
const answer = {
  jsonrpc: '2.0',
  id: 7,
  result: {
    resultType: 'complete',
    taskId: 't1',
    status: 'working',
    createdAt: '2026-12-03T10:30:00Z',
    lastUpdatedAt: '2026-12-03T10:30:00Z',
    ttlMs: null,
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
  },
};

describe('send: a message the lesson writes out', () => {
  it('goes on the wire as written and is judged, on either side', async () => {
    const steps = await playedSteps(
      modernLesson(client, server, [{ client: { send: get } }, { server: { send: answer } }]),
    );
    expect(steps.map((s) => s.message)).toEqual([get, answer]);
    expect(steps.map((s) => s.verdict?.method)).toEqual(['tasks/get', 'tasks/get']);
    expect(brokenRules(steps)).toEqual([]);
    // A shape the extension's schema refuses is judged as any message is.
    const broken = { ...answer, result: { ...answer.result, ttlMs: undefined } };
    const judged = await playedSteps(
      modernLesson(client, server, [
        { client: { send: get } },
        { server: { send: JSON.parse(JSON.stringify(broken)) } },
      ]),
    );
    expect(brokenRules(judged)).toEqual(['invalid-result']);
  });

  it('the client’s own count of ids follows it: its next request takes the next id', async () => {
    const steps = await playedSteps(
      modernLesson(client, server, [
        { client: { send: get } },
        { server: { send: answer } },
        { client: { request: 'tools/list' } },
      ]),
    );
    expect(steps.map((s) => (s.message as { id?: unknown }).id)).toEqual([7, 7, 8]);
    // A client fault the lesson writes out (task-name-header-wrong) counts as a `send` does.
    const faulted = await playedSteps(
      modernLesson(client, server, [
        {
          fault: 'task-name-header-wrong',
          params: { message: get },
          headers: { 'Mcp-Name': 't2' },
        },
        { client: { request: 'tools/list' } },
      ]),
    );
    expect(faulted.map((s) => (s.message as { id?: unknown }).id)).toEqual([7, 8]);
  });

  it('reaches neither peer: the simulated server has nothing to answer it with', async () => {
    const played = await runScenario(
      modernLesson(client, server, [{ client: { send: get } }, { server: 'next' }]),
    );
    expect(played.ok).toBe(false);
  });
});
