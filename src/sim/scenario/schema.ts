import * as z from 'zod';
import { filled, type Bilingual as Text } from '../../i18n/lang.js';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import { CACHEABLE_METHODS } from '../../protocol/caching.js';
import { isKnownVersion, KNOWN_VERSIONS } from '../../protocol/versions.js';
import { TOOL_NAMES } from '../server/session-tools.js';
import { FAULT_NAMES } from './faults.js';

/**
 * YAML folds a long scalar's lines with spaces, which is right for English and wrong between
 * Chinese characters: drop whitespace that sits between two CJK characters or punctuation marks.
 */
const CJK_GAP =
  /(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])/g;

/**
 * Full-width punctuation (、。，：；！？（）「」…) carries its own space: whitespace on either side of
 * it is a fold too, also next to a Latin word (`ping（没有替代）、 logging` → `…、logging`).
 */
const PUNCT_GAP =
  /(?<=[\u3001-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65])[^\S\n]+|[^\S\n]+(?=[\u3001-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65])/g;

export function joinCjk(text: string): string {
  return text.replace(CJK_GAP, '').replace(PUNCT_GAP, '');
}

/** Text in both languages; every learner-facing sentence has both. */
export const bilingual = z
  .object({ en: z.string().min(1), zh: z.string().min(1).transform(joinCjk) })
  .strict();

const json = z.record(z.string(), z.unknown());
const pointer = z.string().regex(/^(\/[^/]*)*$/, LESSON_STRINGS.schemaPointer.en);

// Each kind of action is a named branch, listed once in a table by the word that selects it: the
// unions are made from the tables, and a step that fails is diagnosed against the branch its key
// names (step-diagnosis.ts) rather than whichever branch zod happens to report last.

// next-page: the list the client fetched last that has more pages, continued from its nextCursor.
const clientWords = z.enum(['initialize', 'initialized', 'next', 'ping', 'discover', 'next-page']);
const clientInitialize = z
  .object({
    initialize: z
      .object({ version: z.string().optional(), capabilities: json.optional() })
      .strict(),
  })
  .strict();
/**
 * 2026-07-28 over HTTP: the headers that differ from what a conforming client sends (null: left
 * out; `{}` sends the conforming ones); when they disagree with the body the server answers -32020
 * without seeing the request. Any request a client step sends may name them.
 */
const httpHeaders = z.record(z.string(), z.string().nullable()).optional();
const clientRequest = z
  .object({
    request: z.string(),
    params: json.optional(),
    progress: z.boolean().optional(),
    headers: httpHeaders,
  })
  .strict();
const clientNotify = z.object({ notify: z.string(), params: json.optional() }).strict();
// 2026-07-28: server/discover with the envelope of one revision (default: the client's first).
const clientDiscover = z
  .object({ discover: z.object({ version: z.string().optional() }).strict(), headers: httpHeaders })
  .strict();
// 2026-07-28: subscriptions/listen with a filter, and the end of a stream the client opened.
const clientListen = z
  .object({
    listen: z
      .object({
        toolsListChanged: z.boolean().optional(),
        promptsListChanged: z.boolean().optional(),
        resourcesListChanged: z.boolean().optional(),
        resourceSubscriptions: z.array(z.string()).optional(),
      })
      .strict(),
    headers: httpHeaders,
  })
  .strict();
const clientEndListen = z
  .object({ 'end-listen': z.union([z.literal('latest'), z.string(), z.number().int()]) })
  .strict();
const clientCancel = z
  .object({
    cancel: z.union([z.literal('latest'), z.string(), z.number().int()]),
    reason: z.string().optional(),
  })
  .strict();

// 2025-11-25 basic/utilities/tasks: tasks/get, tasks/result or tasks/cancel for the task named by
// taskId (sent as written, even one the server never made: it answers -32602) or else the latest
// task the server created for the client; or tasks/list, which names no task.
const clientTask = z
  .object({
    task: z.enum(['get', 'result', 'cancel', 'list']),
    taskId: z.string().min(1).optional(),
  })
  .strict()
  .refine((action) => action.task !== 'list' || action.taskId === undefined, {
    message: LESSON_STRINGS.schemaTaskListId.en,
    path: ['taskId'],
  });

// The client closes the HTTP response stream of a request it is waiting on (no message).
const clientAbandon = z
  .object({ abandon: z.union([z.literal('latest'), z.string(), z.number().int()]) })
  .strict();

/**
 * A message the lesson writes out whole, for a protocol no simulated peer speaks (the
 * io.modelcontextprotocol/tasks extension of 2026-07-28): it goes on the wire and to the referee,
 * not to the peers, whose state it leaves as it was (lesson 35).
 */
