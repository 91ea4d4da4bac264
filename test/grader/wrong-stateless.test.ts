import { describe, expect, it } from 'vitest';
import { failed, grade, patch, solution } from './helpers.js';

/**
 * Exercises 8 and 9 (2026-07-28): each plausible mistake must fail the check written to catch it
 * (and the exercise), with a message that says what was expected and what was seen.
 */
async function expectCaught(id: string, files: Record<string, string>, check: string) {
  const result = await grade(id, files);
  expect(result.status).toBe('failed');
  expect(failed(result)).toContain(check);
  const caught = result.checks.find((c) => c.name === check);
  expect(caught?.message.en).toMatch(/expect/i);
  expect(caught?.message.zh).toMatch(/期望/);
  return result;
}

describe('08-dual-era-server: wrong solutions', () => {
  const id = '08-dual-era-server';
  const ref = solution(id, 'server.ts');
  const file = (text: string) => ({ 'server.ts': text });
  const CALLER = `  const caller: Caller = {
    protocolVersion: version,
    clientInfo: isObject(info) ? (info as Caller['clientInfo']) : null,
    clientCapabilities: capabilities,
  };`;

  it('remembers the capabilities of the first modern request on a connection', async () => {
    const text = patch(
      ref,
      CALLER,
      `  const key = \`\${String(request.id)}\`.length > 0 ? 'caps' : '';
  remembered[key] ??= capabilities;
  const caller: Caller = {
    protocolVersion: version,
    clientInfo: isObject(info) ? (info as Caller['clientInfo']) : null,
    clientCapabilities: remembered[key] as JsonObject,
  };`,
    ).replace(
      'function modern(',
      'const remembered: Record<string, JsonObject> = {};\nfunction modern(',
    );
    await expectCaught(id, file(text), 'per-request-envelope');
  });

  it('serves modern requests by the latest initialize (the session of another connection)', async () => {
    const text = patch(
      ref,
      CALLER,
      `  const last = [...sessions.values()].at(-1);
  const caller: Caller = last ?? {
    protocolVersion: version,
    clientInfo: isObject(info) ? (info as Caller['clientInfo']) : null,
    clientCapabilities: capabilities,
  };`,
    );
    await expectCaught(id, file(text), 'per-request-envelope');
  });

  it('fills in a missing clientInfo from an earlier request', async () => {
    const text = patch(
      ref,
      CALLER,
      `  if (isObject(info)) lastInfo = info as Caller['clientInfo'];
  const caller: Caller = {
    protocolVersion: version,
    clientInfo: lastInfo,
    clientCapabilities: capabilities,
  };`,
    ).replace('function modern(', "let lastInfo: Caller['clientInfo'] = null;\nfunction modern(");
    await expectCaught(id, file(text), 'per-request-envelope');
  });

  it('ignores the version in _meta', async () => {
    const text = patch(ref, '!MODERN_VERSIONS.includes(version)', 'version === "never"');
    await expectCaught(id, file(text), 'unsupported-version');
  });

  it('-32022 without data.supported', async () => {
    const text = patch(
      ref,
      `{
      supported: [...MODERN_VERSIONS, ...LEGACY_VERSIONS],
      requested: version,
    }`,
      '{ requested: version }',
    );
    await expectCaught(id, file(text), 'unsupported-version');
  });

  it('an unsupported version refused with -32602 instead of -32022', async () => {
    const text = patch(
      ref,
      "return fail(-32022, 'Unsupported protocol version', {",
      "return fail(-32602, 'Unsupported protocol version', {",
    );
    await expectCaught(id, file(text), 'unsupported-version');
  });

  it('a missing clientCapabilities taken as {}', async () => {
    const text = patch(
      patch(ref, 'if (!isObject(capabilities)) {', 'if (capabilities === "never") {'),
      'clientCapabilities: capabilities,\n  };',
      'clientCapabilities: isObject(capabilities) ? capabilities : {},\n  };',
    );
    await expectCaught(id, file(text), 'malformed-envelope');
  });

  it('server/discover without the caching hints', async () => {
    const text = patch(
      ref,
      '{ supportedVersions: [...MODERN_VERSIONS], capabilities: CAPABILITIES },\n        true,',
      '{ supportedVersions: [...MODERN_VERSIONS], capabilities: CAPABILITIES },\n        false,',
    );
    await expectCaught(id, file(text), 'discover');
  });

  it('modern results without resultType (served like legacy ones)', async () => {
    const text = patch(ref, "    resultType: 'complete',\n", '');
    const result = await expectCaught(id, file(text), 'modern-without-handshake');
    expect(result.checks.find((c) => c.name === 'modern-without-handshake')?.message.en).toMatch(
      /result-type-missing/,
    );
  });

  it('a modern-only server: initialize refused', async () => {
    const text = patch(
      ref,
      "if (request.method === 'initialize') return initialize(params, connection);",
      "if (request.method === 'initialize') return fail(-32022, 'Unsupported protocol version', { supported: MODERN_VERSIONS, requested: String(params.protocolVersion) });",
    );
    await expectCaught(id, file(text), 'legacy-handshake');
  });
});
