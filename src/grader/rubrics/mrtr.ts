import type { Bilingual } from '../../i18n/lang.js';
import type { JsonObject } from '../../protocol/index.js';
import { modernErrorDataIssues } from '../../protocol/modern-schema.js';
import { SessionLog } from '../../session/index.js';
import type { Runner } from '../runner.js';
import { C2S, nameOf, S2C, type Sent, violationLines } from '../session.js';
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
 * Exercise 9: multi round-trip requests (2026-07-28 basic/patterns/mrtr). The learner's
 * `callTool(request, ctx)` answers tools/call of `deploy` with input_required rounds and finishes
 * on the client's retry; `buildRetry` is the client's half. The grader plays the client (and, with
 * tampered or replayed requestState, a malicious one); the referee judges every envelope.
 */

const MODERN = '2026-07-28';
const MINUTE = 60_000;

/** The first answer of an input_required result's one input request, and its form's field. */
type Round = {
  readonly key: string;
  readonly field: string;
  readonly state: string | undefined;
};

/**
 * Why a -32021's data does not list what the tool lacks (basic/index: `data.requiredCapabilities`
 * lists the missing capabilities), or null. The data must be what the 2026-07-28 schema's
 * MissingRequiredClientCapabilityError allows (`requiredCapabilities` a ClientCapabilities:
 * elicitation's `form` and `url` are objects), and the tool needs form elicitation and nothing
 * else: `elicitation` with `form` (or `{}`, which means form), no other mode of it (url), and no
 * capability it does not use. `{"elicitation":{"form":{},"url":"yes"}}` and
 * `{"elicitation":{"form":{},"url":{}}}` passed before.
 */
export function missingNamed(data: unknown): Bilingual | null {
  const [invalid] = modernErrorDataIssues(-32021, data);
  const required = isObject(data) ? data.requiredCapabilities : undefined;
  const elicitation = isObject(required) ? required.elicitation : undefined;
  const others = isObject(required) ? Object.keys(required).filter((k) => k !== 'elicitation') : [];
  const modes = isObject(elicitation) ? Object.keys(elicitation).filter((k) => k !== 'form') : [];
  const formOk =
    isObject(elicitation) && (Object.keys(elicitation).length === 0 || isObject(elicitation.form));
  if (!invalid && formOk && others.length === 0 && modes.length === 0) return null;
  const saw = JSON.stringify(isObject(data) ? data : (data ?? null));
  const schema = invalid
    ? bi(
        `, which the 2026-07-28 schema (MissingRequiredClientCapabilityError) refuses at ${invalid.pointer}: ${invalid.message}`,
        `，2026-07-28 模式（MissingRequiredClientCapabilityError）不接受它（位置 ${invalid.pointer}）：${invalid.messageZh}`,
      )
    : modes.length > 0
      ? bi(
          ` (it names ${modes.map((m) => `elicitation.${m}`).join(', ')}, which the tool does not use)`,
          `（其中列出了工具用不到的 ${modes.map((m) => `elicitation.${m}`).join('、')}）`,
        )
      : bi('', '');
  return bi(
    `expected: -32021 whose data.requiredCapabilities lists what the tool lacks, form-mode elicitation and nothing else ({"elicitation":{"form":{}}}); saw data ${saw}${schema.en}`,
    `期望：-32021 的 data.requiredCapabilities 列出工具缺少的能力，即表单模式的 elicitation，别无其他（{"elicitation":{"form":{}}}）；实际 data 为 ${saw}${schema.zh}`,
  );
}

/** The round an answer asks for, or null when it is not one input_required with one form. */
export function roundOf(answer: Answer): Round | null {
  const result = answer.result;
  if (result?.resultType !== 'input_required' || !isObject(result.inputRequests)) return null;
  const entries = Object.entries(result.inputRequests);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) return null;
  const [key, request] = entry;
  if (!isObject(request) || request.method !== 'elicitation/create') return null;
  const params = isObject(request.params) ? request.params : {};
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : {};
  const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const [field] = properties;
  if (!field) return null;
  const state = typeof result.requestState === 'string' ? result.requestState : undefined;
  return { key, field, state };
}

/** The text of a complete result, or null when the answer is not one. */
export function completeText(answer: Answer): string | null {
  const result = answer.result;
  if (result?.resultType !== 'complete' || !Array.isArray(result.content)) return null;
  return result.content
    .map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : ''))
    .join('\n');
}

const first = (...reasons: Array<Bilingual | null>): Bilingual | null =>
  reasons.find((r) => r !== null) ?? null;

type Client = {
  readonly conn: Connection;
  /** The server's clock for the next call. */
  now: number;
};

/** A client of the learner's server: every tools/call goes to `callTool(request, ctx)`. */
function connect(runner: Runner, secret: string, start: number): Client {
  const client: Client = {
    now: start,
    conn: openConnection((request) =>
      runner.call('callTool', [request, { secret, now: client.now }]),
    ),
  };
  return client;
}

const ELICIT_CAPS: readonly JsonObject[] = [{ elicitation: { form: {} } }, { elicitation: {} }];

export function callParams(rng: Random, service: string, caps?: JsonObject): JsonObject {
  return {
    name: 'deploy',
    arguments: { service },
    _meta: envelope({
      version: MODERN,
      capabilities: caps ?? rng.pick(ELICIT_CAPS),
      clientInfo: { name: 'mcp-sim-grader', version: '1.0.0' },
    }),
  };
}

export const accept = (field: string, value: string) => ({
  action: 'accept',
  content: { [field]: value },
});

/** The user said no: declined the form, or dismissed it (client/elicitation › Response Actions). */
const NO_ANSWERS = ['decline', 'cancel'] as const;

/**
 * Why an answer deployed `service` when the user declined or cancelled the question, or null:
 * servers MUST handle a decline or a cancel (2026-07-28 client/elicitation › Error Handling), and
 * a deployment nobody accepted is not that. Any other answer deploys nothing: a result that says
 * so, an error, or the question asked again.
 */
