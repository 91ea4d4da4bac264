import type { BatchPosition, HttpHeaders, StepReport } from '../machine/index.js';
// Not from the protocol's index: that would load the SDK's zod schemas before a lesson's first
// frame, which needs only the catalogue's meanings and the field notes.
import type { Bilingual } from '../protocol/catalogue.js';
import type { Direction } from '../protocol/direction.js';
import { idText } from '../protocol/envelope.js';
import { type Annotation, annotate } from '../protocol/fields.js';
import { type JsonObject, jsonText, nearestPresent, valueAt } from '../protocol/json.js';
import { methodMeaning } from '../protocol/method-labels.js';
import type { KnownVersion } from '../protocol/versions.js';
import { visible } from '../protocol/visible.js';
import type { Abandoned, PeerViews, Step } from '../session/index.js';
// Not from the session's or the trace's index: those load the referee before the first frame.
import { abandonNote, stepProblem, traceProblemOf } from '../session/step.js';
import { problemLine } from '../trace/format-text.js';
import { SEVERITY_MARK } from './violation-list.js';
import { visibleData } from './visible-data.js';

/**
 * A step as the screen and the handouts draw it: the session log's `Step` with what the screen
 * adds for a reader — the narration (the lesson's, or what the catalogue says of the method), the
 * meaning of each field, and what the two panels show. Nothing here judges the message again.
 */
export type ScreenStep = {
  /** The step's place on the screen (0-based). */
  readonly index: number;
  readonly t: number;
  /**
   * When it crossed, in ms, if the source read a clock: a transcript's `t_ms` counted from its
   * first line that has one, a live transport's from its start. Null for a lesson, whose clock is
   * virtual, and for a transcript line without `t_ms`.
   */
  readonly time: number | null;
  readonly direction: Direction;
  /** The envelope as sent; null for a step where the transport closed instead. */
  readonly message: JsonObject | null;
  /** The HTTP request headers it was POSTed with, when its source knew them (lower-case names). */
  readonly headers: HttpHeaders | null;
  readonly closedBy: 'client' | 'server' | null;
  /** The request whose HTTP response stream the client closed at this step (no message then). */
  readonly abandoned: Abandoned | null;
  /**
   * A transcript's line that is not a message, as `mcp-sim trace` reports it ("line 3: …"); null
   * for a message or a close. Such a step has no envelope and no verdict.
   */
  readonly problem: Bilingual | null;
  /** The transcript line it came from, when the source has lines. */
  readonly line: number | null;
  /**
   * It came as an HTTP POST body the live view shows (`serve --http --ui`): a body that is no
   * message is named by the step the view counts, not by a line of a file the view never wrote.
   */
  readonly body?: true;
  /** Its place in the JSON-RPC batch its line held (2025-03-26), else null. */
  readonly batch: BatchPosition | null;
  readonly note: Bilingual;
  /**
   * The note is the lesson's own (Markdown its author wrote), not the program's words about a
   * recorded or live message, which may quote what a peer sent (a method name).
   */
  readonly authored: boolean;
  readonly annotations: readonly Annotation[];
  /** Pointers of the fields the lesson explains itself at this step: their meanings come first. */
  readonly featured: readonly string[];
  /**
   * Pointers of the fields the verdict's findings are placed on (each meaning starts with the
   * finding, which quotes what a peer sent): first the first finding's, where `e` opens.
   */
  readonly findings: readonly string[];
  readonly events: readonly Bilingual[];
  readonly fault: string | null;
  /** A fault's own message the referee judges only at the next step, its reveal (StepNotes). */
  readonly judgedLater: boolean;
  /** The referee's verdict on the envelope; null for a close step. */
  readonly report: StepReport | null;
  readonly phases: Step['phases'];
  /** The session's era after the step: a modern one has no lifecycle to show. */
  readonly era: Step['session']['era'];
  /** The revision whose rules judge the session (2026-07-28 for a modern one). */
  readonly revision: string;
  readonly peers: PeerViews;
};

/**
 * A recorded message has no narration: say what its method means, from the catalogue (or, in a
 * modern session, the official extension that defines it), as the revision that judges the session
 * has it (2026-07-28 changed what some methods do, and moved tasks to an extension).
 */
