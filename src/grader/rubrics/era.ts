import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bilingual } from '../../i18n/lang.js';
import type { JsonObject } from '../../protocol/index.js';
import { ownTable } from '../../protocol/json.js';
import { diffJson, formatDiff, lines } from '../diff.js';
import { recordingsDir } from '../recordings.js';
import { RunnerError } from '../runner.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject, OK, type Random, random } from './common.js';

/**
 * Exercise 10: the client side of era detection (2026-07-28 basic/versioning › Backward
 * Compatibility, basic/transports/stdio › Backward Compatibility). The learner's
 * `classifyProbe(outcome, versions)` says what a dual-era client does after its server/discover
 * probe. The answer key is written case by case below, from what each case is (a DiscoverResult,
 * −32022 with or without a version in common, another error, silence, an exit), not computed by
 * mcp-sim's own judgeProbe; test/grader/era.test.ts checks that the two agree.
 */

export type Verdict =
  | { readonly action: 'modern' | 'retry'; readonly version: string }
  | { readonly action: 'incompatible' | 'initialize' | 'relaunch' };

export type ProbeOutcome =
  | { readonly kind: 'answer'; readonly probe: JsonObject; readonly message: JsonObject }
  | { readonly kind: 'timeout'; readonly probe: JsonObject; readonly waitedMs: number }
  | {
      readonly kind: 'closed';
      readonly probe: JsonObject;
      readonly exitCode: number | null;
      readonly signal: string | null;
    };

export type EraCase = {
  /** Where it comes from (a recording's name, or what was generated), in both languages. */
  readonly name: Bilingual;
  readonly outcome: ProbeOutcome;
  /** The client's modern versions, most preferred first. */
  readonly versions: readonly string[];
  readonly expected: Verdict;
};

/** The real probe answers (scripts/record-probes.mjs), with their SHA-256, as RECORDINGS has. */
export const ERA_PROBES = {
  file: 'era-probes.jsonl',
  sha256: '16c0f41e13658a3417a8681188cb339ebce4e058eb548c26d09a182f53bb9fcb',
} as const;

export type RecordedProbe = {
  readonly name: string;
  readonly server: string;
  readonly probe: JsonObject;
  readonly answer: JsonObject;
};

/** mcp-sim's own copy of the real probe answers; a RunnerError (`load`) when changed or missing. */
export function loadProbeRecordings(dir: string = recordingsDir()): RecordedProbe[] {
  const file = join(dir, ERA_PROBES.file);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '';
  }
  if (createHash('sha256').update(text).digest('hex') !== ERA_PROBES.sha256) {
    throw new RunnerError(
      'load',
      `the grader's recording ${file} is missing or changed: restore it (git checkout, or reinstall mcp-sim)`,
      { zh: `评分器的录制文件 ${file} 缺失或被修改：请恢复它（git checkout，或重新安装 mcp-sim）` },
    );
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedProbe);
}

/**
 * The Chinese of each recording's name and server as era-probes.jsonl spells them (the file is
 * checked by its SHA-256, so it keeps one language): a case label is shown in the learner's
 * language. test/grader/era.test.ts checks that every recording has its entry.
 */
export const RECORDING_ZH: Readonly<Record<string, string>> = ownTable({
  'test/fixtures/real/v2-modern.jsonl, lines 1-2': 'test/fixtures/real/v2-modern.jsonl 第 1-2 行',
  'test/fixtures/real/v2-client-mcp-sim.jsonl, lines 1-2':
    'test/fixtures/real/v2-client-mcp-sim.jsonl 第 1-2 行',
  'test/fixtures/real/v2-dual-everything.jsonl, lines 1-2':
    'test/fixtures/real/v2-dual-everything.jsonl 第 1-2 行',
  'SDK v2 client (auto) and the SDK v2 recording server':
    'SDK v2 客户端（auto）与 SDK v2 的录制用服务器',
  "SDK v2 client (auto) and mcp-sim's own serve": 'SDK v2 客户端（auto）与 mcp-sim 自己的 serve',
  'SDK v2 client (auto) and server-everything': 'SDK v2 客户端（auto）与 server-everything',
  'mcp-sim connect --era auto, server-everything':
    'mcp-sim connect --era auto 连接 server-everything',
  'server-everything 2026.8.31 (SDK v1 1.32.2, legacy)':
    'server-everything 2026.8.31（SDK v1 1.32.2，旧时代）',
  'mcp-sim connect --era auto, SDK v2 serveStdio (legacy: serve)':
    'mcp-sim connect --era auto 连接 SDK v2 serveStdio（legacy: serve）',
  '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: serve':
    '@modelcontextprotocol/server 2.4.0 serveStdio，legacy: serve',
  '@modelcontextprotocol/server 2.4.0 serveStdio, legacy: reject':
    '@modelcontextprotocol/server 2.4.0 serveStdio，legacy: reject',
  'server-everything, probed with 2026-07-28': '以 2026-07-28 探测的 server-everything',
  'SDK v2 serveStdio (legacy: serve), probed with 2026-07-28':
    '以 2026-07-28 探测的 SDK v2 serveStdio（legacy: serve）',
  'SDK v2 serveStdio (legacy: serve), probed with 2099-01-01':
    '以 2099-01-01 探测的 SDK v2 serveStdio（legacy: serve）',
  'SDK v2 serveStdio (legacy: reject), probed with 2099-01-01':
    '以 2099-01-01 探测的 SDK v2 serveStdio（legacy: reject）',
  'a scripted legacy server answering -32602': '一个以 -32602 回应的脚本化旧时代服务器',
  'test/fixtures/connect/scripted-server.mjs legacy-error -32602 (hand-written)':
    'test/fixtures/connect/scripted-server.mjs legacy-error -32602（手写）',
});