const scripted = z.object({ send: json }).strict();

const serverWords = z.enum(['next', 'ping']);
const serverRequest = z.object({ request: z.string(), params: json.optional() }).strict();

const doWords = z.enum(['update-notes', 'add-resource', 'end-listens']);
const addTool = z.object({ 'add-tool': z.enum(TOOL_NAMES) }).strict();
const logAction = z
  .object({ log: z.object({ level: z.string(), data: z.unknown() }).strict() })
  .strict();
const setRoots = z
  .object({
    'set-roots': z.array(z.object({ uri: z.string(), name: z.string().optional() }).strict()),
  })
  .strict();
const waitAction = z.object({ wait: z.number().int().min(0) }).strict();
// The client writes a line that is not a proper message (the server answers -32700 / -32600).
const rawAction = z.object({ raw: z.string() }).strict();
// The server's next answer fails inside the server (-32603).
const failNext = z.object({ 'fail-next': z.literal('internal-error') }).strict();
// 2026-07-28: the server's next sampling round offers the model a tool with this toolChoice mode.
const offerTools = z.object({ 'offer-tools': z.enum(['auto', 'none', 'required']) }).strict();

/** An action: the words it may be written as, and its object forms by their one required key. */
export type ActionKinds = {
  readonly words: readonly string[];
  readonly keyed: Readonly<Record<string, z.ZodType>>;
};

export const CLIENT_ACTIONS = {
  words: clientWords.options,
  keyed: {
    initialize: clientInitialize,
    request: clientRequest,
    notify: clientNotify,
    cancel: clientCancel,
    discover: clientDiscover,
    listen: clientListen,
    'end-listen': clientEndListen,
    abandon: clientAbandon,
    task: clientTask,
    send: scripted,
  },
} as const satisfies ActionKinds;
export const SERVER_ACTIONS = {
  words: serverWords.options,
  keyed: { request: serverRequest, send: scripted },
} as const satisfies ActionKinds;
export const DO_ACTIONS = {
  words: doWords.options,
  keyed: {
    'add-tool': addTool,
    log: logAction,
    'set-roots': setRoots,
    wait: waitAction,
    raw: rawAction,
    'fail-next': failNext,
    'offer-tools': offerTools,
  },
} as const satisfies ActionKinds;

const clientAction = z.union([
  clientWords,
  clientInitialize,
  clientRequest,
  clientNotify,
  clientCancel,
  clientDiscover,
  clientListen,
  clientEndListen,
  clientAbandon,
  clientTask,
  scripted,
]);
const serverAction = z.union([serverWords, serverRequest, scripted]);
const doAction = z.union([
  doWords,
  addTool,
  logAction,
  setRoots,
  waitAction,
  rawAction,
  failNext,
  offerTools,
]);

const stepText = {
  note: bilingual,
  annotations: z.record(pointer, bilingual).optional(),
};

/** The kinds of step, by the key that makes a step one (`client:`, `do:`…), with their actions. */
export const STEP_KINDS = {
  client: {
    schema: z.object({ client: clientAction, ...stepText }).strict(),
    actions: CLIENT_ACTIONS,
  },
  server: {
    schema: z.object({ server: serverAction, ...stepText }).strict(),
    actions: SERVER_ACTIONS,
  },
  fault: {
    // headers: a client's fault POSTed over HTTP, with the headers that differ (as a request's).
    schema: z
      .object({
        fault: z.enum(FAULT_NAMES),
        params: json.optional(),
        headers: httpHeaders,
        // A fault of REVEALED_FAULTS: the narration of the later message that shows its bug.
        reveal: z.object(stepText).strict().optional(),
        ...stepText,
      })
      .strict(),
    actions: null,
  },
  do: { schema: z.object({ do: doAction }).strict(), actions: DO_ACTIONS },
  // The transport closes: stdin closed / process ended on stdio, connection closed on HTTP.
  close: {
    schema: z.object({ close: z.enum(['client', 'server']), ...stepText }).strict(),
    actions: null,
  },
} as const;

export const stepSchema = z.union([
  STEP_KINDS.client.schema,
  STEP_KINDS.server.schema,
  STEP_KINDS.fault.schema,
  STEP_KINDS.do.schema,
  STEP_KINDS.close.schema,
]);

const REVISION_KNOWN = filled(LESSON_STRINGS.schemaRevisionKnown, {
  list: KNOWN_VERSIONS.join(', '),
});

const LATEST = [...KNOWN_VERSIONS].sort().at(-1) ?? '';
const VERSION_KNOWN = filled(LESSON_STRINGS.schemaVersionKnown, {
  list: KNOWN_VERSIONS.join(', '),
});

