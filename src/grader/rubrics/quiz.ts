import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { Bilingual } from '../../i18n/lang.js';
import { firstLink, refusedFolder } from '../confine.js';
import { lines } from '../diff.js';
import { oneLine, RunnerError } from '../runner.js';
import type { CheckContext, Rubric } from '../types.js';
import { bi, isObject } from './common.js';

type Question = {
  readonly key: string;
  /** Where the spec answers it (revision/page › section): the reading a wrong answer is sent to. */
  readonly section: readonly string[];
  readonly points: number;
  readonly about: Bilingual;
  /**
   * Accepted answers, compared after trimming, lower-casing and dropping backticks and quotes,
   * each as its `digest`: the key is not in the package as text to read.
   */
  readonly accept: readonly string[];
  /** Multiple choice: the answer is one letter. */
  readonly choice?: true;
  /**
   * A short answer written in many ways ("client side", "客户端"): the form the key holds, or null
   * when the answer cannot be read as one (then the learner is told how to answer).
   */
  readonly read?: { readonly answer: (text: string) => string | null; readonly how: Bilingual };
  readonly why: Bilingual;
  /**
   * For a wrong answer: the idea the chosen option misses (by the option's `digest`; `other` for
   * anything else), never which option is right, so a wrong try teaches without handing over the
   * answer.
   */
  readonly wrong: Readonly<Record<string, Bilingual>> & { readonly other: Bilingual };
};

/**
 * Which side an answer names: "client", "the client declares it", "client side" and "客户端" all
 * name the client; "both" or both sides name both (a wrong answer like any other). An answer
 * with a negation ("not the server") or none of these words cannot be read as a side: null.
 */
function sideOf(text: string): string | null {
  const client = /\bclients?\b|客户端|客户/.test(text);
  const server = /\bservers?\b|服务器|服务端/.test(text);
  if (/\b(?:not|no|neither|nor|never)\b|不|非|没/.test(text)) return null;
  if (/\b(?:both|either)\b|两者|双方|都/.test(text) || (client && server)) return 'both';
  if (client) return 'client';
  if (server) return 'server';
  return null;
}