/** A recording's name or server in Chinese; as written when it has no entry. */
const recordingZh = (text: string) => RECORDING_ZH[text] ?? text;

const PROTOCOL = 'io.modelcontextprotocol/protocolVersion';

const probeMessage = (id: string | number, version: string, client = 'mcp-sim-grader') => ({
  jsonrpc: '2.0',
  id,
  method: 'server/discover',
  params: {
    _meta: {
      [PROTOCOL]: version,
      'io.modelcontextprotocol/clientInfo': { name: client, version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

const answer = (probe: JsonObject, message: JsonObject): ProbeOutcome => ({
  kind: 'answer',
  probe,
  message,
});

const discoverResult = (id: string | number, supportedVersions: readonly string[]) => ({
  jsonrpc: '2.0',
  id,
  result: {
    resultType: 'complete',
    supportedVersions: [...supportedVersions],
    capabilities: { tools: {} },
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'server', version: '1.0.0' } },
  },
});

const errorAnswer = (id: string | number | null, error: JsonObject) => ({
  jsonrpc: '2.0',
  id,
  error,
});

/** −32020 and −32021 as 2026-07-28's schema shapes them (HeaderMismatchError, MissingRequiredClientCapabilityError). */
const MODERN_REFUSALS: readonly (readonly [number, string, JsonObject | undefined])[] = [
  [
    -32020,
    "Header mismatch: Mcp-Method header value 'tools/list' does not match body value 'server/discover'",
    undefined,
  ],
  [
    -32021,
    'Server requires the elicitation capability for this request',
    { requiredCapabilities: { elicitation: {} } },
  ],
];

/** Results that are not DiscoverResults: no `supportedVersions` list. */
const NOT_DISCOVER_RESULTS: readonly (readonly [string, string, JsonObject])[] = [
  ['an empty result {}', '空的结果 {}', {}],
  [
    'a result with tools but no supportedVersions',
    '有 tools 却没有 supportedVersions 的结果',
    { tools: [], resultType: 'complete' },
  ],
  [
    'a result whose supportedVersions is a string, not a list',
    'supportedVersions 是字符串而不是列表的结果',
    { supportedVersions: '2026-07-28', capabilities: {} },
  ],
];

type CheckName =
  | 'modern'
  | 'retry-mutual'
  | 'incompatible'
  | 'legacy-errors'
  | 'silence'
  | 'server-exits';

/**
 * The fixed cases of each check: every real recording (each answer judged for the clients it
 * fits), then hand-made ones for what no server here answers (−32602 as Python's do, a timeout, an
 * exit) and for the mistakes each check is there to catch.
 */
export function fixedCases(recorded: readonly RecordedProbe[]): Record<CheckName, EraCase[]> {
  const fromRecording = (r: RecordedProbe, versions: readonly string[], expected: Verdict) => ({
    name: bi(
      `${r.name} [${r.server}] (a client speaking ${versions.join(', ')})`,
      `${recordingZh(r.name)} [${recordingZh(r.server)}]（客户端支持 ${versions.join('、')}）`,
    ),
    outcome: answer(r.probe, r.answer),
    versions,
    expected,
  });
  const modernAnswers = recorded.filter((r) => isObject(r.answer.result));
  const refusals = recorded.filter(
    (r) => isObject(r.answer.error) && r.answer.error.code === -32022,
  );
  const legacyAnswers = recorded.filter(
    (r) => isObject(r.answer.error) && r.answer.error.code !== -32022,
  );
  const probe = probeMessage('server-discover-probe-1', '2026-07-28');
  const id = 'server-discover-probe-1';
  return {
    modern: [
      ...modernAnswers.map((r) =>
        fromRecording(r, ['2026-07-28'], { action: 'modern', version: '2026-07-28' }),
      ),
      {
        name: bi(
          'a DiscoverResult to the second probe (the client first asked for 2099-01-01)',
          '对第二次探测的 DiscoverResult（客户端先请求的是 2099-01-01）',
        ),
        outcome: answer(probe, discoverResult(id, ['2026-07-28'])),
        versions: ['2099-01-01', '2026-07-28'],
        expected: { action: 'modern', version: '2026-07-28' },
      },
      {
        name: bi(
          'a DiscoverResult listing an older version first',
          '把较旧版本列在前面的 DiscoverResult',
        ),
        outcome: answer(
          probeMessage(7, '2099-01-01'),
          discoverResult(7, ['2026-07-28', '2099-01-01']),
        ),
        versions: ['2099-01-01', '2026-07-28'],
        expected: { action: 'modern', version: '2099-01-01' },
      },
      {
        // Preference is the client's order, not the calendar's: taking the newest version in
        // common scored 12/12 on the seeds whose generated clients all listed newest first.
        name: bi(
          'a DiscoverResult to a client that prefers 2026-07-28 to the newer 2099-01-01',
          '对一个更想用 2026-07-28、而不是更新的 2099-01-01 的客户端的 DiscoverResult',
        ),
        outcome: answer(
          probeMessage(9, '2026-07-28'),
          discoverResult(9, ['2099-01-01', '2026-07-28']),
        ),
        versions: ['2026-07-28', '2099-01-01'],
        expected: { action: 'modern', version: '2026-07-28' },
      },
    ],
    'retry-mutual': [
      ...refusals.map((r) =>
        fromRecording(r, ['2099-01-01', '2026-07-28'], { action: 'retry', version: '2026-07-28' }),
      ),
      {
        name: bi(
          'the spec’s UnsupportedProtocolVersionError example (basic/versioning)',
          '规范中的 UnsupportedProtocolVersionError 示例（basic/versioning）',
        ),
        outcome: answer(
          probeMessage(1, '1900-01-01'),
          errorAnswer(1, {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2026-07-28', '2025-11-25'], requested: '1900-01-01' },
          }),
        ),
        versions: ['1900-01-01', '2026-07-28'],
        expected: { action: 'retry', version: '2026-07-28' },
      },
      {
        name: bi(
          '−32022 listing versions the client does not speak around the one it does',
          '−32022 列出的版本中，客户端支持的那个夹在它不支持的版本之间',
        ),
        outcome: answer(
          probeMessage(2, '2099-01-01'),
          errorAnswer(2, {
            code: -32022,
            message: 'Unsupported protocol version: 2099-01-01',
            data: {
              supported: ['2025-11-25', '2026-07-28', '2098-05-05'],
              requested: '2099-01-01',
            },
          }),
        ),
        versions: ['2099-01-01', '2026-07-28'],
        expected: { action: 'retry', version: '2026-07-28' },
      },
      {
        name: bi(
          '−32022 naming two versions the client speaks (it prefers 2098-05-05)',
          '−32022 列出两个客户端支持的版本（它更想用 2098-05-05）',
        ),
        outcome: answer(
          probeMessage(3, '2099-01-01'),
          errorAnswer(3, {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2026-07-28', '2098-05-05'], requested: '2099-01-01' },
          }),
        ),
        versions: ['2099-01-01', '2098-05-05', '2026-07-28'],
        expected: { action: 'retry', version: '2098-05-05' },
      },
      {
        name: bi(
          '−32022 naming only the version the client likes least (not its second choice)',
          '−32022 只列出客户端最不想用的版本（而不是它的第二选择）',
        ),
        outcome: answer(
          probeMessage(8, '2099-01-01'),
          errorAnswer(8, {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2025-11-25', '2026-07-28'], requested: '2099-01-01' },
          }),
        ),
        versions: ['2099-01-01', '2098-05-05', '2026-07-28'],
        expected: { action: 'retry', version: '2026-07-28' },
      },
      {
        name: bi(
          '−32022 to a client that prefers 2026-07-28 to the newer 2098-05-05',
          '对一个更想用 2026-07-28、而不是更新的 2098-05-05 的客户端的 −32022',
        ),
        outcome: answer(
          probeMessage(10, '2025-12-31'),
          errorAnswer(10, {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2098-05-05', '2026-07-28'], requested: '2025-12-31' },
          }),
        ),
        versions: ['2025-12-31', '2026-07-28', '2098-05-05'],
        expected: { action: 'retry', version: '2026-07-28' },
      },
    ],
    incompatible: [
      ...refusals.map((r) => fromRecording(r, ['2099-01-01'], { action: 'incompatible' })),
      {
        name: bi(
          '−32022 naming only versions the client does not speak',
          '−32022 只列出客户端不支持的版本',
        ),
        outcome: answer(
          probeMessage(4, '2026-07-28'),
          errorAnswer(4, {
            code: -32022,
            message: 'Unsupported protocol version',
            data: { supported: ['2099-01-01', '2098-05-05'], requested: '2026-07-28' },
          }),
        ),
        versions: ['2026-07-28'],
        expected: { action: 'incompatible' },
      },
      {
        name: bi(
          'a DiscoverResult naming only versions the client does not speak',
          '只列出客户端不支持的版本的 DiscoverResult',
        ),
        outcome: answer(probeMessage(6, '2026-07-28'), discoverResult(6, ['2099-01-01'])),
        versions: ['2026-07-28'],
        expected: { action: 'incompatible' },
      },
      {
        name: bi('−32022 without data', '不带 data 的 −32022'),
        outcome: answer(
          probeMessage(5, '2026-07-28'),
          errorAnswer(5, { code: -32022, message: 'Unsupported protocol version' }),
        ),
        versions: ['2026-07-28'],
        expected: { action: 'incompatible' },
      },
      // The other two recognised modern errors (2026-07-28 basic/index › Error Codes): a probe
      // should not meet them, but a server that sends one is modern, and "Do not fall back to
      // initialize" holds; with no supported list to retry from, there is no session. Code
      // that took only −32022 for modern scored 12/12 while they were not posed.
      ...MODERN_REFUSALS.map(
        ([code, message, data]): EraCase => ({
          name: bi(`${code} ${message}`, `${code}（消息 "${message}"）`),
          outcome: answer(probe, errorAnswer(id, { code, message, ...(data ? { data } : {}) })),
          versions: ['2026-07-28'],
          expected: { action: 'incompatible' },
        }),
      ),
    ],
    'legacy-errors': [
      ...legacyAnswers.map((r) => fromRecording(r, ['2026-07-28'], { action: 'initialize' })),
      {
        name: bi(
          '−32602 in the 2025-era “Unsupported protocol version” shape, with data.supported',
          '2025 时代“Unsupported protocol version”形式的 −32602，带 data.supported',
        ),
        outcome: answer(
          probe,
          errorAnswer(id, {
            code: -32602,
            message: 'Unsupported protocol version',
            data: { supported: ['2026-07-28'], requested: '2026-07-28' },
          }),
        ),
        versions: ['2026-07-28'],
        expected: { action: 'initialize' },
      },
      // A result that is no DiscoverResult (a legacy server's catch-all handler): not a modern
      // answer, so "anything else identifies a legacy server" (basic/versioning › Backward
      // Compatibility with Initialization-Based Versions). Taking any result for a
      // DiscoverResult scored 12/12 while no such result was posed.
      ...NOT_DISCOVER_RESULTS.map(
        ([en, zh, result]): EraCase => ({
          name: bi(en, zh),
          outcome: answer(probe, { jsonrpc: '2.0', id, result }),
          versions: ['2026-07-28'],
          expected: { action: 'initialize' },
        }),
      ),
      ...(
        [
          [-32600, 'Invalid Request'],
          [-32603, 'Internal error'],
          [-32000, 'Server not initialized'],
          [-32002, 'Session not initialized'],
          // The server-error range around the three modern codes (2026-07-28 basic/index › Error
          // Codes): −32019 ends the legacy sub-range, −32042 is 2025-11-25's URL elicitation
          // required, −32023 is unassigned. Only −32020, −32021 and −32022 mean a modern server;
          // a range test (−32020…−32099, or any server error but −32000…−32002) scored 12/12.
          [-32019, 'Server error'],
          [-32023, 'Server error'],
          [-32042, 'This request requires more information.'],
        ] as const
      ).map(([code, message]) => ({
        name: bi(`${code} ${message}`, `${code}（消息 "${message}"）`),
        outcome: answer(probe, errorAnswer(id, { code, message })),
        versions: ['2026-07-28'],
        expected: { action: 'initialize' } as Verdict,
      })),
    ],
    silence: [
      {
        name: bi('no answer in 5000 ms', '5000 毫秒内没有回应'),
        outcome: { kind: 'timeout', probe, waitedMs: 5000 },
        versions: ['2026-07-28'],
        expected: { action: 'initialize' },
      },
      {
        name: bi(
          'no answer in 1500 ms (a client speaking 2099-01-01 and 2026-07-28)',
          '1500 毫秒内没有回应（客户端支持 2099-01-01 和 2026-07-28）',
        ),
        outcome: { kind: 'timeout', probe: probeMessage(0, '2099-01-01'), waitedMs: 1500 },
        versions: ['2099-01-01', '2026-07-28'],
        expected: { action: 'initialize' },
      },
    ],
    'server-exits': [
      {
        name: bi('the server exited with code 1 before answering', '服务器在回应前以退出码 1 退出'),
        outcome: { kind: 'closed', probe, exitCode: 1, signal: null },
        versions: ['2026-07-28'],
        expected: { action: 'relaunch' },
      },
      {
        name: bi(
          'the server closed its stdout and exited with code 0',
          '服务器关闭了它的 stdout，并以退出码 0 退出',
        ),
        outcome: { kind: 'closed', probe, exitCode: 0, signal: null },
        versions: ['2026-07-28'],
        expected: { action: 'relaunch' },
      },
    ],
  };
}

/** A hypothetical revision date, for versions clients and servers of the future might speak. */
const futureVersion = (rng: Random) =>
  `20${rng.int(27, 98)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;

/** `n` distinct version strings, 2026-07-28 among them now and then, newest first or not. */
function versionPool(rng: Random, n: number): string[] {
  const pool = new Set<string>();
  if (rng.next() < 0.5) pool.add('2026-07-28');
  while (pool.size < n) pool.add(futureVersion(rng));
  const list = [...pool];
  return rng.next() < 0.6 ? list.sort().reverse() : rng.shuffle(list);
}

const randomId = (rng: Random): string | number =>
  rng.next() < 0.5
    ? rng.int(0, 99_999)
    : `${rng.pick(['probe', 'discover', 'era', 'p'])}-${rng.word()}`;

const LEGACY_ERRORS: readonly (readonly [number, readonly string[]])[] = [
  [-32601, ['Method not found', 'Method not found: server/discover', 'Unknown method']],
  [
    -32602,
    [
      'Invalid params',
      'Invalid request parameters',
      'Not initialized',
      'Unsupported protocol version',
    ],
  ],
  [-32600, ['Invalid Request', 'Received request before initialization was complete']],
  [-32603, ['Internal error', 'internal server error']],
  [-32000, ['Server not initialized', 'Bad Request: Server not initialized']],
  [-32001, ['Request timed out']],
  [-32002, ['Not initialized']],
  [-1, ['unexpected request']],
];

const UNSUPPORTED = [
  'Unsupported protocol version',
  'Unsupported protocol version: {v}',
  'Protocol version {v} is not supported',
  'unsupported version',
];

/**
 * Cases generated from the seed: every kind of outcome, with fresh ids, message texts, versions
 * and orders, so a table of the recordings' answers does not pass.
 */
export function generatedCases(rng: Random, each = 3): EraCase[] {
  const out: EraCase[] = [];
  const client = () => `client-${rng.word()}`;
  for (let i = 0; i < each; i++) {
    // The first of each kind lists a version the client likes less before the one it prefers,
    // so code that takes the server's order instead of the client's preference never passes.
    const againstOrder = i === 0;
    // A DiscoverResult; the probe asked for the client's favourite the server has.
    {
      const versions = versionPool(rng, againstOrder ? rng.int(2, 3) : rng.int(1, 3));
      const kept = versions.filter((_, k) => k === 0 || rng.next() < 0.5);
      const chosen = (againstOrder ? versions[0] : kept[rng.int(0, kept.length - 1)]) as string;
      const preferred = versions.slice(0, versions.indexOf(chosen) + 1);
      const lessLiked = versions.slice(versions.indexOf(chosen) + 1);
      const shuffled = rng.shuffle([
        chosen,
        ...versionPool(rng, rng.int(0, 2)).filter((v) => !preferred.includes(v)),
      ]);
      const served =
        againstOrder && lessLiked.length > 0
          ? [...new Set([rng.pick(lessLiked), ...shuffled])]
          : shuffled;
      const id = randomId(rng);
      const expected = versions.find((v) => served.includes(v)) as string;
      out.push({
        name: bi(`generated DiscoverResult #${i + 1}`, `生成的 DiscoverResult #${i + 1}`),
        outcome: answer(probeMessage(id, chosen, client()), discoverResult(id, served)),
        versions,
        expected: { action: 'modern', version: expected },
      });
    }
    // A DiscoverResult to a probe that asked for a version the client likes less than one the
    // server has (a client probing with a conservative version): the client's favourite among
    // supportedVersions, not the probe's version echoed.
    if (i < 2) {
      const versions = versionPool(rng, rng.int(2, 4));
      const asked = versions[rng.int(1, versions.length - 1)] as string;
      const better = versions[rng.int(0, versions.indexOf(asked) - 1)] as string;
      const served = rng.shuffle([
        asked,
        better,
        ...versionPool(rng, rng.int(0, 2)).filter((v) => !versions.includes(v)),
      ]);
      const id = randomId(rng);
      const expected = versions.find((v) => served.includes(v)) as string;
      out.push({
        name: bi(
          `generated DiscoverResult to a probe of a less preferred version #${i + 1}`,
          `生成的 DiscoverResult，探测请求的是客户端不那么偏好的版本 #${i + 1}`,
        ),
        outcome: answer(probeMessage(id, asked, client()), discoverResult(id, served)),
        versions,
        expected: { action: 'modern', version: expected },
      });
    }
    // −32022 with at least one version in common (not the one asked for). In the second, the
    // client's next favourite is not among them, so code that looks only at versions[1] fails.
    {
      const skipNext = i === 1;
      const versions = versionPool(rng, againstOrder || skipNext ? rng.int(3, 4) : rng.int(2, 4));
      const asked = versions[0] as string;
      const common = versions
        .slice(skipNext ? 2 : 1)
        .filter((_, k) => k <= (againstOrder ? 1 : 0) || rng.next() < 0.5);
      const extra = versionPool(rng, rng.int(1, 3)).filter((v) => !versions.includes(v));
      const others = [...extra, ...(rng.next() < 0.4 ? ['2025-11-25'] : [])];
      // Against the order: the versions in common listed least liked first, among the others.
      const supported = againstOrder
        ? [...[...common].reverse(), ...rng.shuffle(others)]
        : rng.shuffle([...common, ...others]);
      const id = randomId(rng);
      const expected = versions.find((v) => supported.includes(v)) as string;
      out.push({
        name: bi(
          `generated −32022 with a version in common #${i + 1}`,
          `生成的、有共同版本的 −32022 #${i + 1}`,
        ),
        outcome: answer(
          probeMessage(id, asked, client()),
          errorAnswer(id, {
            code: -32022,
            message: rng.pick(UNSUPPORTED).replace('{v}', asked),
            data: { supported, requested: asked },
          }),
        ),
        versions,
        expected: { action: 'retry', version: expected },
      });
    }
    // −32022 with nothing in common.
    {
      const versions = versionPool(rng, rng.int(1, 3));
      const asked = versions[0] as string;
      const supported = versionPool(rng, rng.int(0, 3)).filter((v) => !versions.includes(v));
      const id = randomId(rng);
      const data = rng.next() < 0.8 ? { data: { supported, requested: asked } } : {};
      out.push({
        name: bi(
          `generated −32022 with no version in common #${i + 1}`,
          `生成的、没有共同版本的 −32022 #${i + 1}`,
        ),
        outcome: answer(
          probeMessage(id, asked, client()),
          errorAnswer(id, {
            code: -32022,
            message: rng.pick(UNSUPPORTED).replace('{v}', asked),
            ...data,
          }),
        ),
        versions,
        expected: { action: 'incompatible' },
      });
    }
    // Any other error: a legacy server, whatever the code, the text or the data.
    {
      const versions = versionPool(rng, rng.int(1, 3));
      const [code, texts] = rng.pick(LEGACY_ERRORS);
      const id = randomId(rng);
      const data =
        rng.next() < 0.3 ? { data: { supported: [versions[0]], requested: versions[0] } } : {};
      out.push({
        name: bi(`generated ${code} #${i + 1}`, `生成的 ${code} #${i + 1}`),
        outcome: answer(
          probeMessage(id, versions[0] as string, client()),
          errorAnswer(code === -32600 && rng.next() < 0.5 ? null : id, {
            code,
            message: rng.pick(texts),
            ...data,
          }),
        ),
        versions,
        expected: { action: 'initialize' },
      });
    }
    // Silence.
    {
      const versions = versionPool(rng, rng.int(1, 3));
      out.push({
        name: bi(`generated silence #${i + 1}`, `生成的无回应 #${i + 1}`),
        outcome: {
          kind: 'timeout',
          probe: probeMessage(randomId(rng), versions[0] as string, client()),
          waitedMs: rng.int(2, 60) * 250,
        },
        versions,
        expected: { action: 'initialize' },
      });
    }
    // Another code of the server-error range (−32000…−32099, JSON-RPC 2.0 § 5.1) than the
    // three modern ones: still a legacy answer, whatever its range.
    {
      const versions = versionPool(rng, rng.int(1, 3));
      let code = -32022;
      while (code >= -32022 && code <= -32020) code = rng.int(-32099, -32000);
      const id = randomId(rng);
      out.push({
        name: bi(
          `generated ${code} (server-error range) #${i + 1}`,
          `生成的 ${code}（服务器错误区间）#${i + 1}`,
        ),
        outcome: answer(
          probeMessage(id, versions[0] as string, client()),
          errorAnswer(id, { code, message: rng.pick(['Server error', 'Internal server error']) }),
        ),
        versions,
        expected: { action: 'initialize' },
      });
    }
    // An exit.
    {
      const versions = versionPool(rng, rng.int(1, 3));
      const signal = rng.next() < 0.3 ? rng.pick(['SIGPIPE', 'SIGTERM']) : null;
      out.push({
        name: bi(`generated exit #${i + 1}`, `生成的退出 #${i + 1}`),
        outcome: {
          kind: 'closed',
          probe: probeMessage(randomId(rng), versions[0] as string, client()),
          exitCode: signal ? null : rng.pick([0, 1, 2, 101]),
          signal,
        },
        versions,
        expected: { action: 'relaunch' },
      });
    }
  }
  out.push(...olderPreferred(rng, client), ...otherModernErrors(rng, client));
  out.push(...notDiscoverResults(rng, client));
  return rng.shuffle(out);
}

