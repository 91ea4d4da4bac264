import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

/**
 * media-type-invalid where the same ImageContent, AudioContent and EmbeddedResource travel outside
 * a tool or prompt result's top-level blocks: sampling messages and their answers (both eras), a
 * sampling tool_result's blocks, and embedded resources (server/prompts › Embedded Resources: the
 * appropriate MIME type).
 */
const image = (mimeType: string): JsonObject => ({ type: 'image', data: 'iVBORw0KGgo=', mimeType });
const audio = (mimeType: string): JsonObject => ({ type: 'audio', data: 'UklGRg==', mimeType });
const embedded = (mimeType: string): JsonObject => ({
  type: 'resource',
  resource: { uri: 'file:///notes/today.md', mimeType, text: '# Today' },
});

/** The media-type-invalid findings of the last message: pointer, spec; Chinese throughout. */
function found(b: SessionBuilder): { at: string | undefined; spec: string }[] {
  const hits = b.run().last.violations.filter((v) => v.rule === 'media-type-invalid');
  for (const v of hits) expect(englishPhrases(v.messageZh), v.messageZh).toEqual([]);
  return hits.map((v) => ({ at: v.message.match(/\(at (\S+)\)/)?.[1], spec: v.spec }));
}
const pointers = (b: SessionBuilder) => found(b).map((f) => f.at);

const legacy = () => session().handshake({ client: { sampling: {} } });
const asks = (content: unknown) =>
  legacy().server(
    rpc.request(0, 'sampling/createMessage', {
      maxTokens: 100,
      messages: [{ role: 'user', content }],
    }),
  );
const answer = (content: unknown): JsonObject => ({ role: 'assistant', content, model: 'm' });

describe('media-type-invalid: sampling, handshake era', () => {
  it('judges the messages of the server’s sampling/createMessage, one block or a list', () => {
    expect(pointers(asks(image('png')))).toEqual(['/params/messages/0/content/mimeType']);
    expect(pointers(asks([{ type: 'text', text: 'Describe' }, audio('wav')]))).toEqual([
      '/params/messages/0/content/1/mimeType',
    ]);
    expect(pointers(asks(image('image/png')))).toEqual([]);
  });

  it('judges the client’s answer to it', () => {
    const run = asks({ type: 'text', text: 'Say it' }).client(rpc.result(0, answer(audio('wav'))));
    expect(pointers(run)).toEqual(['/result/content/mimeType']);
    const [hit] = run.run().last.violations;
    expect(hit?.message).toContain('without it a server cannot tell how to decode the data');
    expect(hit?.messageZh).toContain('没有它，服务器就不知道');
    const good = asks({ type: 'text', text: 'Say it' }).client(
      rpc.result(0, answer(audio('audio/wav'))),
    );
    expect(pointers(good)).toEqual([]);
  });

  it('judges the blocks a tool_result carries', () => {
    const run = session()
      .handshake({ client: { sampling: { tools: {} } } })
      .server(
        rpc.request(0, 'sampling/createMessage', {
          maxTokens: 100,
          tools: [{ name: 'map', inputSchema: { type: 'object' } }],
          messages: [
            { role: 'user', content: { type: 'text', text: 'Map of Lisbon?' } },
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: 'c1', name: 'map', input: {} }],
            },
            {
              role: 'user',
              content: [{ type: 'tool_result', toolUseId: 'c1', content: [image('png')] }],
            },
          ],
        }),
      );
    expect(pointers(run)).toEqual(['/params/messages/2/content/0/content/0/mimeType']);
  });
});

const modernCall = (id: number, extra: JsonObject = {}) =>
  modernRequest(id, 'tools/call', { name: 'describe', arguments: {}, ...extra });
const round = (messages: unknown[]) =>
  discovered()
    .client(modernCall(1))
    .server(
      modernResult(1, {
        resultType: 'input_required',
        inputRequests: {
          summary: { method: 'sampling/createMessage', params: { maxTokens: 100, messages } },
        },
        requestState: 's1',
      }),
    );

describe('media-type-invalid: sampling, 2026-07-28', () => {
  it('judges a sampling request in an input_required round, citing 2026-07-28', () => {
    const hits = found(round([{ role: 'user', content: image('jpg') }]));
    expect(hits).toEqual([
      {
        at: '/result/inputRequests/summary/params/messages/0/content/mimeType',
        spec: expect.stringContaining('2026-07-28/server/prompts › Image Content'),
      },
    ]);
  });

  it('judges the answer under the round’s key in the retry', () => {
    const ask = [{ role: 'user', content: { type: 'text', text: 'Read it aloud' } }];
    const retry = (content: JsonObject) =>
      round(ask).client(
        modernCall(2, { inputResponses: { summary: answer(content) }, requestState: 's1' }),
      );
    expect(pointers(retry(audio('mp3')))).toEqual([
      '/params/inputResponses/summary/content/mimeType',
    ]);
    expect(pointers(retry(audio('audio/mpeg')))).toEqual([]);
  });
});

