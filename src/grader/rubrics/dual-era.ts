import type { Bilingual } from '../../i18n/lang.js';
import type { JsonObject } from '../../protocol/index.js';
import type { Runner } from '../runner.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, type Random, random } from './common.js';
import {
  type Answer,
  type Connection,
  envelope,
  openConnection,
  refereeSays,
  shown,
} from './wire.js';

/**
 * Exercise 8: a dual-era server (2026-07-28 basic/versioning › Backward Compatibility with
 * Initialization-Based Versions). The learner's `handle(request, connection)` answers every request
 * of several connections: modern ones served from each request's `_meta` alone, legacy ones after
 * an initialize.
 */

const MODERN = '2026-07-28';
/**
 * The SHOULD of serverInfo in every modern result's _meta is the discover check's (its about says
 * so): the other checks judge the rest of their own messages, so one SHOULD missed costs one check.
 */
const SERVER_INFO = ['server-info-missing'];
const CAPABILITY_SETS: readonly JsonObject[] = [
  { elicitation: { form: {} }, sampling: {} },
  { roots: {} },
  { sampling: {} },
  { elicitation: {}, roots: {} },
];

/** A connection to the learner's server: each request goes to `handle(request, {id})`. */
function connect(runner: Runner, rng: Random): Connection {
  const id = `conn-${rng.word()}`;
  return openConnection((request) => runner.call('handle', [request, { id }]));
}

const client = (rng: Random) => ({
  name: `client-${rng.word()}`,
  version: `${rng.int(1, 9)}.${rng.int(0, 9)}.0`,
});

/** What whoami must report for a caller. */
const expectedWho = (name: string | null, version: string, capabilities: JsonObject) => ({
  client: name,
  protocolVersion: version,
  capabilities: Object.keys(capabilities).sort(),
});

/** Does a whoami answer report this caller? Null when it does, else why not. */
function whoMismatch(answer: Answer, want: ReturnType<typeof expectedWho>): Bilingual | null {
  const got = answer.result?.structuredContent;
  if (
    isObject(got) &&
    got.client === want.client &&
    got.protocolVersion === want.protocolVersion &&
    JSON.stringify(got.capabilities) === JSON.stringify(want.capabilities)
  ) {
    return null;
  }
  return bi(
    `expected: whoami reports the caller of this very request, structuredContent ${JSON.stringify(want)}; saw: ${shown(answer)}`,
    `期望：whoami 报告的是这一个请求的调用方，structuredContent 为 ${JSON.stringify(want)}；实际：${shown(answer)}`,
  );
}

const notResult = (answer: Answer, what: string, whatZh: string): Bilingual | null =>
  answer.result
    ? null
    : bi(
        `expected: a result for ${what}; saw: ${shown(answer)}`,
        `期望：${whatZh}得到结果；实际：${shown(answer)}`,
      );

/** The first reason of several, or null when there is none. */
const first = (...reasons: Array<Bilingual | null>): Bilingual | null =>
  reasons.find((r) => r !== null) ?? null;