/**
 * Clients that prefer older versions to newer ones (a stable revision to a draft), on every seed:
 * the versions in common are listed oldest first by the client, so taking the newest in common
 * (rather than the client's order) never passes.
 */
function olderPreferred(rng: Random, client: () => string): EraCase[] {
  const oldestFirst = (n: number) => {
    const pool = new Set<string>();
    while (pool.size < n) pool.add(futureVersion(rng));
    return [...pool].sort();
  };
  const modern = oldestFirst(rng.int(2, 3));
  const served = rng.shuffle([
    ...modern.slice(0, rng.int(1, modern.length - 1)),
    ...modern.slice(-1),
    ...versionPool(rng, rng.int(0, 2)).filter((v) => !modern.includes(v)),
  ]);
  const modernId = randomId(rng);
  const retry = oldestFirst(rng.int(3, 4));
  const [asked, ...rest] = retry as [string, ...string[]];
  const supported = rng.shuffle([
    ...rest,
    ...versionPool(rng, rng.int(0, 2)).filter((v) => !retry.includes(v)),
  ]);
  const retryId = randomId(rng);
  return [
    {
      name: bi(
        'generated DiscoverResult to a client that prefers older versions',
        '生成的 DiscoverResult，客户端更想用较旧的版本',
      ),
      outcome: answer(
        probeMessage(modernId, modern[0] as string, client()),
        discoverResult(modernId, served),
      ),
      versions: modern,
      expected: { action: 'modern', version: modern.find((v) => served.includes(v)) as string },
    },
    {
      name: bi(
        'generated −32022 to a client that prefers older versions',
        '生成的 −32022，客户端更想用较旧的版本',
      ),
      outcome: answer(
        probeMessage(retryId, asked, client()),
        errorAnswer(retryId, {
          code: -32022,
          message: rng.pick(UNSUPPORTED).replace('{v}', asked),
          data: { supported, requested: asked },
        }),
      ),
      versions: retry,
      expected: { action: 'retry', version: rest[0] as string },
    },
  ];
}

