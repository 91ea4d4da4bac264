import {
  clientAccepts,
  HANDSHAKE_VERSIONS,
  negotiateVersion,
  STATELESS_VERSIONS,
} from '../../protocol/index.js';
import { diffJson, lines } from '../diff.js';
import type { Runner } from '../runner.js';
import { envelopeDiff } from '../session.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, OK, random } from './common.js';

/** Every version string a peer might meet: the releases, an alias, the stateless era, junk. */
const OFFERED = [
  ...HANDSHAKE_VERSIONS,
  '2024-10-07',
  ...STATELESS_VERSIONS,
  '2099-12-31',
  '2025-01-01',
  'latest',
  '',
  '2025-06-18 ',
  '1.0',
  // Near misses of released revisions: a day, a month or a year off. A server that compared
  // only the year and month (2025-11-05 for 2025-11-25), or the month and day (2024-06-18 for
  // 2025-06-18), echoed them and scored 8/8.
  '2025-11-05',
  '2024-06-18',
  '2025-06-19',
];

/** The version lists peers support, in no particular order. */
function supportSets(rng: ReturnType<typeof random>): string[][] {
  return [
    [...HANDSHAKE_VERSIONS],
    rng.shuffle(HANDSHAKE_VERSIONS),
    ['2025-06-18', '2025-03-26'],
    ['2024-11-05'],
    rng.shuffle(['2025-11-25', '2024-11-05']),
    rng.shuffle(['2025-03-26', '2025-06-18', '2024-11-05']),
    // Every other combination of two or more, oldest first: the sets above each held 2025-11-25
    // or 2025-06-18, so "2025-11-25 if listed, else 2025-06-18 if listed, else the first" scored
    // 8/8 on every seed.
    ...combinations(HANDSHAKE_VERSIONS).filter((set) => set.length >= 2),
  ];
}

/** Every non-empty subset of `items`, each in the order of `items`. */
function combinations(items: readonly string[]): string[][] {
  const subsets: string[][] = [];
  for (const item of items) {
    for (const s of subsets.slice()) subsets.push([...s, item]);
    subsets.push([item]);
  }
  return subsets;
}

type Case = { offered: string; supported: string[]; expected: string | boolean; seen: unknown };

async function collect(
  runner: Runner,
  name: 'chooseVersion' | 'acceptVersion',
  sets: string[][],
): Promise<Case[]> {
  const cases: Case[] = [];
  for (const supported of sets) {
    for (const offered of OFFERED) {
      const expected =
        name === 'chooseVersion'
          ? negotiateVersion(offered, supported)
          : clientAccepts(offered, supported);
      if (expected === null) continue;
      const outcome = await runner.call(name, [offered, supported]);
      cases.push({
        offered,
        supported,
        expected,
        seen: outcome.ok ? outcome.value : `(threw) ${outcome.error}`,
      });
    }
  }
  return cases;
}

function firstWrong(cases: Case[], keep: (c: Case) => boolean): Case | undefined {
  return cases.filter(keep).find((c) => c.seen !== c.expected);
}

/** The initialize exchange a wrong choice produces, as a diff of the server's result envelope. */
function serverMessage(c: Case) {
  const envelope = (version: unknown) => ({
    jsonrpc: '2.0',
    id: 1,
    result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 'server' } },
  });
  return envelopeDiff(
    bi(
      `the client offered ${JSON.stringify(c.offered)}; the server supports ${JSON.stringify(c.supported)}; its initialize result:`,
      `客户端提出 ${JSON.stringify(c.offered)}；服务器支持 ${JSON.stringify(c.supported)}；它的 initialize 结果：`,
    ),
    diffJson(envelope(c.expected), envelope(c.seen)),
  );
}

function clientMessage(c: Case) {
  const verdict = (accepts: unknown) =>
    accepts === true ? 'accept' : accepts === false ? 'disconnect' : JSON.stringify(accepts);
  const verdictZh = (accepts: unknown) =>
    accepts === true ? '接受' : accepts === false ? '断开' : JSON.stringify(accepts);
  return bi(
    `the server answered ${JSON.stringify(c.offered)}; the client supports ${JSON.stringify(c.supported)}: expected ${verdict(c.expected)} (${String(c.expected)}), saw ${verdict(c.seen)}`,
    `服务器回答 ${JSON.stringify(c.offered)}；客户端支持 ${JSON.stringify(c.supported)}：期望${verdictZh(c.expected)}（${String(c.expected)}），实际${verdictZh(c.seen)}（${JSON.stringify(c.seen)}）`,
  );
}

export const versionsRubric: Rubric = {
  id: '04-version-negotiation',
  checks: [
    {
      name: 'server-keeps-supported',
      requires: 'server-offers-latest',
      calls: ['chooseVersion'],
      points: 2,
      about: bi(
        'when the server supports the version the client offered, it answers with that same version',
        '服务器支持客户端提出的版本时，原样回答这个版本',
      ),
    },
    {
      name: 'server-offers-latest',
      // Each half of the server's choice is met by a constant (echo the offer; always the latest):
      // neither counts without the other.
      requires: 'server-keeps-supported',
      calls: ['chooseVersion'],
      points: 3,
      about: bi(
        'otherwise (an older, newer or unknown string) it answers with the latest version it supports',
        '否则（更旧、更新或未知的字符串）回答它支持的最新版本',
      ),
    },
    {
      name: 'client-accepts-supported',
      requires: 'client-rejects-unsupported',
      calls: ['acceptVersion'],
      points: 1,
      about: bi('the client accepts an answer it supports', '客户端接受它支持的回答'),
    },
    {
      name: 'client-rejects-unsupported',
      // `return false` rejects everything: it counts only with a client that accepts what it can.
      requires: 'client-accepts-supported',
      calls: ['acceptVersion'],
      points: 2,
      about: bi(
        'the client disconnects on any other answer, unknown strings included',
        '对其他任何回答（包括未知字符串）客户端都断开连接',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const rng = random(ctx.seed);
    const runner = await ctx.runner();
    const sets = supportSets(rng);
    const server = await collect(runner, 'chooseVersion', sets);
    const client = await collect(runner, 'acceptVersion', sets);
    const count = (cases: Case[], keep: (c: Case) => boolean) => cases.filter(keep).length;

    const supportedOffer = (c: Case) => c.supported.includes(c.offered);
    for (const [name, keep] of [
      ['server-keeps-supported', supportedOffer],
      ['server-offers-latest', (c: Case) => !supportedOffer(c)],
    ] as const) {
      const wrong = firstWrong(server, keep);
      ctx.record(
        name,
        !wrong,
        wrong
          ? lines(
              serverMessage(wrong),
              bi(
                `(${count(server, (c) => keep(c) && c.seen !== c.expected)} of ${count(server, keep)} pairs wrong)`,
                `（${count(server, keep)} 组中有 ${count(server, (c) => keep(c) && c.seen !== c.expected)} 组不对）`,
              ),
            )
          : OK,
      );
    }
    for (const [name, keep] of [
      ['client-accepts-supported', supportedOffer],
      ['client-rejects-unsupported', (c: Case) => !supportedOffer(c)],
    ] as const) {
      const wrong = firstWrong(client, keep);
      ctx.record(
        name,
        !wrong,
        wrong
          ? lines(
              clientMessage(wrong),
              bi(
                `(${count(client, (c) => keep(c) && c.seen !== c.expected)} of ${count(client, keep)} pairs wrong)`,
                `（${count(client, keep)} 组中有 ${count(client, (c) => keep(c) && c.seen !== c.expected)} 组不对）`,
              ),
            )
          : OK,
      );
    }
  },
};