function deployedUnasked(
  answer: Answer,
  service: string,
  action: string,
  round: Bilingual,
): Bilingual | null {
  if (!completeText(answer)?.includes(`Deployed ${service}`)) return null;
  return bi(
    `expected: a retry whose answer to ${round.en} was {"action":"${action}"} (the user ${action === 'decline' ? 'declined the form' : 'dismissed the form without a choice'}; 2026-07-28 client/elicitation › Response Actions) deploys nothing: servers MUST handle a decline or a cancel (› Error Handling); say so, as deployHandshakeEra does ("Deployment of ${service} cancelled."); saw: ${shown(answer)}`,
    `期望：对${round.zh}的回答为 {"action":"${action}"} 的重试不部署任何东西（用户${action === 'decline' ? '拒绝了表单' : '未作选择就关闭了表单'}，见 2026-07-28 client/elicitation 的“回应动作”一节）：服务器必须处理拒绝或取消（同页“错误处理”一节）；像 deployHandshakeEra 那样说明（"Deployment of ${service} cancelled."）；实际：${shown(answer)}`,
  );
}

/** A retry of `params` with answers and (when given) a state: a new id, as the client must. */
function retry(
  client: Client,
  params: JsonObject,
  responses: JsonObject,
  state: string | undefined,
): Promise<Answer> {
  return client.conn.ask('tools/call', {
    ...params,
    inputResponses: responses,
    ...(state !== undefined ? { requestState: state } : {}),
  });
}

const notRound = (answer: Answer, what: Bilingual): Bilingual =>
  bi(
    `expected: ${what.en}: {"resultType":"input_required","inputRequests":{"<key>":{"method":"elicitation/create","params":{"mode":"form","message":…,"requestedSchema":{…}}}},…}; saw: ${shown(answer)}`,
    `期望：${what.zh}：{"resultType":"input_required","inputRequests":{"<key>":{"method":"elicitation/create","params":{"mode":"form","message":…,"requestedSchema":{…}}}},…}；实际：${shown(answer)}`,
  );

const notDone = (answer: Answer, text: string, what: Bilingual): Bilingual | null =>
  completeText(answer)?.includes(text) && answer.result?.isError !== true
    ? null
    : bi(
        `expected: ${what.en}: {"resultType":"complete","content":[{"type":"text","text":"${text}"}]}; saw: ${shown(answer)}`,
        `期望：${what.zh}：{"resultType":"complete","content":[{"type":"text","text":"${text}"}]}；实际：${shown(answer)}`,
      );

type Flow = {
  readonly reason: Bilingual | null;
  /** The second round's state, when the flow got that far. */
  readonly state?: string;
  readonly field?: string;
  readonly key?: string;
  readonly params?: JsonObject;
  /** The first round's key and field (where to deploy). */
  readonly where?: { readonly key: string; readonly field: string };
};

/** deploy to production: the first round, its retry (a second round), and the last retry. */
async function production(
  runner: Runner,
  client: Client,
  rng: Random,
  service: string,
  options: { readonly fresh: boolean; readonly finish: boolean },
): Promise<Flow> {
  const params = callParams(rng, service);
  const one = await client.conn.ask('tools/call', params);
  const r1 = roundOf(one);
  if (!r1)
    return {
      reason: notRound(one, bi('the first call asks where to deploy', '第一次调用询问部署到哪里')),
    };
  client.now += rng.int(5, 90) * 1000;
  if (options.fresh) await runner.reload();
  const two = await retry(client, params, { [r1.key]: accept(r1.field, 'production') }, r1.state);
  const r2 = roundOf(two);
  if (!r2)
    return {
      reason: notRound(
        two,
        bi(
          'the retry that chose "production" gets a second round asking for confirmation',
          '选择 "production" 的重试得到第二轮，请求确认',
        ),
      ),
    };
  if (r2.state === undefined) {
    return {
      reason: bi(
        `expected: the second round carries a requestState (the environment chosen in the first round must reach the last retry, which brings only the confirmation); saw: ${shown(two)}`,
        `期望：第二轮带有 requestState（第一轮选定的环境必须传到最后一次重试，而最后一次重试只带确认）；实际：${shown(two)}`,
      ),
    };
  }
  const flow = {
    reason: null,
    state: r2.state,
    field: r2.field,
    key: r2.key,
    params,
    where: { key: r1.key, field: r1.field },
  };
  if (!options.finish) return flow;
  client.now += rng.int(5, 90) * 1000;
  if (options.fresh) await runner.reload();
  // A user who declined or dismissed the confirmation has not confirmed: nothing deploys.
  for (const action of rng.shuffle([...NO_ANSWERS])) {
    const no = await retry(client, params, { [r2.key]: { action } }, r2.state);
    const why = deployedUnasked(
      no,
      service,
      action,
      bi('the confirmation (production chosen)', '确认（已选择 production）'),
    );
    if (why) return { ...flow, reason: why };
  }
  // A user who typed something else than the service's name has not confirmed: nothing deploys.
  // Its last letter changed, only its start, or nothing at all: a check that took any beginning
  // of the name (service.startsWith(answer)) for a confirmation scored 17/17 on the first alone.
  // And the name with more around it, after it or before it: a check that took any answer
  // containing the name (answer.includes(service)) for a confirmation scored 17/17.
  const typos = [
    `${service.slice(0, -1)}${service.endsWith('x') ? 'y' : 'x'}`,
    service.slice(0, rng.int(1, service.length - 1)),
    '',
    `${service}-old`,
    `new-${service}`,
  ];
  for (const typo of rng.shuffle(typos)) {
    const wrong = await retry(client, params, { [r2.key]: accept(r2.field, typo) }, r2.state);
    if (completeText(wrong)?.includes('to production')) {
      return {
        ...flow,
        reason: bi(
          `expected: a confirmation that does not match the service ("${typo}" for "${service}") deploys nothing (say so, as deployHandshakeEra does); saw: ${shown(wrong)}`,
          `期望：与服务名不符的确认（"${typo}"，服务是 "${service}"）不会部署任何东西（像 deployHandshakeEra 那样说明）；实际：${shown(wrong)}`,
        ),
      };
    }
  }
  const three = await retry(client, params, { [r2.key]: accept(r2.field, service) }, r2.state);
  return {
    ...flow,
    reason: notDone(
      three,
      `Deployed ${service} to production.`,
      bi(
        'the retry with the confirmation and the second round’s requestState completes',
        '带着确认和第二轮 requestState 的重试完成调用',
      ),
    ),
  };
}