/** −32020 and −32021 with fresh texts: modern refusals with no version to retry with. */
function otherModernErrors(rng: Random, client: () => string): EraCase[] {
  return [-32020, -32021].map((code) => {
    const versions = versionPool(rng, rng.int(1, 3));
    const id = randomId(rng);
    const capability = rng.pick(['sampling', 'elicitation', 'roots']);
    const error =
      code === -32020
        ? {
            code,
            message: rng.pick([
              'Header mismatch',
              `Header mismatch: Mcp-Method header value '${rng.word()}' does not match body value 'server/discover'`,
            ]),
          }
        : {
            code,
            message: `Server requires the ${capability} capability for this request`,
            data: { requiredCapabilities: { [capability]: {} } },
          };
    return {
      name: bi(`generated ${code}`, `生成的 ${code}`),
      outcome: answer(probeMessage(id, versions[0] as string, client()), errorAnswer(id, error)),
      versions,
      expected: { action: 'incompatible' },
    };
  });
}

/** A result without a supportedVersions list: no DiscoverResult, so a legacy server. */
function notDiscoverResults(rng: Random, client: () => string): EraCase[] {
  const versions = versionPool(rng, rng.int(1, 3));
  const id = randomId(rng);
  const result = rng.pick<JsonObject>([
    {},
    { resultType: 'complete' },
    { [rng.pick(['tools', 'prompts', 'resources'])]: [] },
    { supportedVersions: versions[0] as string },
  ]);
  return [
    {
      name: bi('generated result that is no DiscoverResult', '生成的、不是 DiscoverResult 的结果'),
      outcome: answer(probeMessage(id, versions[0] as string, client()), {
        jsonrpc: '2.0',
        id,
        result,
      }),
      versions,
      expected: { action: 'initialize' },
    },
  ];
}