function describe(report: StepReport, version: KnownVersion): Bilingual {
  const method = report.method;
  const meaning = method ? methodMeaning(method, version) : null;
  const name = method ?? '?';
  switch (report.kind) {
    case 'response':
      return {
        en: `The answer to ${name} #${report.id === null ? 'null' : idText(report.id)}.${meaning ? ` (${meaning.en})` : ''}`,
        zh: `对 ${name} #${report.id === null ? 'null' : idText(report.id)} 的回应。${meaning ? `（${meaning.zh}）` : ''}`,
      };
    case 'error':
      // An error without an id answers a body the server could not read as a request: a parse
      // error, an invalid request (JSON-RPC 2.0 › Response object; 2025-11-25/schema ›
      // JSONRPCErrorResponse, whose id is optional). "An error response to ?." told nothing.
      if (method === null && report.id === null)
        return {
          en: 'An error response with no id: it answers something that could not be read as a request (not JSON, or not a JSON-RPC request), so it can name none.',
          zh: '一条没有 id 的错误回应：它回应的内容无法读成请求（不是 JSON，或不是 JSON-RPC 请求），所以无从写出 id。',
        };
      return {
        en: `An error response to ${name}${report.id !== null ? ` #${idText(report.id)}` : ''}.`,
        zh: `对 ${name}${report.id !== null ? ` #${idText(report.id)}` : ''} 的错误回应。`,
      };
    default:
      return (
        meaning ?? {
          en: `${name}: not a method MCP defines.`,
          zh: `${name}：不是 MCP 定义的方法。`,
        }
      );
  }
}

function closeNote(closedBy: 'client' | 'server'): Bilingual {
  return {
    en: `The ${closedBy} ends the session: nothing more is sent, and both sides are in shutdown.`,
    zh: `${closedBy === 'client' ? '客户端' : '服务器'}结束了会话：之后不再发送任何消息，双方都进入关闭阶段。`,
  };
}

/** No colour: the screen paints with its theme, not with the report's escapes. */
const PLAIN = {
  dim: (x: string) => x,
  bold: (x: string) => x,
  red: (x: string) => x,
  yellow: (x: string) => x,
  green: (x: string) => x,
  cyan: (x: string) => x,
  magenta: (x: string) => x,
};

/** Why a line could not be read, in the words `trace` prints for it: its own formatter. */
function traceProblem(step: Step): Bilingual | null {
  const problem = traceProblemOf(step);
  if (problem === null) return null;
  return {
    en: problemLine(problem, PLAIN, 'en').trim(),
    zh: problemLine(problem, PLAIN, 'zh').trim(),
  };
}

/**
 * What a line that is no message held, as written between backticks and cut to one short line;
 * null when nothing was kept. An unreadable step keeps its line's text, so a line `"a string"`
 * (JSON, but no message) and a line `a string` (no JSON) show as they differ; a message step's
 * message (a wrapped `"message": null`) shows as its JSON text. Controls show as escapes.
 */
function heldText(step: Step): string | null {
  const held = step.kind === 'unreadable' ? step.raw : step.message;
  if (held === undefined || held === '') return null;
  const text = (typeof held === 'string' ? held : jsonText(held)).replace(/\s+/g, ' ').trim();
  return `\`${visible(text.length > HELD_CHARS ? `${text.slice(0, HELD_CHARS)}…` : text)}\``;
}

const HELD_CHARS = 80;

/**
 * Where a step that is no message came from, as the learner can find it: a transcript's or
 * stdio's `line` (the number trace prints), a POST `body` the live view shows (named by the step
 * the view counts, "step 6/7" in its status line: the session log's count is no line the teacher
 * can find, and there may be no transcript at all), or a simulated `message` (a lesson's or the
 * sandbox's: there is no line to name, only the step).
 */
type Held = 'line' | 'body' | 'message';

const heldAs = (step: Step, body: boolean): Held =>
  body ? 'body' : step.line === null ? 'message' : 'line';

/** Why the step is not a message: trace's own line for a line, else named by its step. */
function stepProblemNamed(step: Step, index: number, held: Held): Bilingual | null {
  if (held === 'line') return traceProblem(step);
  const en = stepProblem(step, 'en');
  if (en === null) return null;
  const zh = stepProblem(step, 'zh') ?? en;
  return { en: `step ${index + 1}: ${en}`, zh: `第 ${index + 1} 步：${zh}` };
}