const QUESTIONS: readonly Question[] = [
  {
    key: 'q1',
    section: ['2025-11-25/server/tools › List Changed Notification'],
    points: 2,
    about: bi('what changes without tools.listChanged', '没有 tools.listChanged 会有什么变化'),
    accept: ['898e5f6e52a5e157'],
    choice: true,
    why: bi(
      'Without tools.listChanged the server may still add or remove tools, but it must not send notifications/tools/list_changed (the referee flags capability-not-negotiated). Clients see the new list the next time they call tools/list.',
      '没有 tools.listChanged 时，服务器仍然可以增删工具，但不得发送 notifications/tools/list_changed（裁判会标记 capability-not-negotiated）。客户端下次调用 tools/list 时就能看到新的列表。',
    ),
    wrong: {
      '7b6b7e8b740a346d': bi(
        'The tools a server offers may change during a session whatever it declared; the capability is about whether it may tell the client so.',
        '无论声明了什么，服务器提供的工具在会话中都可以变化；这个能力关系到的是它能否通知客户端。',
      ),
      eac369973a668852: bi(
        'No capability limits how often a client lists tools: tools/list is a plain request it may repeat.',
        '没有任何能力限制客户端列出工具的次数：tools/list 是可以重复发送的普通请求。',
      ),
      '963886a3ea154993': bi(
        'Capabilities are promises negotiated at initialize: a message behind one that was not declared breaks the protocol.',
        '能力是在 initialize 时协商的承诺：发送依赖未声明能力的消息就违反了协议。',
      ),
      other: bi(
        'Think about what listChanged promises: what may the server send, and how does a client learn of a change without it?',
        '想想 listChanged 承诺了什么：服务器可以发送什么？没有它时客户端怎样得知变化？',
      ),
    },
  },
  {
    key: 'q2',
    section: ['2025-11-25/server/resources › Capabilities'],
    points: 2,
    about: bi('the flag most servers do not need', '大多数服务器用不到的标志'),
    accept: ['2c6dbd40c8af44d1', '329241d127582938', 'e8e9821d97d86696'],
    why: bi(
      'resources.subscribe lets a client ask to hear (notifications/resources/updated) whenever one particular resource changes. Most servers have no resources that change while a client watches, so they leave it out.',
      'resources.subscribe 让客户端可以订阅某个资源，在它变化时收到 notifications/resources/updated。大多数服务器没有会在客户端关注期间变化的资源，所以不声明它。',
    ),
    wrong: {
      // resources/subscribe: the request, not the flag that allows it
      '596b9612611f0194': bi(
        'That is the request a client sends to watch a resource. The question asks for the capability flag the server declares at initialize that allows it (a path with dots, like tools.listChanged).',
        '这是客户端用来关注某个资源的请求。题目问的是服务器在 initialize 时声明、允许这个请求的能力标志（用点连接的路径，如 tools.listChanged）。',
      ),
      // subscribe: the flag's last name alone, not its path
      '1af15044dbcbbc0a': bi(
        'That is only the last part of the flag. The question asks for its path: the capability it belongs to, then the flag, joined with a dot (like tools.listChanged); several capabilities have flags with similar names.',
        '这只是标志的最后一段。题目要的是它的路径：它所属的能力，再加上标志本身，用点连接（如 tools.listChanged）；好几个能力都有名字相近的标志。',
      ),
      other: bi(
        'Look at the flags of the resources capability: one is about the whole list, another about a single resource a client asked to watch.',
        '看看 resources 能力下的标志：一个关于整个列表，另一个关于客户端要求关注的单个资源。',
      ),
    },
  },
  {
    key: 'q3',
    section: [
      '2025-11-25/basic/lifecycle › Capability Negotiation',
      '2025-11-25/server/tools › Error Handling',
    ],
    points: 2,
    about: bi(
      'a tool that needs sampling, with a client that lacks it',
      '需要 sampling 的工具遇到不支持它的客户端',
    ),
    accept: ['7832c24fe4d8c851'],
    choice: true,
    why: bi(
      'Only negotiated capabilities may be used: the server must not send sampling/createMessage to a client that did not declare sampling. The tool still answers: a result with isError: true that says why (or a fallback), so the model can tell the user.',
      '只能使用协商过的能力：客户端没有声明 sampling，服务器就不能向它发送 sampling/createMessage。工具仍然要回答：一个带 isError: true 并说明原因的结果（或替代结果），模型可以据此告诉用户。',
    ),
    wrong: {
      '98f047b3c5866154': bi(
        'A capability the client did not declare must not be used at all, not even to see it fail.',
        '客户端没有声明的能力根本不能使用，连试一下看它失败也不行。',
      ),
      ad2226eb7f9a645b: bi(
        'A protocol error says the request itself was wrong; here the tool exists and was called correctly, so the answer is a tool result.',
        '协议错误表示请求本身有问题；这里工具存在且调用正确，所以回答应该是工具结果。',
      ),
      cc78d250dc511b72: bi(
        'A missing optional capability is normal, not a reason to end the session.',
        '缺少一个可选能力很正常，不是结束会话的理由。',
      ),
      other: bi(
        'Only negotiated capabilities may be used, and a tool still owes its caller an answer.',
        '只能使用协商过的能力，而且工具仍然要给调用方一个回答。',
      ),
    },
  },
  {
    key: 'q4',
    section: ['2025-11-25/client/roots › Capabilities'],
    points: 1,
    about: bi('who declares roots', '谁声明 roots'),
    accept: ['31f78fc215949433', 'b7c51f1b8d613b72', '19a2612e1bd50dc6'],
    read: {
      answer: sideOf,
      how: bi(
        'answer with the side, in a word: client or server (客户端 or 服务器 work too)',
        '请用一个词写出是哪一方：client 或 server（也可以写 客户端 或 服务器）',
      ),
    },
    why: bi(
      'roots is a client capability: the client offers its folders (roots/list), and announces changes with notifications/roots/list_changed if it declared roots.listChanged.',
      'roots 是客户端的能力：客户端提供它的文件夹（roots/list），如果声明了 roots.listChanged，还会用 notifications/roots/list_changed 通知变化。',
    ),
    wrong: {
      other: bi(
        'roots are folders on the machine where the user works: which side has them to offer?',
        'roots 是用户工作所在机器上的文件夹：哪一方拥有并提供它们？',
      ),
    },
  },
  {
    key: 'q5',
    section: [
      '2025-11-25/basic/utilities/ping',
      '2025-11-25/basic/lifecycle › Capability Negotiation',
    ],
    points: 1,
    about: bi('the message that needs no capability', '不需要任何能力的消息'),
    accept: ['5c229940ee4e06f8'],
    choice: true,
    why: bi(
      'ping needs no capability: either side may send it at any time, even during initialization. notifications/message needs server.logging, prompts/list needs server.prompts, resources/subscribe needs server.resources.subscribe.',
      'ping 不需要任何能力：任何一方随时都可以发送，甚至在初始化期间。notifications/message 需要 server.logging，prompts/list 需要 server.prompts，resources/subscribe 需要 server.resources.subscribe。',
    ),
    wrong: {
      '416f38cae82b043a': bi(
        'Log messages are something a server offers only once it declared the matching capability.',
        '日志消息只有在服务器声明了相应能力之后才能发送。',
      ),
      '6bbf5b47843784bd': bi(
        'Listing prompts needs the server to have declared the prompts capability.',
        '列出提示需要服务器声明了 prompts 能力。',
      ),
      a7b8bb10131de715: bi(
        'Subscribing to one resource needs a flag under the resources capability.',
        '订阅单个资源需要 resources 能力下的一个标志。',
      ),
      other: bi(
        'Which message only checks that the other side is alive, and may be sent even during initialization?',
        '哪条消息只是确认对方还在，甚至在初始化期间也可以发送？',
      ),
    },
  },
  {
    key: 'q6',
    section: ['2025-11-25/basic/utilities/progress › Behavior Requirements'],
    points: 2,
    about: bi('when progress notifications may be sent', '什么时候可以发送进度通知'),
    accept: ['b4efd834d3ebe6dc'],
    choice: true,
    why: bi(
      'Progress is opt-in per request: only for a progressToken the requester put in _meta, with progress increasing every time, and only while the request is in progress: nothing after the response or a cancellation.',
      '进度是按请求选择加入的：只针对请求方放在 _meta 里的 progressToken，progress 每次都要增加，而且只能在请求进行中发送：回应或取消之后都不能再发。',
    ),
    wrong: {
      '66959ab97508df4a': bi(
        'Progress is opt-in: the requester chooses the token; a server cannot make one up.',
        '进度是选择加入的：令牌由请求方决定，服务器不能自己生成。',
      ),
      e1719f31d6b536ff: bi(
        'There is no progress capability: whether progress may be sent is decided per request.',
        '没有 progress 这个能力：能否发送进度是按请求决定的。',
      ),
      c764d0bc0ce28062: bi(
        'Once the response is sent the request is over: nothing may report on it any more.',
        '回应发出后请求就结束了：之后不能再报告它的进度。',
      ),
      other: bi(
        'Think about who asks for progress, what the numbers must do, and until when the request is in progress.',
        '想想是谁要求进度、数字必须怎样变化，以及请求进行到什么时候为止。',
      ),
    },
  },
  {
    key: 'q7',
    section: ['2026-07-28/basic/versioning › Protocol Version Negotiation'],
    points: 2,
    about: bi(
      'what replaces the initialize handshake in 2026-07-28',
      '2026-07-28 中什么取代了 initialize 握手',
    ),
    accept: ['2e5479f5a04d24b3'],
    choice: true,
    why: bi(
      'There is no negotiation handshake any more (basic/versioning): every request declares its protocol version and the client capabilities in its own _meta, and the server accepts or rejects each request on its own. server/discover exists (servers MUST implement it), but clients MAY call it and are not required to.',
      '不再有协商握手（basic/versioning）：每个请求都在自己的 _meta 中声明协议版本和客户端能力，服务器逐个接受或拒绝每个请求。server/discover 仍然存在（服务器必须实现它），但客户端可以调用，并不是必须调用。',
    ),
    wrong: {
      abaa582c295e46f4: bi(
        'Servers must implement server/discover, but a client may call any method first and handle the version error if its version is not served.',
        '服务器必须实现 server/discover，但客户端可以先调用任何方法，版本不被支持时再处理版本错误。',
      ),
      ab467506b6789f75: bi(
        'Sessions are gone in 2026-07-28: there is no session header, and an open connection is not a conversation.',
        '2026-07-28 中没有会话了：没有会话头，一条打开的连接也不是一段对话。',
      ),
      '5899bc53f927bb95': bi(
        'notifications/initialized was removed together with initialize: nothing is left to acknowledge.',
        'notifications/initialized 和 initialize 一起被移除了：没有什么需要确认的了。',
      ),
      other: bi(
        'Think about statelessness: where must a server find the version and the capabilities, if it may not rely on earlier requests?',
        '想想无状态：如果服务器不能依赖之前的请求，它要到哪里去找版本和能力？',
      ),
    },
  },
  {
    key: 'q8',
    section: ['2026-07-28/basic/index › Statelessness'],
    points: 1,
    about: bi(
      'where a 2026-07-28 client declares its capabilities',
      '2026-07-28 的客户端在哪里声明它的能力',
    ),
    accept: ['e0534932b47ec66d'],
    choice: true,
    why: bi(
      'In every request: _meta["io.modelcontextprotocol/clientCapabilities"] is required on each one ({} means no optional capability), and servers MUST NOT infer capabilities from prior requests, even on the same connection (basic/index › Statelessness).',
      '在每个请求中：每个请求都必须带 _meta["io.modelcontextprotocol/clientCapabilities"]（{} 表示没有可选能力），服务器不得根据之前的请求推断能力，即使是同一条连接上的请求（basic/index › Statelessness）。',
    ),
    wrong: {
      '10a02684bb0af508': bi(
        'initialize does not exist in 2026-07-28.',
        '2026-07-28 中没有 initialize。',
      ),
      a8a079a7c4ed5ee3: bi(
        'The server/discover result carries the server’s capabilities, not the client’s.',
        'server/discover 的结果携带的是服务器的能力，而不是客户端的。',
      ),
      '31f79044807d3717': bi(
        'Servers MUST NOT rely on prior requests over the same connection for capabilities, version or identity.',
        '服务器不得依赖同一连接上之前的请求来获得能力、版本或身份。',
      ),
      other: bi(
        'A stateless server knows only what the request in front of it says.',
        '无状态的服务器只知道眼前这个请求说了什么。',
      ),
    },
  },
  {
    key: 'q9',
    section: ['2026-07-28/basic/versioning › Protocol Version Negotiation'],
    points: 2,
    about: bi(
      'what −32022 carries, and what the client does with it',
      '−32022 携带什么，客户端用它做什么',
    ),
    accept: ['d918598b99f8c819'],
    choice: true,
    why: bi(
      'UnsupportedProtocolVersionError (−32022) carries data.supported (the versions the server does serve) and data.requested. The client SHOULD pick a version from data.supported that it supports too and retry, or tell the user when there is none. It is a modern error: a dual-era client does not fall back to initialize.',
      'UnsupportedProtocolVersionError（−32022）携带 data.supported（服务器支持的版本）和 data.requested。客户端应当从 data.supported 中选一个自己也支持的版本重试，没有的话就告诉用户。这是现代错误：双时代客户端不会因此退回 initialize。',
    ),
    wrong: {
      e460960997669c29: bi(
        'A recognised modern error shows that the server is modern: falling back to the handshake is for any other error, or no answer.',
        '可识别的现代错误说明服务器是现代的：退回握手只适用于其他错误或没有回应的情况。',
      ),
      '44d80f33a47d166e': bi(
        'The server’s capabilities come in a DiscoverResult; an error says what went wrong with this request.',
        '服务器的能力在 DiscoverResult 里；错误说明的是这个请求出了什么问题。',
      ),
      '882254db680eecaa': bi(
        'Waiting changes nothing: the same version will be refused again. The error tells the client something it can act on at once.',
        '等待不会改变什么：同一个版本还会被拒绝。这个错误告诉客户端的是它马上就能据此行动的信息。',
      ),
      other: bi(
        'The server refused the version the request named: what would the client need to know to try again?',
        '服务器拒绝了请求所写的版本：客户端要再试一次，需要知道什么？',
      ),
    },
  },
  {
    key: 'q10',
    section: ['2026-07-28/basic/patterns/mrtr › Security Considerations'],
    points: 2,
    about: bi(
      'why requestState must be integrity-protected',
      '为什么 requestState 必须有完整性保护',
    ),
    accept: ['a37bbe0f742ada1c'],
    choice: true,
    why: bi(
      'requestState goes to the client and comes back in the retry, so the server MUST treat it as attacker-controlled input. If it influences authorization, resource access or business logic, the server MUST protect its integrity (HMAC or AEAD, say) and reject state that fails verification; it SHOULD also bind the principal, a short expiry and the originating request, against replay (basic/patterns/mrtr).',
      'requestState 会发给客户端，又在重试时带回来，所以服务器必须把它当作攻击者可控的输入。如果它影响授权、资源访问或业务逻辑，服务器必须保护它的完整性（例如 HMAC 或 AEAD），并拒绝验证失败的状态；为防止重放，还应当绑定主体身份、较短的有效期和发起请求（basic/patterns/mrtr）。',
    ),
    wrong: {
      '12f052f1c7595fda': bi(
        'requestState is opaque: only the server gives it meaning. The client echoes it back exactly and never reads it.',
        'requestState 是不透明的：只有服务器知道它的含义。客户端原样回传，从不解读它。',
      ),
      a80dfaa402ed9643: bi(
        'Encryption of the channel protects against others on the way, not against the client that holds the value.',
        '通道加密防的是路上的第三方，防不了持有这个值的客户端本身。',
      ),
      cc9b53dfbf6cd676: bi(
        'Sessions are gone in 2026-07-28: the state travels with the request precisely because the server keeps none.',
        '2026-07-28 中没有会话：正因为服务器不保存状态，状态才随请求一起传递。',
      ),
      other: bi(
        'Follow the value: who holds requestState between the server’s two answers, and what could they do to it?',
        '跟着这个值走：在服务器的两次回答之间，是谁拿着 requestState？他们能对它做什么？',
      ),
    },
  },
  {
    key: 'q11',
    section: ['2026-07-28/basic/patterns/subscriptions › Acknowledgment'],
    points: 1,
    about: bi('what subscriptions/listen sends first', 'subscriptions/listen 首先发送什么'),
    accept: ['1bbcd752331dcce2'],
    choice: true,
    why: bi(
      'The server MUST send notifications/subscriptions/acknowledged first, naming the subset of the filter it honours, with the subscription’s id (the listen request’s id) in _meta["io.modelcontextprotocol/subscriptionId"]; no notification of that subscription may come before it (basic/patterns/subscriptions).',
      '服务器必须首先发送 notifications/subscriptions/acknowledged，说明它接受了过滤条件中的哪些部分，并在 _meta["io.modelcontextprotocol/subscriptionId"] 中带上订阅的 id（即 listen 请求的 id）；这个订阅的任何通知都不能早于它（basic/patterns/subscriptions）。',
    ),
    wrong: {
      '951ace04929b4715': bi(
        'A response to the listen request ends the stream gracefully; it is not how the stream begins.',
        '对 listen 请求的回应是优雅地结束这个流，而不是流的开始。',
      ),
      '4be9412610df09fb': bi(
        'Change notifications come only when something changes, and not before the server has said what it agreed to.',
        '变化通知只在有变化时才来，而且不会早于服务器说明它同意了什么。',
      ),
      dc7019401b276d83: bi(
        'The client asked for a filter; a server may honour only part of it, and the client needs to learn which part.',
        '客户端请求了一组过滤条件；服务器可能只接受其中一部分，客户端需要知道是哪一部分。',
      ),
      other: bi(
        'The client asked for some kinds of notification: what must it learn before any of them arrives?',
        '客户端请求了几类通知：在任何一条到来之前，它必须先知道什么？',
      ),
    },
  },
  {
    key: 'q12',
    section: [
      '2026-07-28/changelog › Major changes (item 5)',
      '2026-07-28/server/utilities/logging › Per-request log level',
    ],
    points: 2,
    about: bi(
      'what the removal of ping and logging/setLevel means for a client',
      '移除 ping 和 logging/setLevel 对客户端意味着什么',
    ),
    accept: ['d17f410d6ed2c6bd'],
    choice: true,
    why: bi(
      'ping and logging/setLevel are removed in 2026-07-28 (changelog item 5): there is no liveness request at all, and the log level is set per request in _meta["io.modelcontextprotocol/logLevel"]; a server MUST NOT send notifications/message for a request that did not set it. The TypeScript SDK v2’s modern server answers them with −32601, and its client refuses to send them on a modern connection.',
      '2026-07-28 移除了 ping 和 logging/setLevel（changelog 第 5 项）：完全没有检测存活的请求了；日志级别按请求设置在 _meta["io.modelcontextprotocol/logLevel"] 中，对没有设置它的请求，服务器不得发送 notifications/message。TypeScript SDK v2 的现代服务器对它们回应 −32601，它的客户端在现代连接上拒绝发送它们。',
    ),
    wrong: {
      '98ffc029975259c3': bi(
        'Removed methods are not merely moved to later in the conversation: a modern server does not know them at all.',
        '被移除的方法不只是挪到了对话的后面：现代服务器根本不认识它们。',
      ),
      b15f6ddfe78aff74: bi(
        'In 2026-07-28 servers MUST NOT send JSON-RPC requests at all.',
        '在 2026-07-28 中，服务器根本不得发送 JSON-RPC 请求。',
      ),
      '77238c74514ff97f': bi(
        'Logging is deprecated, not gone: a server may still send log messages, under a new rule about which requests get them.',
        '日志只是被标为弃用，并没有消失：服务器仍然可以发送日志消息，只是哪些请求能收到它们有了新的规则。',
      ),
      other: bi(
        'Two questions: how does a client check the server is alive, and how does it say which requests should produce log messages?',
        '两个问题：客户端怎样确认服务器还在？它怎样说明哪些请求应该产生日志消息？',
      ),
    },
  },
];

