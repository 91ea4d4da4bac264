import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import { rpc, type SessionBuilder, session } from './session-builder.js';

const hs = () => session().handshake({ server: { tools: {}, prompts: {} } });
const image = (mimeType: string): JsonObject => ({ type: 'image', data: 'iVBORw0KGgo=', mimeType });
const audio = (mimeType: string): JsonObject => ({ type: 'audio', data: 'UklGRg==', mimeType });
/** tools/call #1 answered with `content`. */
const called = (...content: JsonObject[]) =>
  hs()
    .client(rpc.request(1, 'tools/call', { name: 'chart', arguments: {} }))
    .server(rpc.result(1, { content }));
const rulesOf = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);

// 2025-11-25 and 2026-07-28 server/prompts › Image Content, › Audio Content: the data MUST be
// base64-encoded and include a valid MIME type (RFC 6838 § 4.2: type/subtype).
describe('media-type-invalid', () => {
  it('flags an image block whose mimeType is "png", at its pointer, in both languages', () => {
    const [hit, ...rest] = called({ type: 'text', text: 'Chart:' }, image('png')).run().last
      .violations;
    expect(rest).toEqual([]);
    expect(hit?.rule).toBe('media-type-invalid');
    expect(hit?.severity).toBe('error');
    expect(hit?.message).toContain(
      'the image block\'s mimeType "png" (at /result/content/1/mimeType)',
    );
    expect(hit?.message).toContain('"image/png"');
    expect(hit?.spec).toContain('2025-11-25/server/prompts › Image Content');
    expect(hit?.messageZh).toContain('图像内容块的 mimeType "png"');
    expect(englishPhrases(hit?.messageZh ?? '')).toEqual([]);
  });

  it('flags what is no type/subtype, one finding each', () => {
    for (const bad of [
      'image',
      'image/',
      '/png',
      'image/png/x',
      'image/ png',
      'image/png;',
      'image/png; rate',
      '-image/png',
      'image/pn g',
    ]) {
      expect(rulesOf(called(image(bad))), bad).toEqual(['media-type-invalid']);
    }
    const two = called(image('png'), audio('wav')).run().last.violations;
    expect(two.map((v) => v.message.match(/at (\S+)\)/)?.[1])).toEqual([
      '/result/content/0/mimeType',
      '/result/content/1/mimeType',
    ]);
  });

  it('accepts type/subtype with RFC 6838 characters and parameters', () => {
    for (const good of [
      'image/png',
      'IMAGE/PNG',
      'audio/wav; rate=16000',
      'audio/L16;rate=16000;channels=1',
      'image/svg+xml',
      'image/vnd.microsoft.icon',
      'audio/x-wav',
      'image/jpeg; comment="a \\"quoted\\" one"',
    ]) {
      expect(rulesOf(called(image(good))), good).toEqual([]);
    }
  });

  it('judges an audio block of a prompts/get message', () => {
    const run = hs()
      .client(rpc.request(1, 'prompts/get', { name: 'transcribe' }))
      .server(rpc.result(1, { messages: [{ role: 'user', content: audio('wav') }] }))
      .run();
    const [hit] = run.last.violations;
    expect(hit?.rule).toBe('media-type-invalid');
    expect(hit?.message).toContain(
      'the audio block\'s mimeType "wav" (at /result/messages/0/content/mimeType)',
    );
    expect(hit?.messageZh).toContain('音频内容块');
  });

  it('judges a 2026-07-28 tools/call result, citing 2026-07-28', () => {
    const run = discovered()
      .client(modernRequest(1, 'tools/call', { name: 'chart', arguments: {} }))
      .server(modernResult(1, { content: [image('png')] }))
      .run();
    const hit = run.last.violations.find((v) => v.rule === 'media-type-invalid');
    expect(hit?.spec).toContain('2026-07-28/server/prompts › Image Content');
  });

  it('leaves a text block and other methods alone', () => {
    expect(rulesOf(called({ type: 'text', text: 'png' }))).not.toContain('media-type-invalid');
    const completed = hs()
      .client(
        rpc.request(1, 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'p' },
          argument: { name: 'a', value: '' },
        }),
      )
      .server(rpc.result(1, { completion: { values: [] }, content: [image('png')] }))
      .run();
    expect(completed.last.violations.map((v) => v.rule)).not.toContain('media-type-invalid');
  });
});