const THIS = {
  line: { en: 'this line', zh: '这一行' },
  body: (n: number) => ({ en: `this POST body (step ${n})`, zh: `这个 POST 正文（第 ${n} 步）` }),
  message: (n: number) => ({ en: `this message (step ${n})`, zh: `这条消息（第 ${n} 步）` }),
};

/** What the step held, and why it is no message: trace's words for a line, "Why:" otherwise. */
function problemNote(
  step: Step,
  index: number,
  held: Held,
  problem: Bilingual,
  judged: boolean,
): Bilingual {
  const text = heldText(step);
  const what =
    text === null ? { en: '', zh: '' } : { en: ` It held ${text}.`, zh: `它的内容是 ${text}。` };
  const n = index + 1;
  const it = held === 'line' ? THIS.line : THIS[held](n);
  // A line keeps trace's own line (its words name it); a body or message, its reason alone.
  const why =
    held === 'line'
      ? { en: ` mcp-sim trace says: ${problem.en}`, zh: `mcp-sim trace 的说明：${problem.zh}` }
      : {
          en: ` Why: ${stepProblem(step, 'en') ?? ''}`,
          zh: `原因：${stepProblem(step, 'zh') ?? ''}`,
        };
  const It = `${it.en[0]?.toUpperCase()}${it.en.slice(1)}`;
  // JSON the referee read, but no JSON-RPC message: the sender broke invalid-envelope.
  if (judged) {
    return {
      en: `The referee read ${it.en} and found no JSON-RPC message: the sender breaks the envelope rules (a receiver answers -32600 Invalid Request).${what.en}${why.en}`,
      zh: `裁判读到了${it.zh}，但它不是 JSON-RPC 消息：发送方违反了消息格式规则（接收方以 -32600 Invalid Request 回应）。${what.zh}${why.zh}`,
    };
  }
  return {
    en: `${It} is not a message, so the referee never saw it.${what.en}${why.en}`,
    zh: `${it.zh}不是消息，裁判没有看到它。${what.zh}${why.zh}`,
  };
}

/**
 * The requests in flight after a step, as the referee saw them cross the wire: the client's
 * requests still unanswered (its `pending`, the server's `working`) and the server's own (`asked`).
 * A simulated peer may hold a message it has not sent (the retry of an input_required round that
 * a lesson then sends broken, or not at all); the panels show what is on the wire.
 */
function wireWork(step: Step) {
  const byClient = step.session.pending.filter((p) => p.requester === 'client');
  const byServer = step.session.pending.filter((p) => p.requester === 'server');
  const named = (p: (typeof byClient)[number]) => `${p.method} #${idText(p.id)}`;
  return {
    pending: byClient.map(named),
    working: byClient.map((p) => idText(p.id)),
    asked: byServer.map((p) => ({ method: p.method, id: idText(p.id) })),
  };
}

/** What the panels can know from the wire alone: declarations, the version, the tools last listed. */
function wirePeers(step: Step): PeerViews {
  const { session, tools } = step;
  const { pending, working, asked } = wireWork(step);
  return {
    client: {
      capabilities: session.capabilities.client ?? {},
      // The version each side holds: the server the one it answered, the client only one the wire
      // shows it supports (a counter-offer it may refuse by disconnecting is not its version).
      negotiatedVersion: session.handshake.acceptedVersion,
      tools,
      toolsStale: false,
      pending,
    },
    server: {
      capabilities: session.capabilities.server ?? {},
      negotiatedVersion: session.handshake.negotiatedVersion,
      tools,
      subscriptions: [],
      logLevel: '',
      // What the wire shows the server owes: the client's requests it has not answered yet.
      working,
      asked,
    },
    ...modernPeers(step),
  };
}

/** A simulated peer's own state, its work in flight as the wire shows it. */
function simulatedPeers(peers: PeerViews, step: Step): PeerViews {
  const { pending, working, asked } = wireWork(step);
  return {
    ...peers,
    client: { ...peers.client, pending },
    server: { ...peers.server, working, asked },
    ...modernPeers(step),
  };
}