describe('media-type-invalid: embedded resources', () => {
  const called = (...content: JsonObject[]) =>
    session()
      .handshake({ server: { tools: {}, resources: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'notes', arguments: {} }))
      .server(rpc.result(1, { content }));

  it('judges an embedded resource’s mimeType in a tool result, citing › Embedded Resources', () => {
    const [hit, ...rest] = called(embedded('markdown')).run().last.violations;
    expect(rest).toEqual([]);
    expect(hit?.rule).toBe('media-type-invalid');
    expect(hit?.message).toContain(
      'the embedded resource\'s mimeType "markdown" (at /result/content/0/resource/mimeType)',
    );
    expect(hit?.spec).toContain('2025-11-25/server/prompts › Embedded Resources');
    expect(hit?.messageZh).toContain('嵌入资源的 mimeType "markdown"');
    expect(englishPhrases(hit?.messageZh ?? '')).toEqual([]);
    expect(pointers(called(embedded('text/markdown')))).toEqual([]);
  });

  it('leaves a tool result’s resource without a mimeType to the schema (the tools page asks none)', () => {
    const bare = { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AA==' } };
    expect(pointers(called(bare))).toEqual([]);
  });

  // server/prompts › Embedded Resources (both revisions): resources "MUST include … the
  // appropriate MIME type"; the schema alone makes it optional.
  it('judges a prompt message’s embedded resource with no mimeType, at the resource, in both eras', () => {
    const bare = { type: 'resource', resource: { uri: 'file:///notes/a.md', text: '# A' } };
    const legacy = session()
      .handshake({ server: { prompts: {} } })
      .client(rpc.request(1, 'prompts/get', { name: 'review' }))
      .server(rpc.result(1, { messages: [{ role: 'user', content: bare }] }));
    const [hit, ...rest] = legacy.run().last.violations;
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({
      rule: 'media-type-invalid',
      pointer: '/result/messages/0/content/resource',
      spec: expect.stringContaining('2025-11-25/server/prompts › Embedded Resources'),
    });
    expect(hit?.message).toContain(
      'embedded resource (at /result/messages/0/content/resource) has no mimeType',
    );
    expect(hit?.messageZh).toContain('没有 mimeType');
    expect(englishPhrases(hit?.messageZh ?? '')).toEqual([]);
    const modern = discovered()
      .client(modernRequest(1, 'prompts/get', { name: 'review' }))
      .server(modernResult(1, { messages: [{ role: 'user', content: bare }] }));
    expect(found(modern)).toEqual([
      {
        at: '/result/messages/0/content/resource',
        spec: expect.stringContaining('2026-07-28/server/prompts › Embedded Resources'),
      },
    ]);
    // A mimeType that is there and valid is clean.
    const typed = { type: 'resource', resource: { ...bare.resource, mimeType: 'text/markdown' } };
    const clean = session()
      .handshake({ server: { prompts: {} } })
      .client(rpc.request(1, 'prompts/get', { name: 'review' }))
      .server(rpc.result(1, { messages: [{ role: 'user', content: typed }] }));
    expect(pointers(clean)).toEqual([]);
  });

  it('judges one in a 2026-07-28 prompts/get message, citing 2026-07-28', () => {
    const run = discovered()
      .client(modernRequest(1, 'prompts/get', { name: 'review' }))
      .server(modernResult(1, { messages: [{ role: 'user', content: embedded('md') }] }));
    expect(found(run)).toEqual([
      {
        at: '/result/messages/0/content/resource/mimeType',
        spec: expect.stringContaining('2026-07-28/server/prompts › Embedded Resources'),
      },
    ]);
  });

  it('leaves resources/read contents and resource links alone (no sentence asks it there)', () => {
    const read = session()
      .handshake({ server: { resources: {} } })
      .client(rpc.request(1, 'resources/read', { uri: 'file:///a.md' }))
      .server(rpc.result(1, { contents: [{ uri: 'file:///a.md', mimeType: 'md', text: '#' }] }));
    expect(pointers(read)).toEqual([]);
    const link = { type: 'resource_link', uri: 'file:///a.md', name: 'a', mimeType: 'md' };
    expect(pointers(called(link))).toEqual([]);
  });
});
