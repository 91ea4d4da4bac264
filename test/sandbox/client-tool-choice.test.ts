import { describe, expect, it } from 'vitest';
import type { SandboxSession } from '../../src/sim/sandbox/session.js';
import { answerAll, isMessage, sandbox } from './helpers.js';

/**
 * The simulated client (the learner being the server) calls a tool only when the learner's
 * tools/list returned it (2025-11-25 and 2026-07-28 server/tools › Listing Tools, then Calling
 * Tools: a client discovers tools by tools/list and calls one of them by name). Before, its script
 * called weather_current whatever the list said, even after tools/list failed.
 */
const asked = (s: SandboxSession) =>
  s.log.steps
    .filter((st) => st.direction === 'client->server' && st.verdict?.kind === 'request')
    .map((st) => String(st.verdict?.method));

/** The client's request waiting for the learner's answer, if any. */
const waiting = (s: SandboxSession) =>
  s.log.view().pending.find((p) => p.requester === 'client' && p.method !== 'subscriptions/listen');

/** Answers the client with the offered results until it waits on tools/list (then returns its id). */
function upToToolsList(s: SandboxSession) {
  for (let turn = 0; turn < 8; turn++) {
    const pending = waiting(s);
    if (pending?.method === 'tools/list') return pending.id;
    const answer = s.offers().find((o) => o.key.startsWith('result:'));
    if (!answer || !isMessage(answer)) break;
    s.send(answer.envelope);
  }
  throw new Error(`no tools/list asked: ${asked(s).join(', ')}`);
}

/** The offered result of tools/list, with `tools` in place of the listed ones. */
function listing(s: SandboxSession, tools: readonly object[]) {
  const offer = s.offers().find((o) => o.key.startsWith('result:') && o.method === 'tools/list');
  if (!offer || !isMessage(offer)) throw new Error('no result offered for tools/list');
  const envelope = structuredClone(offer.envelope) as { result: { tools: unknown } };
  envelope.result.tools = tools;
  return envelope;
}

const calls = (s: SandboxSession) =>
  s.log.steps
    .filter((st) => st.direction === 'client->server' && st.verdict?.method === 'tools/call')
    .map((st) => {
      const { name, arguments: args } = (
        st.message as { params: { name: string; arguments: unknown } }
      ).params;
      return { name, arguments: args };
    });

describe.each(['legacy', 'modern'] as const)(
  '%s: the simulated client calls only a listed tool',
  (era) => {
    it('tools/list refused: no tools/call follows, and the client says it has nothing more to ask', () => {
      const s = sandbox(era, 'server', { serverCapabilities: { tools: {} } });
      const id = upToToolsList(s);
      s.send({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } });
      answerAll(s);
      expect(asked(s)).not.toContain('tools/call');
      expect(s.note()?.en).toMatch(/nothing more to ask/);
    });

    it('weather_current not listed: it calls a listed tool that needs no arguments, with none', () => {
      const s = sandbox(era, 'server', { serverCapabilities: { tools: {} } });
      upToToolsList(s);
      const echo = { name: 'server_time', inputSchema: { type: 'object', properties: {} } };
      const needy = {
        name: 'translate',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
        },
      };
      s.send(listing(s, [needy, echo]));
      answerAll(s);
      expect(calls(s)).toEqual([{ name: 'server_time', arguments: {} }]);
      for (const step of s.log.steps) {
        if (step.direction === 'client->server') expect(step.verdict?.violations ?? []).toEqual([]);
      }
    });

    it('only tools that need arguments it cannot know: no call', () => {
      const s = sandbox(era, 'server', { serverCapabilities: { tools: {} } });
      upToToolsList(s);
      const needy = {
        name: 'translate',
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
        },
      };
      s.send(listing(s, [needy]));
      answerAll(s);
      expect(calls(s)).toEqual([]);
    });

    it('weather_current listed: it is called as before', () => {
      const s = sandbox(era, 'server', { serverCapabilities: { tools: {} } });
      upToToolsList(s);
      answerAll(s);
      expect(calls(s)).toMatchObject([
        { name: 'weather_current', arguments: { location: 'Paris' } },
      ]);
    });
  },
);