const normalise = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[`'"]/g, '');

/** A letter as learners write one: `b`, `B`, `(b)`, `b)`, `b.`; null for anything else. */
const letterOf = (text: string) => /^\(?([a-z])\)?\.?$/.exec(text)?.[1] ?? null;

/** A multiple-choice question: its accepted answers are single letters. */
const isChoice = (q: Question) => q.choice === true;

/**
 * An answer as the key holds it. A quiz graded on the learner's machine cannot keep its answers
 * from a learner set on finding them in the package (the explanations are in it too). The
 * digests only keep the key from being read at a glance: an answer is one of a few letters, so
 * anyone who reads this file can recompute them all (salt included) and find it offline. What
 * stops a loop run against `check` is that marks come only with most answers right
 * (MARKED_WITH_AT_MOST_WRONG).
 */
const SALT = 'mcp-sim quiz 07';
export const digest = (key: string, answer: string): string =>
  createHash('sha256').update(`${SALT}|${key}|${answer}`).digest('hex').slice(0, 16);

const ONE_LETTER = (raw: unknown) =>
  bi(
    `give one letter (a, b, c or d); saw ${JSON.stringify(raw)}: one answer per question`,
    `请只写一个字母（a、b、c 或 d）；你的答案是 ${JSON.stringify(raw)}：每题只能有一个答案`,
  );

const FILE = 'answers.yaml';
/** The largest answers.yaml read: 64 kB, hundreds of times what ten answers and comments take. */
const MAX_ANSWERS_BYTES = 64_000;

/** The learner's answers, or a RunnerError (`load`) in one line, located when the YAML is bad. */
function readAnswers(dir: string): Record<string, unknown> {
  // As the code exercises: a link (answers.yaml -> a file elsewhere) is refused, not followed.
  let found: ReturnType<typeof firstLink>;
  try {
    found = firstLink(realpathSync(dir));
  } catch {
    found = null; // no folder: reading answers.yaml says so
  }
  if (found) throw refusedFolder(found);
  let text: string;
  try {
    // A quiz's answers are a few lines: a file of megabytes (a mistake, or a bomb for the grader,
    // which parses it in its own process) is refused before it is read.
    const { size } = statSync(join(dir, FILE));
    if (size > MAX_ANSWERS_BYTES) {
      const mb = (size / 1_000_000).toFixed(1);
      throw new RunnerError(
        'load',
        `${FILE}: ${mb} MB is far more than a quiz's answers (at most 64 kB: one "q1: b" line a question)`,
        { zh: `${FILE}：${mb} MB，远超小测验答案的大小（最多 64 kB：每题一行 "q1: b"）` },
      );
    }
    text = readFileSync(join(dir, FILE), 'utf8');
  } catch (error) {
    if (error instanceof RunnerError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw code === 'ENOENT'
      ? new RunnerError('load', `${FILE}: no such file (the quiz reads your answers from it)`, {
          zh: `${FILE}：文件不存在（小测验从这个文件读取你的答案）`,
        })
      : new RunnerError('load', `${FILE}: cannot be read (${code})`, {
          zh: `${FILE}：无法读取（${code}）`,
        });
  }
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw yamlError(text, error);
  }
  if (isObject(parsed)) return parsed;
  if (parsed === null || parsed === undefined) return {};
  throw new RunnerError('load', `${FILE} should be "q1: b" lines`, {
    zh: `${FILE} 应该是 "q1: b" 这样的行`,
  });
}

