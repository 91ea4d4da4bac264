import { describe, expect, it } from 'vitest';
import { gradeExercise } from '../../src/grader/index.js';
import {
  expectCaught as caughtBy,
  failed,
  grade,
  meta,
  patch,
  solution,
  workspace,
} from './helpers.js';

/**
 * Exercises 8 and 9 (2026-07-28): each plausible mistake must fail the check written to catch it
 * (and the exercise), with a message that says what was expected and what was seen.
 */
const expectCaught = (id: string, files: Record<string, string>, check: string) =>
  caughtBy(id, files, check, /期望/);

describe('08-dual-era-server: wrong solutions', () => {
  const id = '08-dual-era-server';
  const ref = solution(id, 'server.ts');
  const file = (text: string) => ({ 'server.ts': text });
  const CALLER = `  const caller: Caller = {
    protocolVersion: version,
    clientInfo: isObject(info) ? (info as Caller['clientInfo']) : null,
    clientCapabilities: capabilities,
  };`;

  it('a serverInfo left out of non-cacheable results (a SHOULD) costs the one check about it, not the correct ones behind them', async () => {
    const text = patch(
      ref,
      '    _meta: { [SERVER_INFO_KEY]: SERVER_INFO },\n  };\n}',
      '    ...(cacheable ? { _meta: { [SERVER_INFO_KEY]: SERVER_INFO } } : {}),\n  };\n}',
    );
    const result = await grade(id, file(text));
    expect(failed(result)).toEqual(['discover']);
    expect(result.checks.find((c) => c.name === 'discover')?.message.en).toMatch(
      /server-info-missing/,
    );
    // The legacy path, -32022 and -32602 were right: they count.
    for (const name of ['legacy-handshake', 'unsupported-version', 'malformed-envelope']) {
      expect(result.checks.find((c) => c.name === name)?.passed).toBe(true);
    }
    // A modern path that does not work at all still holds them back (the starter's case).
    const starter = await grade(id, 'starter');
    const held = starter.checks.filter((c) =>
      /your code does this correctly; it counts once "modern-without-handshake"/.test(c.message.en),
    );
    expect(held.map((c) => c.name)).toContain('legacy-handshake');
  });

  it('a serverInfo left out of every modern result costs the discover check only (10 of 12)', async () => {
    const text = patch(ref, '    _meta: { [SERVER_INFO_KEY]: SERVER_INFO },\n  };\n}', '  };\n}');
    const result = await grade(id, file(text));
    expect(failed(result)).toEqual(['discover']);
    expect(result.points).toBe(result.maxPoints - 2);
  });

  it('legacy sessions kept under one key for every connection', async () => {
    const text = patch(
      patch(ref, 'sessions.set(connection.id, {', "sessions.set('session', {"),
      'sessions.get(connection.id)',
      "sessions.get('session')",
    );
    const result = await expectCaught(id, file(text), 'legacy-handshake');
    expect(result.checks.find((c) => c.name === 'legacy-handshake')?.message.en).toMatch(
      /whoami reports the caller|never sent initialize/,
    );
  });

  it('a request without _meta on a connection that never initialized, served by the last session', async () => {
    const text = patch(
      ref,
      'const session = sessions.get(connection.id);',
      'const session = sessions.get(connection.id) ?? [...sessions.values()].at(-1);',
    );
    const result = await expectCaught(id, file(text), 'legacy-handshake');
    expect(result.checks.find((c) => c.name === 'legacy-handshake')?.message.en).toMatch(
      /never sent initialize/,
    );
  });

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

  it('serves a modern request by the session its own connection opened at initialize, not by its _meta', async () => {
    // The session looked up first: on a connection that sent initialize, the envelope is never
    // read. A request carrying modern _meta is served statelessly whatever the connection did.
    const text = patch(
      ref,
      `  if (request.method === 'server/discover' || carriesEnvelope(params)) return modern(request);
  const session = sessions.get(connection.id);
`,
      `  const session = sessions.get(connection.id);
  if (session && request.method !== 'server/discover') return operate(request, session);
  if (request.method === 'server/discover' || carriesEnvelope(params)) return modern(request);
`,
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

  it('a server that serves nothing and refuses every request earns nothing', async () => {
    const text = `${ref}
export function refuseAll(request: Request): Reply {
  const meta = isObject(request.params) && isObject(request.params._meta) ? request.params._meta : {};
  const version = meta[PROTOCOL_VERSION];
  if (typeof version !== 'string' || !isObject(meta[CLIENT_CAPABILITIES])) {
    return fail(-32602, 'Invalid params: _meta');
  }
  return fail(-32022, 'Unsupported protocol version', { supported: MODERN_VERSIONS, requested: version });
}
`.replace(
      'export function handle(request: Request, connection: Connection): Reply {',
      'export function handle(request: Request, _connection: Connection): Reply {\n  return refuseAll(request);\n}\nexport function unused(request: Request, connection: Connection): Reply {',
    );
    const result = await grade(id, file(text));
    expect(result.points).toBe(0);
  });

  it('ignores the version in _meta', async () => {
    const text = patch(ref, '!MODERN_VERSIONS.includes(version)', 'version === "never"');
    await expectCaught(id, file(text), 'unsupported-version');
  });

  it('-32022 without data.supported', async () => {
    const text = patch(
      ref,
      `{
      supported: [...MODERN_VERSIONS],
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
    const result = await expectCaught(id, file(text), 'discover');
    // The refusals in unsupported-version came after a discover on their connection: that
    // discover is the discover check's, not theirs.
    expect(failed(result)).toEqual(['discover']);
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

const SEEDS = [1, 2, 3];

describe('09-multi-round-trip: wrong solutions', () => {
  const id = '09-multi-round-trip';
  const ref = solution(id, 'deploy.ts');
  const file = (text: string) => ({ 'deploy.ts': text });
  /** The line of seal() that joins the payload and its MAC. */
  const SEALED = ref.split('\n').find((l) => l.includes('await mac(secret, body)}')) ?? 'missing';
  /** The reference with each round kept in `memory` (made by `store`), the state only its key. */
  const keptInMemory = (store: string) =>
    patch(
      patch(
        ref,
        SEALED,
        '  void secret;\n  const key = String(Math.random());\n  memory.set(key, state);\n  return key;',
      ),
      "const [body, tag, ...rest] = text.split('.');",
      "const kept = memory.get(text);\n  if (kept) return kept.service === service && now < kept.exp ? kept : 'stale';\n  const [body, tag, ...rest] = text.split('.');",
    ).replace(
      'async function seal(',
      `const memory: Map<string, State> = ${store};\nasync function seal(`,
    );

  it('a requestState whose MAC is never checked (base64 JSON the client can edit)', async () => {
    const text = patch(
      ref,
      'if (!sameText(tag, await mac(secret, body))) {',
      'if (tag === "never") {',
    );
    await expectCaught(id, file(text), 'tampered-state-rejected');
  });

  it('a requestState enciphered with the secret (XOR), without a MAC: a client flips the bytes of the service it knows is inside', async () => {
    // It scored 17/17: no state readable, every edit of a base64 character garbles its JSON, and
    // another secret deciphers it to nothing.
    const from = ref.indexOf('async function seal(');
    const to = ref.indexOf('/** A round: what to ask');
    expect(from > 0 && to > from).toBe(true);
    const xor = `function xor(secret: string, bytes: Uint8Array): Uint8Array {
  const key = encoder.encode(secret);
  return bytes.map((b, i) => b ^ (key[i % key.length] as number));
}
async function seal(secret: string, state: State): Promise<string> {
  return toBase64url(xor(secret, encoder.encode(JSON.stringify(state))));
}
async function open(secret: string, text: string, service: string, now: number): Promise<State | string> {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return 'bad state';
  let state: State;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = xor(secret, Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    state = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as State;
  } catch {
    return 'bad state';
  }
  if (typeof state.exp !== 'number' || now >= state.exp) return 'expired';
  if (state.tool !== 'deploy' || state.service !== service || state.environment !== 'production')
    return 'another call';
  return state;
}
`;
    const text = `${ref.slice(0, from)}${xor}${ref.slice(to)}`;
    const result = await expectCaught(id, file(text), 'tampered-state-rejected');
    const message = result.checks.find((c) => c.name === 'tampered-state-rejected')?.message;
    expect(message?.en).toMatch(/without a MAC/);
    expect(message?.zh).toMatch(/异或/);
    for (const seed of SEEDS) {
      const result = await grade(id, file(text), seed);
      expect(failed(result), String(seed)).toEqual(['tampered-state-rejected']);
    }
  });

  it('a requestState without a MAC at all', async () => {
    const text = patch(
      patch(ref, SEALED, '  void secret;\n  return body;'),
      "const [body, tag, ...rest] = text.split('.');\n  if (!body || !tag || rest.length > 0)",
      "const [body, ...rest] = text.split('.');\n  if (!body || rest.length > 0)",
    ).replace(/\/\/ The MAC first[^\n]*\n\s*if \(!sameText[^\n]*\n[^\n]*\n\s*\}/, '');
    await expectCaught(id, file(text), 'tampered-state-rejected');
  });

  /** The reference with a plain digest of the payload for its MAC: no secret in it. */
  const plainDigest = patch(
    ref,
    `  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toBase64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body))));`,
    `  void secret;
  return toBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(body))));`,
  );

  it('a "MAC" that is a plain digest of the payload: anyone can make it, no secret in it', async () => {
    await expectCaught(id, file(plainDigest), 'tampered-state-rejected');
  });

  /** A plain digest for a MAC, with `guard` (code of open()) telling strangers apart some other way. */
  const digestWith = (guard: string) =>
    patch(
      plainDigest,
      "  const [body, tag, ...rest] = text.split('.');",
      `${guard}
  const [body, tag, ...rest] = text.split('.');`,
    );

  it('an unkeyed digest that tells the stranger by the length of its secret', async () => {
    const text = digestWith(
      "  if (secret.length !== 20) return 'requestState failed its integrity check';",
    );
    await expectCaught(id, file(text), 'tampered-state-rejected');
  });

  it('an unkeyed digest that refuses every secret but the first its instance saw', async () => {
    const text = digestWith(
      "  firstSecret ??= secret;\n  if (secret !== firstSecret) return 'requestState failed its integrity check';",
    ).replace('async function seal(', 'let firstSecret: string | undefined;\nasync function seal(');
    const result = await gradeExercise(meta(id), { dir: workspace(id, file(text)), seed: 3 });
    expect(failed(result)).toContain('tampered-state-rejected');
  });

  it('deploys to production whatever the user typed as the confirmation', async () => {
    const text = patch(
      ref,
      'if (sure.content?.confirm !== service) {',
      'if (sure.content === null) {',
    );
    const result = await expectCaught(id, file(text), 'production-confirms');
    expect(result.checks.find((c) => c.name === 'production-confirms')?.message.en).toMatch(
      /does not match the service/,
    );
  });

  it('a sealed state that does not bind the call (any service)', async () => {
    const text = patch(
      ref,
      "state.tool !== 'deploy' || state.service !== service",
      "state.tool !== 'deploy'",
    );
    await expectCaught(id, file(text), 'state-bound-to-call');
  });

  it('a sealed state that never expires', async () => {
    const text = patch(
      ref,
      "typeof state.exp !== 'number' || now >= state.exp",
      "typeof state.exp !== 'number'",
    );
    await expectCaught(id, file(text), 'expired-state-rejected');
  });

  it('the round kept in server memory, the state only a key to it', async () => {
    const text = keptInMemory('new Map<string, State>()');
    await expectCaught(id, file(text), 'no-server-memory');
  });

  it('the round kept on globalThis, which outlives a re-import: a fresh instance is a fresh process', async () => {
    const text = keptInMemory('((globalThis as { kept?: Map<string, State> }).kept ??= new Map())');
    // Graded as the CLI grades: in a confined child process (the in-process runner of the other
    // tests cannot start a fresh one).
    const result = await gradeExercise(meta(id), { dir: workspace(id, file(text)), seed: 3 });
    expect(failed(result)).toContain('no-server-memory');
  });

  it('the round kept in a store that outlives every instance (a localhost server, say): another secret does not stop it', async () => {
    // In the in-process runner globalThis survives a reload, as a server on localhost would
    // survive the child processes: no-server-memory cannot tell, the foreign secret can.
    const text = keptInMemory(
      '((globalThis as { store?: Map<string, State> }).store ??= new Map())',
    );
    const result = await expectCaught(id, file(text), 'tampered-state-rejected');
    expect(failed(result)).not.toContain('no-server-memory');
    expect(result.checks.find((c) => c.name === 'tampered-state-rejected')?.message.en).toContain(
      'another ctx.secret',
    );
  });

  it('asks for elicitation the request did not declare', async () => {
    const text = patch(ref, 'if (!form) {', 'if (form === null) {');
    const result = await expectCaught(id, file(text), 'capability-declared');
    expect(result.checks.find((c) => c.name === 'capability-declared')?.message.en).toMatch(
      /-32021/,
    );
  });

  it('the retry reuses the original id', async () => {
    const text = patch(ref, 'id: newId,', 'id: original.id,');
    const result = await expectCaught(id, file(text), 'client-retry');
    expect(result.checks.find((c) => c.name === 'client-retry')?.message.en).toMatch(
      /retry-same-id/,
    );
  });

  it('the retry keeps the previous round’s requestState when the new round has none', async () => {
    const text = patch(
      ref,
      '...(round.requestState !== undefined ? { requestState: round.requestState } : {}),',
      'requestState: round.requestState ?? original.params.requestState,',
    );
    const result = await expectCaught(id, file(text), 'client-retry');
    expect(result.checks.find((c) => c.name === 'client-retry')?.message.en).toMatch(
      /request-state-altered/,
    );
  });

  it('the second round without a requestState (the environment forgotten)', async () => {
    const text = patch(
      ref,
      "return round('confirm', CONFIRM_FORM(service), state);",
      "void state;\n  return round('confirm', CONFIRM_FORM(service));",
    );
    await expectCaught(id, file(text), 'production-confirms');
  });
});