/** Ways a malicious client changes a state: decoded, changed and encoded again; one character changed. */
export function tamperedStates(state: string): string[] {
  const out: string[] = [];
  const parts = state.split('.');
  for (const [i, part] of parts.entries()) {
    const changed = changePart(part);
    if (changed !== null) {
      const copy = [...parts];
      copy[i] = changed;
      out.push(copy.join('.'));
      break;
    }
  }
  try {
    const plain: unknown = JSON.parse(state);
    if (isObject(plain)) out.push(JSON.stringify(withOneMore(plain)));
  } catch {
    // not plain JSON
  }
  const last = parts.at(-1) ?? state;
  const at = state.length - last.length + Math.floor(last.length / 2);
  const c = state[at] ?? 'A';
  out.push(`${state.slice(0, at)}${c === 'A' ? 'B' : 'A'}${state.slice(at + 1)}`);
  // Every part, whatever separates them (`.`, `~`, `|`…), is changed once: a field left outside
  // the seal (an expiry beside an HMAC of the rest, a service name beside a fixed token) is one a
  // client can rewrite. A number gets a 9 in front (an expiry far in the future); any other part
  // one character in its middle.
  for (const run of state.matchAll(/[A-Za-z0-9_-]+/g)) {
    const text = run[0];
    const start = run.index ?? 0;
    let changed: string;
    if (/^\d+$/.test(text)) changed = `9${text}`;
    else {
      const mid = Math.floor(text.length / 2);
      const ch = text[mid] ?? 'A';
      changed = `${text.slice(0, mid)}${ch === 'A' ? 'B' : 'A'}${text.slice(mid + 1)}`;
    }
    const edited = `${state.slice(0, start)}${changed}${state.slice(start + text.length)}`;
    if (!out.includes(edited)) out.push(edited);
  }
  return out;
}

/**
 * Does the state carry the secret itself, readable: as it is, or in the whole state or any piece
 * of it decoded from base64, base64url, hex or URL encoding? Then any client that reads one state
 * can seal its own, and no check on the server can tell: the secret has to stay the server's (an
 * HMAC keyed with it proves the state without showing it). A piece is any run of characters an
 * encoding uses, whatever separates the runs (`.`, `~`, `|`, `=`, a space…), read from each of its
 * first four characters (base64 decodes in groups of four, so a secret encoded after a prefix is
 * found at one of those offsets).
 */