/** What the envelopes of a modern session declared, for the panels; nothing for a legacy one. */
function modernPeers({ session }: Step): Pick<PeerViews, 'modern'> {
  if (session.era !== 'modern') return {};
  return {
    modern: {
      revision: session.ruleVersion,
      declaredVersion: session.declaredVersion,
      client: { capabilities: session.capabilities.client, info: session.info.client },
      server: {
        versions: session.discover?.supportedVersions ?? null,
        capabilities: session.capabilities.server,
        info: session.info.server,
      },
    },
  };
}

/** The lesson's own field notes win over the generated ones for the same pointer. */
function mergeAnnotations(
  generated: readonly Annotation[],
  extra: readonly Annotation[] | undefined,
): readonly Annotation[] {
  if (!extra || extra.length === 0) return generated;
  const byPointer = new Map(generated.map((a) => [a.pointer, a] as const));
  for (const a of extra) byPointer.set(a.pointer, a);
  return [...byPointer.values()];
}

const NONE = { annotations: [], featured: [], findings: [] } as const;

/**
 * A message's field meanings: the generated ones, the lesson's own (which win for their field),
 * and the verdict's findings placed on their fields. Featured (listed first): the lesson's fields
 * and the findings'.
 */
function annotated(
  message: JsonObject,
  report: StepReport | null,
  own: readonly Annotation[] | undefined,
  revision: KnownVersion,
): Pick<ScreenStep, 'annotations' | 'featured' | 'findings'> {
  const merged = mergeAnnotations(annotate(message, report?.method ?? null, revision), own);
  const featured = (own ?? []).map((a) => a.pointer);
  const { annotations, placed } = placeFindings(message, merged, report, new Set(featured));
  return {
    annotations,
    featured: [...featured, ...placed.filter((p) => !featured.includes(p))],
    findings: placed,
  };
}

/** A finding's words without the pointer it starts with (the meaning is listed under it). */
function unplaced(text: string, pointer: string): string {
  for (const colon of [': ', '：']) {
    if (text.startsWith(`${pointer}${colon}`)) return text.slice(pointer.length + colon.length);
  }
  return text;
}

/**
 * Where the verdict's findings are: each violation that names its field (a JSON pointer in the
 * message) becomes that field's first meaning, `✗ rule: what is wrong` (`!` for a warning), put
 * before whatever the field otherwise means. Read from the step's verdict, never judged again.
 */
function placeFindings(
  message: JsonObject,
  annotations: readonly Annotation[],
  report: StepReport | null,
  authored: ReadonlySet<string>,
): { readonly annotations: readonly Annotation[]; readonly placed: readonly string[] } {
  const found = new Map<string, Bilingual>();
  for (const v of report?.violations ?? []) {
    if (v.pointer === undefined) continue;
    // A missing field is told on the object that lacks it, the finding naming the field.
    const at = nearestPresent(v.pointer, (p) => valueAt(message, p) !== undefined);
    if (at === '') continue;
    const mark = `${SEVERITY_MARK[v.severity]} ${v.rule}`;
    // Where the lesson explains the field itself, the mark leads its words: the finding's own
    // are in the verdict callout beside it, and twice would crowd a small screen.
    const text = authored.has(at)
      ? { en: mark, zh: mark }
      : {
          en: `${mark}: ${at === v.pointer ? unplaced(v.message, at) : v.message}`,
          zh: `${mark}：${at === v.pointer ? unplaced(v.messageZh, at) : v.messageZh}`,
        };
    const before = found.get(at);
    found.set(at, before ? { en: `${before.en} ${text.en}`, zh: `${before.zh} ${text.zh}` } : text);
  }
  if (found.size === 0) return { annotations, placed: [] };
  const byPointer = new Map(annotations.map((a) => [a.pointer, a] as const));
  for (const [pointer, text] of found) {
    const meant = byPointer.get(pointer)?.text;
    byPointer.set(pointer, {
      pointer,
      text: meant ? { en: `${text.en} — ${meant.en}`, zh: `${text.zh}——${meant.zh}` } : text,
    });
  }
  return { annotations: [...byPointer.values()], placed: [...found.keys()] };
}

/**
 * A line the referee never judged: not a message at all (not JSON, a removed batch). A line it read
 * and found no JSON-RPC message is a problem too, but with its verdict (invalid-envelope).
 */
export const unjudged = (step: ScreenStep): boolean => step.problem !== null && !step.report;