/**
 * A YAML error on one line, at its true place. The yaml library reports an unclosed `[` or `{`
 * where it gave up (the next key, lines later): the place is the bracket that was never closed.
 */
function yamlError(text: string, error: unknown): RunnerError {
  if (!(error instanceof YAMLParseError)) {
    const why = oneLine(String(error));
    return new RunnerError('load', `${FILE}: ${why}`, { zh: `${FILE}：${why}` });
  }
  const why = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const closer = /end with an? ([\]}])/.exec(why)?.[1];
  const opener = closer ? unclosed(text.slice(0, error.pos[0]), closer === ']' ? '[' : '{') : null;
  const at = opener ?? { line: error.linePos?.[0].line ?? 1, col: error.linePos?.[0].col ?? 1 };
  const location = { file: FILE, line: at.line, column: at.col };
  const where = `${FILE}:${at.line}:${at.col}`;
  if (opener && closer) {
    const open = closer === ']' ? '[' : '{';
    return new RunnerError('load', `${where}: this ${open} is never closed with ${closer}`, {
      location,
      zh: `${where}：这里的 ${open} 没有用 ${closer} 闭合`,
    });
  }
  // `q2: resources.subscribe: true`: a second `: ` on the line makes it a mapping in a mapping.
  if (/^Nested mappings are not allowed in compact mappings/.test(why)) {
    return new RunnerError(
      'load',
      `${where}: ${why} (put an answer that holds a colon in quotes)`,
      {
        location,
        zh: `${where}：${why}（YAML 格式错误；答案里有冒号时，请给整个答案加上引号）`,
      },
    );
  }
  return new RunnerError('load', `${where}: ${why}`, {
    location,
    zh: `${where}：${why}（YAML 格式错误）`,
  });
}