/** The check a case belongs to, by what it is: its expected verdict, and silence apart. */
export function checkOf(c: EraCase): CheckName {
  switch (c.expected.action) {
    case 'modern':
      return 'modern';
    case 'retry':
      return 'retry-mutual';
    case 'incompatible':
      return 'incompatible';
    case 'relaunch':
      return 'server-exits';
    default:
      return c.outcome.kind === 'timeout' ? 'silence' : 'legacy-errors';
  }
}

/** Whether the learner's verdict is the expected one (extra fields, a reason say, are allowed). */
export function sameVerdict(expected: Verdict, seen: unknown): boolean {
  if (!isObject(seen) || seen.action !== expected.action) return false;
  return !('version' in expected) || seen.version === expected.version;
}

function describeOutcome(outcome: ProbeOutcome): Bilingual {
  const asked =
    isObject(outcome.probe.params) && isObject(outcome.probe.params._meta)
      ? JSON.stringify(outcome.probe.params._meta[PROTOCOL])
      : '?';
  if (outcome.kind === 'timeout') {
    return bi(
      `the probe (asking for ${asked}) got no answer in ${outcome.waitedMs} ms`,
      `探测（请求 ${asked}）在 ${outcome.waitedMs} 毫秒内没有得到回应`,
    );
  }
  if (outcome.kind === 'closed') {
    const how = outcome.signal
      ? bi(`signal ${outcome.signal}`, `信号 ${outcome.signal}`)
      : bi(`exit code ${String(outcome.exitCode)}`, `退出码 ${String(outcome.exitCode)}`);
    return bi(
      `the server process ended (${how.en}) before answering the probe (asking for ${asked})`,
      `服务器进程在回应探测（请求 ${asked}）之前就结束了（${how.zh}）`,
    );
  }
  const text = JSON.stringify(outcome.message);
  const shown = text.length > 240 ? `${text.slice(0, 237)}...` : text;
  return bi(
    `the probe asked for ${asked}; the server answered ${shown}`,
    `探测请求的是 ${asked}；服务器回应 ${shown}`,
  );
}