/**
 * A version a peer supports: one the specification has (or an alias old SDKs send), or a date after
 * the last revision, which a lesson may give a peer built for a revision yet to come (lesson 23). A
 * date up to the last revision that no revision has (2025-11-26) is a typo: it would play as a
 * version negotiation nobody meant.
 */
const supportedVersions = z
  .array(
    z.string().refine((v) => isKnownVersion(v) || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v > LATEST), {
      message: VERSION_KNOWN.en,
    }),
  )
  .min(1);

export const serverConfigSchema = z
  .object({
    name: z.string().default('weather-server'),
    version: z.string().default('1.0.0'),
    versions: supportedVersions.default(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']),
    capabilities: json.default({ tools: { listChanged: true } }),
    tools: z.array(z.enum(TOOL_NAMES)).default(['weather_current']),
    instructions: z.string().optional(),
    /**
     * The eras the server speaks: `legacy` (the handshake), `modern` (2026-07-28 only: an
     * initialize gets -32022), `dual` (the opening message fixes the connection's era).
     */
    era: z.enum(['legacy', 'modern', 'dual']).default('legacy'),
    /**
     * 2026-07-28: the caching hints of cacheable results, by method (`tools/list: {ttlMs: 300000,
     * cacheScope: public}`); a method not named gets ttlMs 0 and cacheScope private.
     */
    /** server/utilities/pagination: at most this many items per page of a list (unset: one page). */
    pageSize: z.number().int().min(1).optional(),
    cache: z
      .partialRecord(
        z.enum(CACHEABLE_METHODS),
        z
          .object({
            ttlMs: z.number().int().min(0),
            cacheScope: z.enum(['public', 'private']),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const clientConfigSchema = z
  .object({
    name: z.string().default('learner-client'),
    version: z.string().default('1.0.0'),
    versions: supportedVersions.default(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']),
    capabilities: json.default({}),
    roots: z
      .array(z.object({ uri: z.string(), name: z.string().optional() }).strict())
      .default([{ uri: 'file:///home/learner/project', name: 'project' }]),
    modelReply: z.string().default('The text says the weather is mild and the tools work.'),
    elicitation: z
      .object({ action: z.enum(['accept', 'decline', 'cancel']), content: json.optional() })
      .strict()
      .default({ action: 'accept', content: { rating: 5, comment: 'Clear!' } }),
    /**
     * `modern`: every request carries the `_meta` envelope of the client's first revision from
     * the first step (2026-07-28: no handshake fixes it). `legacy`: the handshake era; a client
     * still turns modern once a server/discover it sent is answered.
     */
    era: z.enum(['legacy', 'modern']).default('legacy'),
  })
  .strict();

/**
 * What the schemas' own checks say (a regex's or a refine's words, which zod's locales do not
 * know), in both languages: zod carries the English line, and a problem finds its Chinese here.
 */
export const SCHEMA_WORDS: readonly Text[] = [
  LESSON_STRINGS.schemaFileId,
  LESSON_STRINGS.schemaExerciseId,
  LESSON_STRINGS.schemaPointer,
  LESSON_STRINGS.schemaRevisionShape,
  REVISION_KNOWN,
  VERSION_KNOWN,
  LESSON_STRINGS.schemaRowStep,
  LESSON_STRINGS.schemaTaskListId,
];

/** The id a lesson or compare topic may give itself (it must equal its file's or folder's). */
export const fileId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, LESSON_STRINGS.schemaFileId.en);

export const scenarioSchema = z
  .object({
    id: fileId.optional(),
    title: bilingual,
    goal: bilingual,
    /** The protocol revision the lesson teaches (shown with its title). */
    revision: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, LESSON_STRINGS.schemaRevisionShape.en)
      .refine((v) => (KNOWN_VERSIONS as readonly string[]).includes(v), {
        message: REVISION_KNOWN.en,
      })
      .default('2025-11-25'),
    server: serverConfigSchema.default(serverConfigSchema.parse({})),
    client: clientConfigSchema.default(clientConfigSchema.parse({})),
    steps: z.array(stepSchema).min(1),
    recap: bilingual,
    /** The exercise (its folder under exercises/) that practises the lesson: the recap names it. */
    exercise: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, LESSON_STRINGS.schemaExerciseId.en)
      .optional(),
    spec: z.array(z.string()).default([]),
  })
  .strict();

export type ScenarioFile = z.input<typeof scenarioSchema>;
export type Scenario = z.output<typeof scenarioSchema>;
export type Step = z.output<typeof stepSchema>;
export type Bilingual = z.output<typeof bilingual>;