/** The first bracket `open` in `text` never closed (quotes and comments skipped), or null. */
function unclosed(text: string, open: '[' | '{'): { line: number; col: number } | null {
  const close = open === '[' ? ']' : '}';
  const stack: Array<{ line: number; col: number }> = [];
  text.split('\n').forEach((content, i) => {
    let quote: string | null = null;
    for (let j = 0; j < content.length; j++) {
      const ch = content[j];
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '#' && (j === 0 || /\s/.test(content[j - 1] ?? ''))) break;
      else if (ch === open) stack.push({ line: i + 1, col: j + 1 });
      else if (ch === close) stack.pop();
    }
  });
  return stack[0] ?? null;
}

/**
 * How many answers may be wrong or missing for the quiz to mark them. Marks given answer by
 * answer, on every run, gave the key away to a loop in four runs (all a, all b, all c, all d:
 * each question right or wrong under its letter). So the marks come only once at most this many
 * of the twelve are not right; until then no answer is marked right or wrong, and the report does
 * not say how many are, only where the spec answers each question. A learner who has read most
 * of it gets there at once; a script that guesses letters at random gets one run in hundreds
 * that shows anything (docs/exercises.md). Each question is still one check of its own points.
 */
export const MARKED_WITH_AT_MOST_WRONG = 3;