/**
 * A step for the screens. Everything but the envelope is made visible here (control characters
 * written out): the envelope keeps its values as sent, and the JSON views escape them themselves.
 * `from` is what the source reads: lines (a transcript, stdio, a lesson), or the POST bodies the
 * live view shows, whose steps it counts.
 */
export function screenStep(
  step: Step,
  index: number = step.index,
  asProblem = false,
  from: 'lines' | 'bodies' = 'lines',
): ScreenStep {
  const message = step.kind === 'message' && !asProblem ? (step.message as JsonObject) : null;
  const described = visibleData(describedStep(step, index, asProblem, from === 'bodies'));
  let peers: PeerViews | null = null;
  return {
    ...described,
    message,
    // Built (and made visible) when the screen shows the step, never before: `play` makes a
    // screen step of every message up front, and listing what is pending at each of them would
    // cost the square of a long transcript of unanswered requests. So it is no data property of
    // what visibleData walks or a spread copies: either would build it for every step.
    get peers() {
      // A simulated peer's own state, plus what a modern session's envelopes declared.
      peers ??= visibleData(
        step.notes?.peers ? simulatedPeers(step.notes.peers, step) : wirePeers(step),
      );
      return peers;
    },
  };
}

/**
 * The step with `more` events after its own. Not a spread, which would build the step's panels
 * (its `peers` getter) for every step a caller copies so: the copy keeps the getter.
 */
export function withEvents(step: ScreenStep, more: readonly Bilingual[]): ScreenStep {
  if (more.length === 0) return step;
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(step)) as ScreenStep;
  Object.defineProperty(copy, 'events', {
    value: [...step.events, ...more],
    enumerable: true,
    writable: false,
  });
  return copy;
}

function describedStep(
  step: Step,
  index: number,
  asProblem: boolean,
  body: boolean,
): Omit<ScreenStep, 'message' | 'peers'> {
  const notes = step.notes;
  const unread = asProblem || step.kind === 'unreadable';
  const held = heldAs(step, body);
  const problem = !unread ? null : stepProblemNamed(step, index, held);
  // An envelope that is no JSON-RPC message is a problem line with the referee's verdict on it.
  const report =
    step.kind === 'message' && (problem === null || step.verdict?.kind === 'invalid')
      ? step.verdict
      : null;
  const message = step.kind === 'message' && problem === null ? (step.message as JsonObject) : null;
  const closedBy = step.kind === 'close' ? step.closedBy : null;
  return {
    index,
    t: step.t,
    time: step.timed ? step.t : null,
    direction: step.direction,
    headers: message ? step.headers : null,
    closedBy,
    abandoned: step.kind === 'abandon' ? step.abandoned : null,
    problem,
    line: step.line,
    ...(body && problem !== null ? { body: true as const } : {}),
    batch: message ? step.batch : null,
    note:
      notes?.note ??
      (problem !== null
        ? problemNote(step, index, held, problem, report !== null)
        : report
          ? describe(report, step.session.ruleVersion)
          : closedBy
            ? closeNote(closedBy)
            : (abandonNote(step) ?? { en: '', zh: '' })),
    authored: notes?.note !== undefined,
    ...(message ? annotated(message, report, notes?.annotations, step.session.ruleVersion) : NONE),
    events: notes?.events ?? [],
    fault: notes?.fault ?? null,
    judgedLater: notes?.revealedNext === true,
    report,
    phases: step.phases,
    era: step.session.era,
    revision: step.session.ruleVersion,
  };
}

/**
 * The steps a screen shows, in order: messages and closes. A recorded or live session's broken
 * envelopes are its problems, as `trace` reports them: `play` and `connect` show each as a step of
 * its own with trace's words (`problem`); a lesson shows the faults it plays, and the live view
 * every envelope the server got. A line that is not a message at all (not JSON, a batch where
 * batches are gone) is a step of its own wherever it is shown: the referee never saw it, so it has
 * no verdict to show, only trace's words.
 */
export function screenSteps(
  steps: readonly Step[],
  options: { readonly invalid: 'show' | 'problem' } = { invalid: 'show' },
): ScreenStep[] {
  const shown: ScreenStep[] = [];
  for (const step of steps) {
    const problem =
      step.kind === 'unreadable' || (options.invalid === 'problem' && stepProblem(step) !== null);
    shown.push(screenStep(step, shown.length, problem));
  }
  return shown;
}