export function revealsSecret(state: string, secret: string): boolean {
  const readable = (text: string) => text.includes(secret);
  if (readable(state)) return true;
  const pieces = new Set([state]);
  for (const run of state.split(/[^A-Za-z0-9+/_=%-]+/)) {
    pieces.add(run);
    for (const p of run.split('=')) pieces.add(p);
  }
  for (const part of pieces) {
    if (part === '') continue;
    const decoded: string[] = [];
    if (/^[A-Za-z0-9+/_=-]+$/.test(part)) {
      for (let from = 0; from < Math.min(4, part.length); from++) {
        const text = part.slice(from).replace(/=+$/, '');
        decoded.push(Buffer.from(text, 'base64url').toString('latin1'));
        decoded.push(Buffer.from(text, 'base64').toString('latin1'));
      }
    }
    const hex = /[0-9a-fA-F]+/.exec(part)?.[0] ?? '';
    for (const from of [0, 1]) {
      if (hex.length - from >= 2)
        decoded.push(Buffer.from(hex.slice(from), 'hex').toString('latin1'));
    }
    try {
      decoded.push(decodeURIComponent(part));
    } catch {
      // not URL-encoded
    }
    if (decoded.some(readable)) return true;
  }
  return false;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The state with one character changed, at several places across all of it: its first and last
 * characters and the middle of every piece between separators. Each character is moved 32 places
 * in the base64 alphabet, the high bit of its six: a change of the data whatever the encoding
 * (a flip of the low bits of a last base64 character could be padding a decoder ignores).
 * Separators and padding stay as they are.
 */
export function editedStates(state: string): string[] {
  const at = new Set<number>();
  const editable = (i: number) => B64.includes(state[i] ?? '.');
  const firstAt = [...state].findIndex((_, i) => editable(i));
  if (firstAt >= 0) at.add(firstAt);
  for (let i = state.length - 1; i >= 0; i--) {
    if (editable(i)) {
      at.add(i);
      break;
    }
  }
  for (const m of state.matchAll(/[A-Za-z0-9]+/g))
    at.add((m.index ?? 0) + Math.floor(m[0].length / 2));
  const out: string[] = [];
  for (const i of [...at].sort((x, y) => x - y)) {
    const c = state[i] ?? '';
    const k = B64.indexOf(c);
    if (k < 0) continue;
    const other = B64[k ^ 32] ?? 'A';
    out.push(`${state.slice(0, i)}${other}${state.slice(i + 1)}`);
  }
  return [...new Set(out)].filter((s) => s !== state);
}

/** Long runs of digits (a time in ms or s) pushed an hour later or more. */
function later(text: string): string {
  return text.replace(/\d{10,}/g, (run) => String(BigInt(run) + 3_600_000n));
}

/** The pieces of a state that decode from base64 or base64url to text, with their encoding. */
function decodedPieces(
  state: string,
): Array<{ piece: string; enc: 'base64' | 'base64url'; text: string }> {
  const out: Array<{ piece: string; enc: 'base64' | 'base64url'; text: string }> = [];
  for (const piece of new Set(state.split(/[^A-Za-z0-9+/_=-]+/))) {
    for (const enc of ['base64url', 'base64'] as const) {
      const valid = enc === 'base64url' ? /^[A-Za-z0-9_-]{4,}$/ : /^[A-Za-z0-9+/]{4,}={0,2}$/;
      if (!valid.test(piece)) continue;
      const text = Buffer.from(piece, enc).toString('utf8');
      // Printable text that encodes back to the same piece, not random bytes.
      if (!/^[\x20-\x7e]+$/.test(text)) continue;
      const again = Buffer.from(text, 'utf8').toString(enc);
      if (again.replace(/=+$/, '') !== piece.replace(/=+$/, '')) continue;
      out.push({ piece, enc, text });
      break;
    }
  }
  return out;
}

/** The state with `change` made to its plain text and to every piece decoded from base64(url). */
function rewritten(state: string, change: (text: string) => string): string[] {
  const out = new Set<string>();
  const plain = change(state);
  if (plain !== state) out.add(plain);
  for (const { piece, enc, text } of decodedPieces(state)) {
    const next = change(text);
    if (next === text) continue;
    let encoded = Buffer.from(next, 'utf8').toString(enc);
    if (enc === 'base64' && !piece.endsWith('=')) encoded = encoded.replace(/=+$/, '');
    out.add(state.split(piece).join(encoded));
  }
  return [...out];
}

/** The state with every time in it (a run of 10 digits or more, plain or in base64) made later. */
export function laterStates(state: string): string[] {
  return rewritten(state, later);
}

/** The state with the service it was issued for replaced by another, plain or in base64. */
export function retargetedStates(state: string, from: string, to: string): string[] {
  return rewritten(state, (text) => text.split(from).join(to));
}

/** The pieces of a state that are bytes in an encoding (base64url, base64, hex) it re-encodes to. */
function bytePieces(
  state: string,
): Array<{ piece: string; bytes: Buffer; encode: (b: Buffer) => string }> {
  const out: Array<{ piece: string; bytes: Buffer; encode: (b: Buffer) => string }> = [];
  for (const piece of new Set(state.split(/[^A-Za-z0-9+/_=-]+/))) {
    const encodings: Array<[RegExp, (text: string) => Buffer, (b: Buffer) => string]> = [
      [/^[A-Za-z0-9_-]+$/, (t) => Buffer.from(t, 'base64url'), (b) => b.toString('base64url')],
      [
        /^[A-Za-z0-9+/]+={0,2}$/,
        (t) => Buffer.from(t, 'base64'),
        (b) =>
          piece.endsWith('=') ? b.toString('base64') : b.toString('base64').replace(/=+$/, ''),
      ],
      [
        /^(?:[0-9a-f]{2})+$|^(?:[0-9A-F]{2})+$/,
        (t) => Buffer.from(t, 'hex'),
        (b) =>
          piece === piece.toUpperCase() ? b.toString('hex').toUpperCase() : b.toString('hex'),
      ],
    ];
    for (const [valid, decode, encode] of encodings) {
      if (!valid.test(piece)) continue;
      const bytes = decode(piece);
      if (bytes.length > 0 && encode(bytes) === piece) out.push({ piece, bytes, encode });
    }
  }
  return out;
}

/**
 * The state with the bytes of `from` turned into those of `to` (as long) by XOR, at every place
 * they could be, in every piece that decodes to bytes, without decoding anything further: what a
 * client does to a state enciphered without a MAC (a stream cipher, XOR with the secret), whose
 * layout it can guess though it cannot read it. A state sealed with an HMAC refuses each one.
 */
export function flippedStates(state: string, from: string, to: string, limit = 256): string[] {
  const a = Buffer.from(from, 'utf8');
  const b = Buffer.from(to, 'utf8');
  if (a.length !== b.length || a.equals(b)) return [];
  const delta = a.map((x, i) => x ^ (b[i] as number));
  const out = new Set<string>();
  for (const { piece, bytes, encode } of bytePieces(state)) {
    for (let at = 0; at + delta.length <= bytes.length && out.size < limit; at++) {
      const copy = Buffer.from(bytes);
      for (let k = 0; k < delta.length; k++)
        copy[at + k] = (copy[at + k] as number) ^ (delta[k] as number);
      const next = state.split(piece).join(encode(copy));
      if (next !== state) out.add(next);
    }
  }
  return [...out];
}

/**
 * The state with `tampered: true` added where its content is: in the object with the most plain
 * values (the deeper one on a tie). A flat unsigned state gets it at the top; a signed envelope
 * such as `{ p: {…}, mac }` gets it inside `p`, the signed part, so a server that verifies `p`
 * refuses it, while a field added beside the MAC would change nothing the server acts on.
 */
function withOneMore(state: JsonObject): JsonObject {
  let best = { at: [] as string[], plain: -1 };
  const visit = (value: JsonObject, at: string[]) => {
    const entries = Object.entries(value);
    const plain = entries.filter(([, v]) => v === null || typeof v !== 'object').length;
    if (plain >= best.plain) best = { at, plain };
    for (const [key, v] of entries) if (isObject(v)) visit(v, [...at, key]);
  };
  visit(state, []);
  const add = (value: JsonObject, at: readonly string[]): JsonObject => {
    const [key, ...rest] = at;
    if (key === undefined) return { ...value, tampered: true };
    return { ...value, [key]: add(value[key] as JsonObject, rest) };
  };
  return add(state, best.at);
}

function changePart(part: string): string | null {
  const encodings = [
    { enc: 'base64url' as const, valid: /^[A-Za-z0-9_-]+$/ },
    { enc: 'base64' as const, valid: /^[A-Za-z0-9+/]+={0,2}$/ },
  ];
  for (const { enc, valid } of encodings) {
    if (!valid.test(part)) continue;
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(part, enc).toString('utf8'));
    } catch {
      continue;
    }
    if (!isObject(value)) continue;
    // Still a state the server's code understands, with one thing more: unsigned state takes it.
    const text = Buffer.from(JSON.stringify(withOneMore(value)), 'utf8').toString(enc);
    return enc === 'base64' && !part.endsWith('=') ? text.replace(/=+$/, '') : text;
  }
  return null;
}