/** What one answer is, before the quiz decides whether to say so. */
type Answer =
  | { readonly kind: 'unanswered' }
  /** Not an answer to grade (two letters, a side not named): how to write one, which tells nothing. */
  | { readonly kind: 'unreadable'; readonly message: Bilingual }
  | { readonly kind: 'graded'; readonly right: boolean; readonly message: Bilingual };

function answerOf(q: Question, raw: unknown): Answer {
  if (raw === undefined || raw === null || String(raw).trim() === '') return { kind: 'unanswered' };
  const text = normalise(raw);
  const given = isChoice(q) ? letterOf(text) : q.read ? q.read.answer(text) : text;
  if (given === null && q.read) {
    return {
      kind: 'unreadable',
      message: bi(
        `${q.read.how.en}; saw ${JSON.stringify(raw)}`,
        `${q.read.how.zh}；你的答案是 ${JSON.stringify(raw)}`,
      ),
    };
  }
  // "b or c", "b, c", "bc": naming several options is not an answer.
  if (given === null) return { kind: 'unreadable', message: ONE_LETTER(raw) };
  const hashed = digest(q.key, given);
  const right = q.accept.includes(hashed);
  return {
    kind: 'graded',
    right,
    message: right
      ? lines(bi('right.', '正确。'), q.why)
      : lines(
          bi(`not right: ${JSON.stringify(raw)}.`, `不正确：${JSON.stringify(raw)}。`),
          q.wrong[hashed] ?? q.wrong.other,
          bi(`read: ${reading(q).en}`, `请阅读：${reading(q).zh}`),
        ),
  };
}

