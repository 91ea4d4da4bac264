/**
 * The `io.modelcontextprotocol/tasks` extension's own JSON Schema (src/protocol/schema/
 * ext-tasks-e434597.json, copied from the extension's repository at e434597): 2026-07-28 moved
 * tasks out of the core into this extension (changelog › Major changes, item 6), which is versioned
 * apart from the core revision. Its tasks/get, tasks/update and tasks/cancel and its "task" result
 * (CreateTaskResult) are judged against it, with Ajv, as core messages are against the core's
 * (modern-schema.ts), and precompiled by the build as those are (scripts/gen-validators.ts).
 *
 * Its message types are `allOf: [JSONRPCRequest, {method: const}]`, so the method of each is read
 * from the parts of its `allOf`, and its result is the definition of the same name with `Result`
 * for `Request` (GetTaskRequest → GetTaskResult), as the schema names them.
 */
import { isObject } from './json.js';
import schema from './schema/ext-tasks-e434597.json' with { type: 'json' };
import {
  definitionsOf,
  type ModernSchemaIssue,
  type OfficialSchema,
  schemaBook,
} from './schema-book.js';

export { TASKS_EXTENSION } from './method-labels.js';

/** The extension's schema as the referee reads it (and the build precompiles it). */
export const EXT_TASKS_SCHEMA: OfficialSchema = {
  id: 'ext-tasks-e434597',
  schema,
  dialect: '2020-12',
};

const BOOK = schemaBook(EXT_TASKS_SCHEMA);

type Part = { readonly properties?: { readonly method?: { readonly const?: unknown } } };

/** Method → request `$def`, from the `method` const in each definition's `allOf`. */
function requestDefs(): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const [name, def] of Object.entries(definitionsOf(schema).defs)) {
    const parts = (def as { allOf?: readonly Part[] }).allOf ?? [];
    const method = parts.find((part) => part.properties?.method?.const)?.properties?.method?.const;
    if (typeof method === 'string' && name.endsWith('Request')) found.set(method, name);
  }
  return found;
}

const REQUESTS = requestDefs();

/** The methods the extension adds (tasks/get, tasks/update, tasks/cancel), read from its schema. */
export const EXT_TASKS_METHODS: readonly string[] = [...REQUESTS.keys()];

/** Issues of a whole tasks/get, tasks/update or tasks/cancel request; [] for another method. */
export function extTasksRequestIssues(method: string, message: unknown): ModernSchemaIssue[] {
  const def = REQUESTS.get(method);
  return def ? BOOK.defIssues(def, message) : [];
}

/**
 * The task shape of each status (WorkingTask, InputRequiredTask, …): the definitions with a `status`
 * const, read from the schema. GetTaskResult writes the same five inline in an `anyOf`, where Ajv
 * would report every branch; its `status` says which one the server meant.
 */
function statusDefs(): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const [name, def] of Object.entries(BOOK.defs)) {
    const status = def.properties?.status?.const;
    if (typeof status === 'string' && name.endsWith('Task')) found.set(status, name);
  }
  return found;
}

const STATUSES = statusDefs();

/** Issues of the result of one of the extension's methods (pointers under `/result`). */
export function extTasksResultIssues(method: string, result: unknown): ModernSchemaIssue[] {
  const def = REQUESTS.get(method)?.replace(/Request$/, 'Result');
  if (def === undefined || !Object.hasOwn(BOOK.defs, def)) return [];
  const status = isObject(result) ? result.status : undefined;
  const branch =
    method === 'tasks/get' && typeof status === 'string' ? STATUSES.get(status) : undefined;
  if (branch === undefined) return BOOK.defIssues(def, result, '/result');
  // GetTaskResult is `Result & DetailedTask`: both parts, the second as the status's own shape.
  return [
    ...BOOK.defIssues('Result', result, '/result'),
    ...BOOK.defIssues(branch, result, '/result'),
  ];
}

/**
 * Issues of a whole notifications/tasks (tasks extension › Task Status Notifications): its params
 * are `NotificationParams & DetailedTask`, judged as GetTaskResult is, by the shape of its status.
 */
export function extTasksNotificationIssues(message: unknown): ModernSchemaIssue[] {
  const params = isObject(message) ? message.params : undefined;
  const status = isObject(params) ? params.status : undefined;
  const branch = typeof status === 'string' ? STATUSES.get(status) : undefined;
  if (branch === undefined) return BOOK.defIssues('TaskStatusNotification', message);
  return [
    ...BOOK.defIssues('JSONRPCNotification', message),
    ...BOOK.defIssues('NotificationParams', params, '/params'),
    ...BOOK.defIssues(branch, params, '/params'),
  ];
}

/** Issues of a `resultType: "task"` result: a CreateTaskResult (tasks extension › Task Creation). */
export function createTaskResultIssues(result: unknown): ModernSchemaIssue[] {
  return BOOK.defIssues('CreateTaskResult', result, '/result');
}

/** The `$def`s compiled so far, in order (compiling is lazy: none right after import). */
export function compiledExtTasksDefs(): string[] {
  return BOOK.compiled();
}