/** States a client makes up: what an unsigned state of this call might look like. */
function forgedStates(service: string, now: number, rng: Random): string[] {
  const body = { tool: 'deploy', service, environment: 'production', exp: now + 60 * MINUTE };
  const encoded = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  const fakeMac = Buffer.from(`${rng.word()}${rng.word()}${rng.word()}`).toString('base64url');
  return [encoded, `${encoded}.${fakeMac}`, JSON.stringify(body)];
}

const rejected = (answer: Answer, what: Bilingual): Bilingual | null =>
  answer.error
    ? null
    : bi(
        `expected: ${what.en} refused with a JSON-RPC error (say {"code":-32602,"message":"Invalid params: requestState …"}), as state that fails verification MUST be; saw: ${shown(answer)}`,
        `期望：${what.zh}以 JSON-RPC 错误拒绝（例如 {"code":-32602,"message":"Invalid params: requestState …"}），校验不通过的状态必须被拒绝；实际：${shown(answer)}`,
      );

/** The client's half, judged: the learner's retry after the round, in a session of its own. */
async function judgeRetry(runner: Runner, rng: Random): Promise<Bilingual | null> {
  const log = new SessionLog();
  const push = (direction: typeof C2S, message: JsonObject) =>
    log.push({ type: 'message', direction, message }) as Sent;
  const service = `svc-${rng.word()}`;
  const meta = envelope({
    version: MODERN,
    capabilities: { elicitation: { form: {} } },
    clientInfo: { name: 'mcp-sim-grader', version: '1.0.0' },
  });
  const base = { name: 'deploy', arguments: { service }, _meta: meta };
  const form = (field: string) => ({
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: `${field}?`,
      requestedSchema: { type: 'object', properties: { [field]: { type: 'string' } } },
    },
  });
  const stateA = `${rng.word()}.${rng.word()}+/=${rng.word()}`;
  const id1 = rng.int(1, 50);
  const id2 = `retry-${rng.word()}`;
  const id3 = id1 + rng.int(51, 99);
  // Round 1, with a state; the learner's retry of it.
  const original = { id: id1, method: 'tools/call', params: base };
  push(C2S, { jsonrpc: '2.0', ...original });
  const round1 = {
    resultType: 'input_required',
    inputRequests: { where: form('environment') },
    requestState: stateA,
  };
  push(S2C, { jsonrpc: '2.0', id: id1, result: round1 });
  const answers1 = { where: accept('environment', 'production') };
  const outcome1 = await runner.call('buildRetry', [original, round1, answers1, id2]);
  const reasons: Array<Bilingual | null> = [];
  const expect1 = {
    id: id2,
    method: 'tools/call',
    params: { ...base, inputResponses: answers1, requestState: stateA },
  };
  reasons.push(compareRetry(outcome1, expect1));
  const retry1 = outcome1.ok && isObject(outcome1.value) ? outcome1.value : {};
  const at1 = log.steps.length;
  push(C2S, { jsonrpc: '2.0', ...retry1 });
  // Round 2 without a state: the learner's retry must not carry the old one.
  const round2 = { resultType: 'input_required', inputRequests: { sure: form('confirm') } };
  push(S2C, { jsonrpc: '2.0', id: id2, result: round2 });
  const answers2 = { sure: accept('confirm', service) };
  const outcome2 = await runner.call('buildRetry', [expect1, round2, answers2, id3]);
  reasons.push(
    compareRetry(outcome2, {
      id: id3,
      method: 'tools/call',
      params: { ...base, inputResponses: answers2 },
    }),
  );
  const retry2 = outcome2.ok && isObject(outcome2.value) ? outcome2.value : {};
  const at2 = log.steps.length;
  push(C2S, { jsonrpc: '2.0', ...retry2 });
  const found = (log.steps as readonly Sent[]).flatMap((sent, at) =>
    at === at1 || at === at2
      ? sent.verdict.violations.map((violation) => ({ at, sent, violation }))
      : [],
  );
  if (found.length > 0) {
    const said = violationLines(found);
    const where = found[0] ? nameOf(found[0].sent, found[0].at) : '';
    reasons.unshift(
      bi(
        `expected: a retry the referee accepts; saw: the referee's verdict on ${where}:\n${said.en}`,
        `期望：裁判认可的重试；实际：裁判对 ${where} 的判定：\n${said.zh}`,
      ),
    );
  }
  return first(...reasons);
}

function compareRetry(
  outcome: { ok: true; value: unknown } | { ok: false; error: string },
  expected: JsonObject,
): Bilingual | null {
  const seen = outcome.ok ? outcome.value : { threw: outcome.error };
  if (JSON.stringify(canonical(seen)) === JSON.stringify(canonical(expected))) return null;
  return bi(
    `expected: buildRetry returns ${JSON.stringify(expected)}; saw: ${JSON.stringify(seen ?? null)}`,
    `期望：buildRetry 返回 ${JSON.stringify(expected)}；实际：${JSON.stringify(seen ?? null)}`,
  );
}