/** The spec sections that answer a question, as code spans (their titles are the spec's own). */
const reading = (q: Question) => {
  const spans = q.section.map((section) => `\`${section}\``);
  return bi(spans.join(', '), spans.join('、'));
};

/** What every answer not yet marked says: the same words whether it is right or not. */
const notMarked = (q: Question) =>
  bi(
    `not marked yet: the quiz marks the answers once at most ${MARKED_WITH_AT_MOST_WRONG} of the 12 are wrong or missing (it does not say how many are now); for this one, read ${reading(q).en}`,
    `尚未评判：12 道题中答错或未答的不超过 ${MARKED_WITH_AT_MOST_WRONG} 道时，小测验才会评判各题的答案（现在有几道不对，它不会说）；这一题请阅读 ${reading(q).zh}`,
  );

export const quizRubric: Rubric = {
  id: '07-capability-quiz',
  checks: QUESTIONS.map((q) => ({ name: q.key, points: q.points, about: q.about })),
  async run(ctx: CheckContext) {
    // A file that cannot be read is an error of the learner's files, as code that does not load.
    const answers = readAnswers(ctx.dir);
    const given = QUESTIONS.map((q) => ({ q, answer: answerOf(q, answers[q.key]) }));
    const notRight = given.filter(({ answer }) => !(answer.kind === 'graded' && answer.right));
    const marked = notRight.length <= MARKED_WITH_AT_MOST_WRONG;
    for (const { q, answer } of given) {
      if (answer.kind === 'unanswered') {
        // The explanation comes only after a try.
        ctx.record(q.key, false, bi('not answered yet', '尚未作答'));
      } else if (answer.kind === 'unreadable') {
        ctx.record(q.key, false, answer.message);
      } else if (marked) {
        ctx.record(q.key, answer.right, answer.message);
      } else {
        ctx.record(q.key, false, notMarked(q));
      }
    }
  },
};