type Outcome = { readonly c: EraCase; readonly seen: unknown };

function explain(o: Outcome, total: number, wrong: number): Bilingual {
  const said = describeOutcome(o.c.outcome);
  return lines(
    bi(`${o.c.name.en}:`, `${o.c.name.zh}：`),
    bi(
      `${said.en}; the client speaks ${JSON.stringify(o.c.versions)} (most preferred first)`,
      `${said.zh}；客户端支持 ${JSON.stringify(o.c.versions)}（最想用的在前）`,
    ),
    formatDiff(diffJson(o.c.expected, o.seen)),
    bi(`(${wrong} of ${total} cases wrong)`, `（${total} 个情形中有 ${wrong} 个不对）`),
  );
}

export const eraRubric: Rubric = {
  id: '10-era-detection',
  checks: [
    {
      name: 'modern',
      points: 2,
      about: bi(
        'a DiscoverResult: a modern server; carry on with the version the client prefers most among its supportedVersions',
        '收到 DiscoverResult：现代服务器；使用 supportedVersions 中客户端最想用的版本继续',
      ),
    },
    {
      name: 'retry-mutual',
      points: 2,
      about: bi(
        '−32022 whose data.supported names a version the client speaks: retry with the one it prefers most (never a version it does not speak)',
        '−32022 的 data.supported 中有客户端支持的版本：用其中客户端最想用的那个重试（绝不用它不支持的版本）',
      ),
    },
    {
      name: 'incompatible',
      points: 2,
      about: bi(
        '−32022, or a DiscoverResult, with no version in common, and −32020 or −32021: a modern server all the same, so no fallback to initialize: incompatible',
        '−32022 或 DiscoverResult 与客户端没有共同版本，以及 −32020 或 −32021：仍然是现代服务器，所以不退回 initialize：判为不兼容',
      ),
    },
    {
      name: 'legacy-errors',
      requires: 'incompatible',
      points: 2,
      about: bi(
        'any other error (−32601, −32602, −32600, −32603, −32000…, −32042…, whatever its text or data), or a result that is no DiscoverResult: a legacy server; fall back to initialize',
        '其他任何错误（−32601、−32602、−32600、−32603、−32000……、−32042……，不论文本或 data），或不是 DiscoverResult 的结果：旧时代服务器；退回 initialize',
      ),
    },
    {
      name: 'silence',
      requires: 'modern',
      points: 1,
      about: bi(
        'no answer within the time limit: a legacy server; fall back to initialize',
        '在时限内没有回应：旧时代服务器；退回 initialize',
      ),
    },
    {
      name: 'server-exits',
      points: 1,
      about: bi(
        'the server exited or closed the pipe before answering: start it again and open with initialize',
        '服务器在回应前退出或关闭了管道：重新启动它，并以 initialize 开始',
      ),
    },
    {
      name: 'generated-variants',
      points: 2,
      about: bi(
        'all of these again on outcomes generated at check time (new ids, texts, codes, versions and orders)',
        '在检查时生成的探测结果上（新的 id、文本、错误码、版本和顺序）再检查以上所有情形',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const recorded = loadProbeRecordings();
    const runner = await ctx.runner();
    const judge = async (cases: readonly EraCase[]): Promise<Outcome[]> => {
      const outcomes: Outcome[] = [];
      for (const c of cases) {
        const result = await runner.call('classifyProbe', [c.outcome, c.versions]);
        outcomes.push({ c, seen: result.ok ? result.value : `(threw) ${result.error}` });
      }
      return outcomes;
    };
    const record = (name: string, outcomes: readonly Outcome[], elsewhere: readonly Outcome[]) => {
      const wrong = outcomes.filter((o) => !sameVerdict(o.c.expected, o.seen));
      const first = wrong[0];
      if (first) return ctx.record(name, false, explain(first, outcomes.length, wrong.length));
      // Right here, and said only where it is right: a verdict given for every outcome (a
      // function that always answers "incompatible") is right for its own cases by chance.
      const action = outcomes[0]?.c.expected.action;
      const stray = elsewhere.filter(
        (o) => o.c.expected.action !== action && isObject(o.seen) && o.seen.action === action,
      );
      const said = stray[0];
      ctx.record(
        name,
        !said,
        said
          ? lines(
              bi(
                `"${action}" is right for these outcomes, but it was also the verdict where it is wrong (${stray.length} of ${elsewhere.length} other outcomes):`,
                `对这些探测结果来说 "${action}" 是对的，但在它不对的地方也给出了这个判断（其他 ${elsewhere.length} 个情形中有 ${stray.length} 个）：`,
              ),
              explain(said, elsewhere.length, stray.length),
            )
          : OK,
      );
    };
    const fixed = Object.entries(fixedCases(recorded));
    const judged = new Map<string, Outcome[]>();
    for (const [name, cases] of fixed) judged.set(name, await judge(cases));
    const generated = await judge(generatedCases(random(ctx.seed)));
    // Each kind of outcome is judged on the generated outcomes of its kind too: on the fixed
    // cases alone, verdicts written down for them (a table keyed on the answer's id and text)
    // earned 10 of the 12 points.
    for (const o of generated) judged.get(checkOf(o.c))?.push(o);
    for (const [name] of fixed) {
      const others = [...judged].filter(([other]) => other !== name).flatMap(([, o]) => o);
      record(name, judged.get(name) ?? [], others);
    }
    record('generated-variants', generated, []);
  },
};