/** JSON with object keys sorted, so key order does not matter. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k])]),
    );
  }
  return value;
}

export const mrtrRubric: Rubric = {
  id: '09-multi-round-trip',
  checks: [
    {
      name: 'first-round',
      points: 2,
      calls: ['callTool'],
      about: bi(
        'the first tools/call of deploy gets resultType "input_required" with one elicitation/create form (a round, not a request of the server’s)',
        'deploy 的第一次 tools/call 得到 resultType 为 "input_required" 的结果，内含一个 elicitation/create 表单（是一轮输入请求，而不是服务器自己发出的请求）',
      ),
    },
    {
      name: 'staging-completes',
      points: 2,
      calls: ['callTool'],
      about: bi(
        'the retry (new id, inputResponses, requestState echoed) that chose staging completes the call; one whose answer was declined or cancelled deploys nothing',
        '选择 staging 的重试（新 id、inputResponses、原样回传的 requestState）完成调用；回答为拒绝（decline）或取消（cancel）的重试不部署任何东西',
      ),
    },
    {
      name: 'production-confirms',
      points: 3,
      calls: ['callTool'],
      about: bi(
        'choosing production gets a second round with a requestState; a confirmation that is not the service’s name, or that was declined or cancelled, deploys nothing; the retry with the right one completes',
        '选择 production 会得到带 requestState 的第二轮；与服务名不符的确认，以及被拒绝（decline）或取消（cancel）的确认，都不部署任何东西；带着正确确认的重试完成调用',
      ),
    },
    {
      name: 'no-server-memory',
      points: 2,
      calls: ['callTool'],
      requires: 'production-confirms',
      about: bi(
        'each retry is served by a fresh instance of the server (same secret): all it needs travels in the request',
        '每次重试都由服务器的一个新实例处理（密钥相同）：所需的一切都随请求而来',
      ),
    },
    {
      name: 'tampered-state-rejected',
      points: 3,
      calls: ['callTool'],
      requires: 'production-confirms',
      about: bi(
        'a requestState the client changed or made up, or one sealed with another secret, is refused with an error; a retry without one deploys nothing',
        '客户端修改过或伪造的 requestState，以及用另一个密钥封存的 requestState，都以错误拒绝；不带 requestState 的重试不部署任何东西',
      ),
    },
    {
      name: 'state-bound-to-call',
      points: 1,
      calls: ['callTool'],
      requires: 'production-confirms',
      about: bi(
        'a requestState replayed on a call for another service is refused with an error',
        '在部署另一个服务的调用中重放的 requestState 以错误拒绝',
      ),
    },
    {
      name: 'expired-state-rejected',
      points: 1,
      calls: ['callTool'],
      requires: 'production-confirms',
      about: bi(
        'a requestState presented more than 10 minutes after its round is refused with an error',
        '在其轮次 10 分钟之后才提交的 requestState 以错误拒绝',
      ),
    },
    {
      name: 'capability-declared',
      points: 1,
      calls: ['callTool'],
      about: bi(
        'a call whose clientCapabilities has no elicitation form gets -32021 with data.requiredCapabilities (form mode only), not a round; one that has it, among other capabilities, gets its first round',
        'clientCapabilities 中没有 elicitation 表单的调用得到带 data.requiredCapabilities（只列表单模式）的 -32021，而不是一轮输入请求；有表单模式（还有别的能力）的调用得到第一轮',
      ),
    },
    {
      name: 'client-retry',
      points: 2,
      calls: ['buildRetry'],
      about: bi(
        'buildRetry makes the retry the referee accepts: a new id, the same call, inputResponses, requestState exactly as the round gave it (none when none)',
        'buildRetry 构造裁判认可的重试：新 id、相同的调用、inputResponses，以及与该轮完全相同的 requestState（该轮没有时就不带）',
      ),
    },
  ],
  async run(ctx: CheckContext) {
    const runner = await ctx.runner();
    await runner.reload();
    const rng = random(ctx.seed);
    // A secret of four words; the stranger's below has the same shape.
    const fourWords = () => `${rng.word()}${rng.word()}${rng.word()}${rng.word()}`;
    const secret = fourWords();
    const start = 1_800_000_000_000 + rng.int(0, 10_000_000) * 1000;
    const service = () => `${rng.pick(['billing', 'search', 'auth', 'gateway'])}-${rng.word()}`;

    // The first round and the staging path.
    const a = connect(runner, secret, start);
    const s1 = service();
    const params = callParams(rng, s1);
    const one = await a.conn.ask('tools/call', params);
    const r1 = roundOf(one);
    const firstWhy = first(
      r1
        ? null
        : notRound(one, bi('the first call asks where to deploy', '第一次调用询问部署到哪里')),
      refereeSays(a.conn),
    );
    ctx.record('first-round', firstWhy === null, firstWhy ?? OK);
    if (r1) {
      a.now += rng.int(5, 90) * 1000;
      const two = await retry(a, params, { [r1.key]: accept(r1.field, 'staging') }, r1.state);
      // The same question declined, then dismissed: nothing deploys (to staging or anywhere).
      const noes: Array<Bilingual | null> = [];
      for (const action of rng.shuffle([...NO_ANSWERS])) {
        const no = await retry(a, params, { [r1.key]: { action } }, r1.state);
        noes.push(deployedUnasked(no, s1, action, bi('where to deploy', '“部署到哪里”这一问')));
      }
      const why = first(
        notDone(
          two,
          `Deployed ${s1} to staging.`,
          bi('the retry that chose "staging" completes', '选择 "staging" 的重试完成调用'),
        ),
        ...noes,
        refereeSays(a.conn),
      );
      ctx.record('staging-completes', why === null, why ?? OK);
    } else {
      ctx.record(
        'staging-completes',
        false,
        bi(
          'expected: a first round to retry; saw: none (see first-round)',
          '期望：可以重试的第一轮；实际：没有（见 first-round）',
        ),
      );
    }

    // Production, on one instance; then on a fresh instance for every retry.
    const b = connect(runner, secret, start + 3 * MINUTE);
    const s2 = service();
    const prod = await production(runner, b, rng, s2, { fresh: false, finish: true });
    const prodWhy = first(prod.reason, refereeSays(b.conn));
    ctx.record('production-confirms', prodWhy === null, prodWhy ?? OK);

    const c = connect(runner, secret, start + 5 * MINUTE);
    const fresh = await production(runner, c, rng, service(), { fresh: true, finish: true });
    const freshWhy = first(fresh.reason, refereeSays(c.conn));
    ctx.record(
      'no-server-memory',
      freshWhy === null,
      freshWhy
        ? bi(
            `with every retry served by a fresh instance of the server (a new process, same ctx.secret): ${freshWhy.en}`,
            `每次重试都由服务器的新实例处理（新的进程，ctx.secret 相同）：${freshWhy.zh}`,
          )
        : OK,
    );

    // A malicious client: changed, made-up, replayed and stale states.
    const d = connect(runner, secret, start + 7 * MINUTE);
    const s4 = service();
    const held = await production(runner, d, rng, s4, { fresh: false, finish: false });
    if (held.state === undefined || !held.params || !held.key || !held.field) {
      const why =
        held.reason ?? bi('expected: a second round; saw: none', '期望：第二轮；实际：没有');
      ctx.record('tampered-state-rejected', false, why);
      ctx.record('state-bound-to-call', false, why);
      ctx.record('expired-state-rejected', false, why);
    } else {
      const answers = { [held.key]: accept(held.field, s4) };
      const attacks = [
        ...tamperedStates(held.state).map((state) => ({
          state,
          how: bi(
            `the changed requestState ${JSON.stringify(state)} (the whole state must be sealed: a field added, removed or changed must fail verification, also one your server does not read)`,
            `被修改的 requestState ${JSON.stringify(state)}（整个状态都必须被封存：增加、删除或修改任何字段都必须校验失败，服务器不读取的字段也一样）`,
          ),
        })),
        ...editedStates(held.state).map((state) => ({
          state,
          how: bi(
            `the requestState with one character changed, ${JSON.stringify(state)} (every part of a state must be bound to the secret: a change anywhere must fail verification)`,
            `改动了一个字符的 requestState ${JSON.stringify(state)}（状态的每一部分都必须与密钥绑定：任何位置的改动都必须校验失败）`,
          ),
        })),
        ...forgedStates(s4, d.now, rng).map((state) => ({
          state,
          how: bi(
            `the made-up requestState ${JSON.stringify(state)}`,
            `伪造的 requestState ${JSON.stringify(state)}`,
          ),
        })),
      ];
      const tamperReasons: Array<Bilingual | null> = [];
      for (const attack of attacks) {
        const answer = await retry(d, held.params, answers, attack.state);
        tamperReasons.push(rejected(answer, attack.how));
      }
      // No state at all, only the answers: the confirmation alone, then both questions answered
      // in one call. The state is the only proof that production was chosen in a round of this
      // server's, and an answer no round asked for SHOULD be ignored (mrtr › Error Handling);
      // without it nothing deploys (an error, or the first round again). A server that verified a
      // state only when there was one deployed to production on a made-up answer.
      const unproven = [
        answers,
        ...(held.where
          ? [{ [held.where.key]: accept(held.where.field, 'production'), ...answers }]
          : []),
      ];
      for (const responses of unproven) {
        const answer = await retry(d, held.params, responses, undefined);
        tamperReasons.push(
          completeText(answer)?.includes(`Deployed ${s4}`)
            ? bi(
                `expected: a retry with the inputResponses ${JSON.stringify(responses)} but without a requestState deploys nothing (the requestState is the only proof that production was chosen in an earlier round, and an answer to a question no round asked is information the server SHOULD ignore, 2026-07-28 basic/patterns/mrtr › Error Handling: refuse the retry with an error, or start again with the first round); saw: ${shown(answer)}`,
                `期望：带有 inputResponses ${JSON.stringify(responses)} 但没有 requestState 的重试不部署任何东西（requestState 是之前某一轮选择了 production 的唯一证明，而对没有任何一轮问过的问题的回答，服务器应当忽略，见 2026-07-28 basic/patterns/mrtr 的“错误处理”一节：以错误拒绝该重试，或从第一轮重新开始）；实际：${shown(answer)}`,
              )
            : null,
        );
      }
      // The genuine state with its service changed to another's, on a call for that service.
      const moved = service();
      for (const state of retargetedStates(held.state, s4, moved)) {
        const answer = await retry(
          d,
          callParams(rng, moved),
          { [held.key]: accept(held.field, moved) },
          state,
        );
        tamperReasons.push(
          rejected(
            answer,
            bi(
              `the requestState of the call for "${s4}" with the service changed to "${moved}", ${JSON.stringify(state)}, on a call for "${moved}",`,
              `为 "${s4}" 的调用签发、服务被改成 "${moved}" 的 requestState ${JSON.stringify(state)}（用在 "${moved}" 的调用中）`,
            ),
          ),
        );
      }
      // The genuine state with the service's bytes flipped in place, on a call for that other
      // service: a cipher without a MAC (XOR with the secret) scored 17/17 before.
      const flipped = `${s4.slice(0, -1)}${s4.endsWith('x') ? 'y' : 'x'}`;
      const flippedParams = callParams(rng, flipped);
      for (const state of flippedStates(held.state, s4, flipped)) {
        const answer = await retry(
          d,
          flippedParams,
          { [held.key]: accept(held.field, flipped) },
          state,
        );
        tamperReasons.push(
          rejected(
            answer,
            bi(
              `the requestState of the call for "${s4}" with the bytes of that name turned into "${flipped}" where they lie, without reading it (by XOR: a state enciphered without a MAC lets a client change what it knows is inside), ${JSON.stringify(state)}, on a call for "${flipped}",`,
              `为 "${s4}" 的调用签发、在不读出内容的情况下把该名字所在位置的字节改成 "${flipped}" 的 requestState（用异或：没有 MAC 的加密让客户端能改动它知道在里面的内容）${JSON.stringify(state)}（用在 "${flipped}" 的调用中）`,
            ),
          ),
        );
      }
      // The genuine state, on an instance of the server given another secret. Only a state that
      // is bound to the secret (an HMAC keyed with it) is refused there: a digest anyone can
      // compute, or a key to a round kept somewhere outside the server, is accepted.
      // The stranger's secret looks like the real one (four words) and a fresh instance serves
      // it, so that no check of the secret's shape or memory of the first secret can tell it.
      let otherSecret = fourWords();
      while (otherSecret === secret) otherSecret = fourWords();
      await runner.reload();
      const stranger = connect(runner, otherSecret, d.now);
      const foreign = await retry(stranger, held.params, answers, held.state);
      tamperReasons.push(
        rejected(
          foreign,
          bi(
            'the genuine requestState, presented to an instance of the server given another ctx.secret (a state the secret does not vouch for),',
            '真实的 requestState 提交给持有另一个 ctx.secret 的服务器实例时（该密钥无法为其担保），',
          ),
        ),
      );
      if (revealsSecret(held.state, secret)) {
        tamperReasons.unshift(
          bi(
            `the requestState ${JSON.stringify(held.state)} carries ctx.secret itself, readable: any client that reads one state can seal a state of its own, so no check on the server can tell a forged one; seal it with an HMAC keyed with the secret, which proves the state without showing the secret`,
            `requestState ${JSON.stringify(held.state)} 里带着 ctx.secret 本身，可以直接读出：任何读到一个状态的客户端都能自己封装出新的状态，服务器的任何检查都无法识别伪造；请用以该密钥为键的 HMAC 封装，它能证明状态而不暴露密钥`,
          ),
        );
      }
      const tamperWhy = first(...tamperReasons, refereeSays(d.conn), refereeSays(stranger.conn));
      ctx.record('tampered-state-rejected', tamperWhy === null, tamperWhy ?? OK);

      // The genuine state of service s4, on a call for another service.
      const other = service();
      const replay = await retry(
        d,
        callParams(rng, other),
        { [held.key]: accept(held.field, other) },
        held.state,
      );
      const boundWhy = first(
        rejected(
          replay,
          bi(
            `the requestState of the call for "${s4}", replayed on a call for "${other}",`,
            `为 "${s4}" 的调用签发、却在 "${other}" 的调用中重放的 requestState`,
          ),
        ),
        refereeSays(d.conn),
      );
      ctx.record('state-bound-to-call', boundWhy === null, boundWhy ?? OK);

      // The genuine state, just too late: any expiry longer than the README's 10 minutes accepts
      // it, whatever the seed (a random delay let a one-hour expiry pass on some seeds).
      d.now += 10 * MINUTE + 1000;
      const late = await retry(d, held.params, answers, held.state);
      const pushed: Array<Bilingual | null> = [];
      for (const state of laterStates(held.state)) {
        const answer = await retry(d, held.params, answers, state);
        pushed.push(
          rejected(
            answer,
            bi(
              `the requestState with its expiry pushed an hour later, ${JSON.stringify(state)}, presented 10 minutes and 1 second after its round (the expiry must be sealed with the rest),`,
              `有效期被推后一小时的 requestState ${JSON.stringify(state)}，在其轮次 10 分 1 秒之后提交（有效期必须和其余内容一起封存）`,
            ),
          ),
        );
      }
      const lateWhy = first(
        rejected(
          late,
          bi(
            'the genuine requestState presented 10 minutes and 1 second after its round (its expiry must be at most 10 minutes)',
            '在其轮次 10 分 1 秒之后才提交的真实 requestState（有效期最多 10 分钟）',
          ),
        ),
        ...pushed,
        refereeSays(d.conn),
      );
      ctx.record('expired-state-rejected', lateWhy === null, lateWhy ?? OK);
    }

    // A client that cannot show a form.
    const e = connect(runner, secret, start + 9 * MINUTE);
    // Every kind of client that cannot: none, another capability, and elicitation in URL mode
    // only (one of them drawn at random let `'elicitation' in caps` pass on half the seeds).
    const capsReasons: Array<Bilingual | null> = [];
    for (const undeclared of rng.shuffle<JsonObject>([
      {},
      { sampling: {} },
      { elicitation: { url: {} } },
    ])) {
      const refused = await e.conn.ask('tools/call', callParams(rng, service(), undeclared));
      capsReasons.push(
        refused.error?.code === -32021
          ? missingNamed(refused.error.data)
          : bi(
              `expected: a call declaring clientCapabilities ${JSON.stringify(undeclared)} refused with {"code":-32021,"message":…,"data":{"requiredCapabilities":{"elicitation":{…}}}}; saw: ${shown(refused)}`,
              `期望：clientCapabilities 为 ${JSON.stringify(undeclared)} 的调用以 {"code":-32021,"message":…,"data":{"requiredCapabilities":{"elicitation":{…}}}} 拒绝；实际：${shown(refused)}`,
            ),
      );
    }
    // And clients that can show a form among other things: form and URL mode, or elicitation {}
    // (form) next to another capability. They get their first round, not -32021: a server that
    // refused any client declaring URL mode, or served only the capability sets of the flows
    // (JSON.stringify(caps) against {"elicitation":{}} and {"elicitation":{"form":{}}}), scored
    // 17/17, and one that refused every call earned this check.
    for (const declared of rng.shuffle<JsonObject>([
      { elicitation: { form: {}, url: {} } },
      { elicitation: {}, roots: {} },
    ])) {
      const served = await e.conn.ask('tools/call', callParams(rng, service(), declared));
      capsReasons.push(
        roundOf(served)
          ? null
          : notRound(
              served,
              bi(
                `a call declaring clientCapabilities ${JSON.stringify(declared)} (form-mode elicitation among others) gets its first round`,
                `clientCapabilities 为 ${JSON.stringify(declared)}（其中有表单模式的 elicitation）的调用得到第一轮`,
              ),
            ),
      );
    }
    const capsWhy = first(...capsReasons, refereeSays(e.conn));
    ctx.record('capability-declared', capsWhy === null, capsWhy ?? OK);

    const retryWhy = await judgeRetry(runner, rng);
    ctx.record('client-retry', retryWhy === null, retryWhy ?? OK);
  },
};