export const dualEraRubric: Rubric = {
  id: '08-dual-era-server',
  checks: [
    {
      name: 'discover',
      points: 2,
      about: bi(
        'server/discover gets a DiscoverResult listing 2026-07-28, which the referee accepts (resultType, ttlMs, cacheScope, serverInfo); every modern result names the server in _meta (serverInfo)',
        'server/discover 得到列出 2026-07-28 的 DiscoverResult，且裁判认可（resultType、ttlMs、cacheScope、serverInfo）；每个现代结果都在 _meta 中给出服务器信息（serverInfo）',
      ),
    },
    {
      name: 'modern-without-handshake',
      points: 2,
      about: bi(
        'a modern client that never sends initialize gets tools/list and tools/call answered from the request’s _meta',
        '从不发送 initialize 的现代客户端，其 tools/list 和 tools/call 按请求自身的 _meta 得到回答',
      ),
    },
    {
      name: 'per-request-envelope',
      points: 3,
      about: bi(
        'each modern request is served by its own _meta: never by an earlier request on the connection, nor by another connection’s initialize',
        '每个现代请求都按它自己的 _meta 处理：不依赖同一连接上更早的请求，也不依赖另一个连接的 initialize',
      ),
    },
    {
      name: 'legacy-handshake',
      points: 2,
      requires: 'modern-without-handshake',
      about: bi(
        'a legacy client still gets initialize (its version), then tools/call served by what it declared at initialize on its own connection (never by another connection’s initialize; not at all before its own; also when it carries a progressToken in _meta)',
        '旧时代客户端仍能完成 initialize（得到它的版本），之后的 tools/call 按它在自己连接上的 initialize 中的声明处理（绝不按另一个连接的 initialize；在自己的 initialize 之前则不处理；_meta 中带 progressToken 时也一样）',
      ),
    },
    {
      name: 'unsupported-version',
      // A server that refuses every request meets it: it counts once modern requests are served.
      requires: 'modern-without-handshake',
      points: 2,
      about: bi(
        'a request in a version the server does not serve (a handshake-era one in the modern _meta among them) gets -32022 with data.supported and data.requested',
        '以服务器不支持的版本发出的请求（包括在现代 _meta 中声明的旧时代版本）得到 -32022，带 data.supported 和 data.requested',
      ),
    },
    {
      name: 'malformed-envelope',
      // A server that refuses every request meets it: it counts once modern requests are served.
      requires: 'modern-without-handshake',
      points: 1,
      about: bi(
        'a modern request missing protocolVersion or clientCapabilities in _meta gets -32602',
        '_meta 中缺少 protocolVersion 或 clientCapabilities 的现代请求得到 -32602',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const runner = await ctx.runner();
    await runner.reload();
    const rng = random(ctx.seed);
    const caps = rng.shuffle(CAPABILITY_SETS);
    const capsAt = (i: number) => caps[i % caps.length] as JsonObject;

    // A legacy client first: the server now has an initialize it could wrongly remember.
    const legacy = connect(runner, rng);
    const legacyClient = client(rng);
    const legacyVersion = rng.pick(['2025-11-25', '2025-06-18']);
    const legacyCaps = capsAt(0);
    const init = await legacy.ask('initialize', {
      protocolVersion: legacyVersion,
      capabilities: legacyCaps,
      clientInfo: legacyClient,
    });
    legacy.notify('notifications/initialized');
    const legacyList = await legacy.ask('tools/list');
    const legacyWho = await legacy.ask('tools/call', { name: 'whoami', arguments: {} });

    // discover, on a connection of its own.
    const probe = connect(runner, rng);
    const probeClient = client(rng);
    const discover = await probe.ask('server/discover', {
      _meta: envelope({ version: MODERN, capabilities: capsAt(1), clientInfo: probeClient }),
    });
    const versions = discover.result?.supportedVersions;
    const discoverShape = first(
      Array.isArray(versions) &&
        versions.includes(MODERN) &&
        isObject(discover.result?.capabilities)
        ? null
        : bi(
            `expected: a DiscoverResult {"supportedVersions":["${MODERN}"],"capabilities":{…},"resultType":"complete","ttlMs":…,"cacheScope":…}; saw: ${shown(discover)}`,
            `期望：DiscoverResult {"supportedVersions":["${MODERN}"],"capabilities":{…},"resultType":"complete","ttlMs":…,"cacheScope":…}；实际：${shown(discover)}`,
          ),
      refereeSays(probe),
    );

    // A modern client with no handshake at all: tools/list, then whoami.
    const modern = connect(runner, rng);
    const modernClient = client(rng);
    const modernCaps = capsAt(2);
    const meta = envelope({ version: MODERN, capabilities: modernCaps, clientInfo: modernClient });
    const list = await modern.ask('tools/list', { _meta: meta });
    const who = await modern.ask('tools/call', { name: 'whoami', arguments: {}, _meta: meta });
    const listed =
      Array.isArray(list.result?.tools) &&
      list.result.tools.some((t) => isObject(t) && t.name === 'whoami');
    const modernServed = first(
      listed
        ? null
        : bi(
            `expected: tools/list without initialize answers {"tools":[{"name":"whoami",…}],"resultType":"complete",…}; saw: ${shown(list)}`,
            `期望：未经 initialize 的 tools/list 回答 {"tools":[{"name":"whoami",…}],"resultType":"complete",…}；实际：${shown(list)}`,
          ),
      notResult(
        who,
        'tools/call whoami without initialize',
        '未经 initialize 的 tools/call whoami ',
      ),
      whoMismatch(who, expectedWho(modernClient.name, MODERN, modernCaps)),
    );
    const modernWhy = first(modernServed, refereeSays(modern, { skip: SERVER_INFO }));
    // serverInfo in the results of a modern client, judged with discover's own.
    const discoverWhy = first(discoverShape, refereeSays(modern, { only: SERVER_INFO }));
    ctx.record('discover', discoverWhy === null, discoverWhy ?? OK);
    // Served without a handshake, but an envelope broke a rule: this check fails, the ones that
    // wait for a modern path count (they are not about that envelope).
    ctx.record(
      'modern-without-handshake',
      modernWhy === null,
      modernWhy ?? OK,
      modernServed === null,
    );

    // Several modern callers on one connection, each declaring something else.
    const shared = connect(runner, rng);
    const reasons: Array<Bilingual | null> = [];
    for (let i = 0; i < 3; i++) {
      const who2 = client(rng);
      const declared = i === 1 ? {} : capsAt(i + 3);
      const answer = await shared.ask('tools/call', {
        name: 'whoami',
        arguments: {},
        _meta: envelope({ version: MODERN, capabilities: declared, clientInfo: who2 }),
      });
      reasons.push(notResult(answer, `whoami #${i + 1}`, `第 ${i + 1} 个 whoami `));
      reasons.push(whoMismatch(answer, expectedWho(who2.name, MODERN, declared)));
    }
    // A request that names no client: the server must not fill in a name from elsewhere.
    const anonymous = await shared.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: envelope({ version: MODERN, capabilities: {} }),
    });
    reasons.push(whoMismatchNull(anonymous));
    // That request leaves clientInfo out on purpose (a SHOULD a client may be configured to skip):
    // the referee's client-info-missing on it is the grader's, not the learner's.
    reasons.push(refereeSays(shared, { skip: [...SERVER_INFO, 'client-info-missing'] }));
    // A connection that opened a legacy session at initialize, then sends a request carrying the
    // modern envelope: that request is served statelessly, from its own _meta (2026-07-28 ›
    // basic/versioning › Compatibility Matrix), not by the session its connection opened.
    const mixed = connect(runner, rng);
    const mixedCaps = capsAt(1);
    await mixed.ask('initialize', {
      protocolVersion: rng.pick(['2025-11-25', '2025-06-18']),
      capabilities: mixedCaps,
      clientInfo: client(rng),
    });
    mixed.notify('notifications/initialized');
    const mixedWho = client(rng);
    const mixedDeclared = capsAt(2);
    const mixedAnswer = await mixed.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: envelope({ version: MODERN, capabilities: mixedDeclared, clientInfo: mixedWho }),
    });
    reasons.push(
      notResult(
        mixedAnswer,
        'whoami with _meta on a connection that sent initialize',
        '在发送过 initialize 的连接上带 _meta 的 whoami ',
      ),
      whoMismatch(mixedAnswer, expectedWho(mixedWho.name, MODERN, mixedDeclared)),
    );
    const sharedWhy = first(...reasons);
    ctx.record('per-request-envelope', sharedWhy === null, sharedWhy ?? OK);

    // The legacy connection, judged now that the modern traffic went by as well. Its call carries
    // the handshake era's own _meta, a progressToken (2025-11-25 basic/utilities/progress): only
    // the modern keys make a request modern (2026-07-28 basic/versioning › Compatibility Matrix,
    // "modern per-request _meta"); a server that took any _meta for the envelope refused it.
    const progressMeta = { progressToken: `${legacyClient.name}-progress` };
    const legacyAfter = await legacy.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: progressMeta,
    });
    // And a key of the client's own (2025-11-25 basic/index › _meta: any prefixed name), drawn
    // afresh: a server that took any _meta but a progressToken for the envelope scored 12/12.
    const vendorKey = `${rng.pick(['com', 'dev', 'org'])}.${rng.pick(['acme', 'contoso', 'example'])}/trace-${rng.word()}`;
    const vendorMeta = { [vendorKey]: rng.word() };
    const legacyVendor = await legacy.ask('tools/call', {
      name: 'whoami',
      arguments: {},
      _meta: vendorMeta,
    });
    const legacyWant = expectedWho(legacyClient.name, legacyVersion, legacyCaps);
    // Two more legacy connections, initialized one after the other, then taking turns: each
    // session is its connection's own (a session kept under one key for all serves the last).
    const more = [0, 1].map((k) => ({
      conn: connect(runner, rng),
      who: client(rng),
      version: k === 0 ? '2025-06-18' : '2025-11-25',
      caps: capsAt(k + 1),
    }));
    for (const m of rng.shuffle(more)) {
      await m.conn.ask('initialize', {
        protocolVersion: m.version,
        capabilities: m.caps,
        clientInfo: m.who,
      });
      m.conn.notify('notifications/initialized');
    }
    const turns: Array<Bilingual | null> = [];
    for (const m of [...more, ...more.slice().reverse()]) {
      const answer = await m.conn.ask('tools/call', { name: 'whoami', arguments: {} });
      turns.push(
        notResult(
          answer,
          'tools/call whoami after initialize',
          'initialize 之后的 tools/call whoami ',
        ),
        whoMismatch(answer, expectedWho(m.who.name, m.version, m.caps)),
      );
    }
    // A connection that never sent initialize asks without _meta: no session of its own, so no
    // other connection's either.
    const stranger = connect(runner, rng);
    const unopened = await stranger.ask('tools/call', { name: 'whoami', arguments: {} });
    turns.push(
      unopened.error
        ? null
        : bi(
            `expected: tools/call without _meta on a connection that never sent initialize refused with an error (it has no session; say {"code":-32600,"message":"Invalid Request: send initialize first"}), never served with another connection's session; saw: ${shown(unopened)}`,
            `期望：在从未发送 initialize 的连接上、不带 _meta 的 tools/call 以错误拒绝（它没有会话；例如 {"code":-32600,"message":"Invalid Request: send initialize first"}），绝不按另一个连接的会话处理；实际：${shown(unopened)}`,
          ),
    );
    const legacyWhy = first(
      init.result?.protocolVersion === legacyVersion
        ? null
        : bi(
            `expected: initialize (protocolVersion "${legacyVersion}") answered with {"protocolVersion":"${legacyVersion}","capabilities":{…},"serverInfo":{…}}; saw: ${shown(init)}`,
            `期望：initialize（protocolVersion "${legacyVersion}"）得到 {"protocolVersion":"${legacyVersion}","capabilities":{…},"serverInfo":{…}}；实际：${shown(init)}`,
          ),
      notResult(legacyList, 'tools/list after initialize', 'initialize 之后的 tools/list '),
      notResult(
        legacyWho,
        'tools/call whoami after initialize',
        'initialize 之后的 tools/call whoami ',
      ),
      whoMismatch(legacyWho, expectedWho(legacyClient.name, legacyVersion, legacyCaps)),
      // Refused: taken for a modern request. Served otherwise: by the wrong session, say.
      legacyMeta(legacyAfter, progressMeta, legacyWant, {
        en: "a progressToken is 2025-11-25's own, basic/utilities/progress",
        zh: 'progressToken 是 2025-11-25 自己的，见 basic/utilities/progress',
      }),
      legacyMeta(legacyVendor, vendorMeta, legacyWant, {
        en: "a key of the client's own, with a prefix, is allowed in 2025-11-25's _meta, basic/index › General fields › _meta",
        zh: '客户端自己的带前缀的键在 2025-11-25 的 _meta 中是允许的，见 basic/index › General fields › _meta',
      }),
      ...turns,
      refereeSays(legacy, { skip: SERVER_INFO }),
      ...more.map((m) => refereeSays(m.conn, { skip: SERVER_INFO })),
    );
    ctx.record('legacy-handshake', legacyWhy === null, legacyWhy ?? OK);

    // Versions the server does not serve, after a discover on the same connection.
    const picky = connect(runner, rng);
    const pickyMeta = (version: string) =>
      envelope({ version, capabilities: {}, clientInfo: modernClient });
    await picky.ask('server/discover', { _meta: pickyMeta(MODERN) });
    // Judged: the refusals this check is about, not the discover before them.
    const refusalsFrom = picky.steps.length;
    // A handshake-era version in the modern envelope is one of them too: the server knows it, but
    // only through initialize, which 2025-11-25 makes "the first interaction between client and
    // server" (basic/lifecycle › Initialization); a request carrying the modern _meta is served by
    // this revision or refused (2026-07-28 basic/versioning › Protocol Version Negotiation).
    // Both versions the legacy clients above negotiate at initialize, so the server knows them.
    const legacyInMeta = ['2025-11-25', '2025-06-18'];
    // And a date of 2026 that is not 2026-07-28 (a draft's, say): a server that took the year
    // for the revision (version.startsWith('2026')) scored 12/12.
    const sameYear = `2026-${rng.pick(['01', '03', '07', '09', '12'])}-0${rng.int(1, 9)}`;
    const wrongVersions = rng.shuffle([
      rng.pick(['1900-01-01', '2024-10-07']),
      `20${rng.int(27, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
      sameYear,
      ...legacyInMeta,
    ]);
    const versionReasons: Array<Bilingual | null> = [];
    for (const [i, version] of wrongVersions.entries()) {
      const answer =
        i === 0
          ? await picky.ask('tools/list', { _meta: pickyMeta(version) })
          : await picky.ask('tools/call', {
              name: 'whoami',
              arguments: {},
              _meta: pickyMeta(version),
            });
      const data = isObject(answer.error?.data) ? answer.error.data : {};
      const ok =
        answer.error?.code === -32022 &&
        Array.isArray(data.supported) &&
        data.supported.includes(MODERN) &&
        data.requested === version;
      const legacy = legacyInMeta.includes(version)
        ? bi(
            ` ("${version}" is a handshake-era revision: the server serves it only after initialize, which 2025-11-25 basic/lifecycle › Initialization makes the first interaction; a request that declares it in the modern _meta asks for a version that is not served per request, 2026-07-28 basic/versioning › Protocol Version Negotiation)`,
            `（"${version}" 是旧时代的版本：服务器只在 initialize 之后才按它服务，而 2025-11-25 basic/lifecycle 的“初始化”一节规定初始化必须是客户端与服务器之间的第一次交互；在现代 _meta 中声明这个版本的请求，所要求的版本不能逐请求提供，见 2026-07-28 basic/versioning 的“协议版本协商”一节）`,
          )
        : bi('', '');
      versionReasons.push(
        ok
          ? null
          : bi(
              `expected: a request in "${version}" refused with {"code":-32022,"message":"Unsupported protocol version","data":{"supported":["${MODERN}",…],"requested":"${version}"}}${legacy.en}; saw: ${shown(answer)}`,
              `期望：以 "${version}" 发出的请求被拒绝，{"code":-32022,"message":"Unsupported protocol version","data":{"supported":["${MODERN}",…],"requested":"${version}"}}${legacy.zh}；实际：${shown(answer)}`,
            ),
      );
    }
    const versionWhy = first(
      ...versionReasons,
      refereeSays(picky, { from: refusalsFrom, skip: SERVER_INFO }),
    );
    ctx.record('unsupported-version', versionWhy === null, versionWhy ?? OK);

    // Requests with a broken envelope.
    const broken = connect(runner, rng);
    const cases: Array<{ method: string; params: JsonObject; missing: string }> = [
      {
        method: 'tools/call',
        params: {
          name: 'whoami',
          arguments: {},
          _meta: envelope({ version: MODERN, clientInfo: client(rng) }),
        },
        missing: 'clientCapabilities',
      },
      {
        method: 'tools/list',
        params: { _meta: envelope({ capabilities: capsAt(1), clientInfo: client(rng) }) },
        missing: 'protocolVersion',
      },
    ];
    const brokenReasons: Array<Bilingual | null> = [];
    for (const c of rng.shuffle(cases)) {
      const answer = await broken.ask(c.method, c.params);
      brokenReasons.push(
        answer.error?.code === -32602
          ? null
          : bi(
              `expected: ${c.method} whose _meta has no "io.modelcontextprotocol/${c.missing}" refused with {"code":-32602,…} (a malformed request); saw: ${shown(answer)}`,
              `期望：_meta 中没有 "io.modelcontextprotocol/${c.missing}" 的 ${c.method} 以 {"code":-32602,…} 拒绝（格式错误的请求）；实际：${shown(answer)}`,
            ),
      );
    }
    const brokenWhy = first(...brokenReasons, refereeSays(broken, { skip: SERVER_INFO }));
    ctx.record('malformed-envelope', brokenWhy === null, brokenWhy ?? OK);
  },
};

/**
 * A legacy client's whoami carrying a handshake-era `_meta` (no modern key): served by its
 * connection's session (null), or why not.
 */
function legacyMeta(
  answer: Answer,
  meta: JsonObject,
  want: ReturnType<typeof expectedWho>,
  why: Bilingual,
): Bilingual | null {
  if (answer.error === null) return whoMismatch(answer, want);
  return bi(
    `expected: a legacy client's tools/call whoami carrying the handshake era's {"_meta":${JSON.stringify(meta)}} served by the session its connection opened at initialize, structuredContent ${JSON.stringify(want)} (only io.modelcontextprotocol/protocolVersion or clientCapabilities in _meta make a request modern; ${why.en}); saw: ${shown(answer)}`,
    `期望：旧时代客户端那条带有 {"_meta":${JSON.stringify(meta)}}（旧时代自己的 _meta）的 tools/call whoami 按其连接在 initialize 时打开的会话处理，structuredContent 为 ${JSON.stringify(want)}（只有 _meta 中的 io.modelcontextprotocol/protocolVersion 或 clientCapabilities 才使请求成为现代请求；${why.zh}）；实际：${shown(answer)}`,
  );
}

/** whoami for a request without clientInfo: the client is unnamed (null), not someone else. */
function whoMismatchNull(answer: Answer): Bilingual | null {
  return whoMismatch(answer, expectedWho(null, MODERN, {}));
}
