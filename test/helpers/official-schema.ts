/**
 * What the official JSON Schema of a revision says of a message (copies of the spec's
 * `schema/<version>/schema.json` in test/fixtures/schema), independent of mcp-sim's own protocol
 * model: the JSON-RPC frame, then the method's own type (for a response, its `result`). Draft-07
 * schemas (before 2025-11-25) keep their types under `definitions` and name the frames
 * JSONRPCResponse and JSONRPCError; later ones use `$defs` and split the response frames.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv as Ajv07 } from 'ajv';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';

const SCHEMAS = join(import.meta.dirname, '..', 'fixtures', 'schema');
// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = (formatsModule as unknown as { default: FormatsPlugin }).default;

type Defs = Record<string, { properties?: { method?: { const?: string } } }>;
type Schema = {
  readonly ajv: Ajv2020 | Ajv07;
  readonly defs: Defs;
  /** Where the types live: `$defs`, or `definitions` in a draft-07 schema. */
  readonly at: string;
  readonly requests: Map<string, string>;
  readonly notifications: Map<string, string>;
};

export type MessageKind = 'request' | 'response' | 'error' | 'notification';

function load(version: string): Schema {
  const json = JSON.parse(readFileSync(join(SCHEMAS, `${version}.json`), 'utf8')) as {
    $schema?: string;
    $defs?: Defs;
    definitions?: Defs;
  };
  const draft07 = json.$schema?.includes('draft-07') === true;
  const ajv = draft07
    ? new Ajv07({ strict: false, allErrors: true })
    : new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv as Ajv2020);
  ajv.addSchema(json, version);
  const defs = (draft07 ? json.definitions : json.$defs) ?? {};
  const requests = new Map<string, string>();
  const notifications = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const method = def.properties?.method?.const;
    if (method === undefined) continue;
    if (name.endsWith('Request')) requests.set(method, name);
    if (name.endsWith('Notification')) notifications.set(method, name);
  }
  return { ajv, defs, at: draft07 ? 'definitions' : '$defs', requests, notifications };
}

const loaded = new Map<string, Schema>();
const schemaOf = (version: string): Schema => {
  let schema = loaded.get(version);
  if (!schema) {
    schema = load(version);
    loaded.set(version, schema);
  }
  return schema;
};

/**
 * The problems the schema of `version` finds in `message`, a `kind` of message about `method`
 * (for a response or error, the method of the request it answers); [] when it is valid.
 */
export function officialSchemaProblems(
  version: string,
  kind: MessageKind,
  method: string,
  message: unknown,
): string[] {
  const s = schemaOf(version);
  const old = s.at === 'definitions';
  const checks: Array<[string, unknown]> = [];
  if (kind === 'error') checks.push([old ? 'JSONRPCError' : 'JSONRPCErrorResponse', message]);
  else if (kind === 'request' || kind === 'notification') {
    const type = (kind === 'request' ? s.requests : s.notifications).get(method);
    if (type === undefined) return [`no ${kind} type for ${method} in ${version}`];
    checks.push(
      [kind === 'request' ? 'JSONRPCRequest' : 'JSONRPCNotification', message],
      [type, message],
    );
  } else {
    const request = s.requests.get(method);
    if (request === undefined) return [`no request type for ${method} in ${version}`];
    const named = request.replace(/Request$/, 'Result');
    const result = (message as { result?: { resultType?: unknown; task?: unknown } }).result;
    // A task-augmented request is answered with a CreateTaskResult, whatever its method
    // (2025-11-25 basic/utilities/tasks › Creating Tasks); the request is not at hand here, so
    // the result's own task object says so.
    const createsTask =
      'CreateTaskResult' in s.defs && typeof result?.task === 'object' && result.task !== null;
    const type =
      result?.resultType === 'input_required'
        ? 'InputRequiredResult'
        : createsTask
          ? 'CreateTaskResult'
          : named in s.defs
            ? named
            : 'Result';
    checks.push([old ? 'JSONRPCResponse' : 'JSONRPCResultResponse', message], [type, result]);
  }
  return checks.flatMap(([type, value]) => {
    const check = s.ajv.getSchema(`${version}#/${s.at}/${type}`);
    if (!check) return [`no ${s.at}/${type} in ${version}`];
    return check(value)
      ? []
      : (check.errors ?? []).map((e: ErrorObject) => `${type}${e.instancePath} ${e.message}`);
  });
}

/** The io.modelcontextprotocol/tasks extension's own schema (ext-tasks e434597, a copy). */
const EXT_TASKS = 'ext-tasks-e434597';
type ExtPart = { properties?: { method?: { const?: string } } };
let extTasks: { ajv: Ajv2020; requests: Map<string, string> } | null = null;

function extTasksSchema(): { ajv: Ajv2020; requests: Map<string, string> } {
  if (extTasks) return extTasks;
  const json = JSON.parse(readFileSync(join(SCHEMAS, `${EXT_TASKS}.json`), 'utf8')) as {
    $defs: Record<string, { allOf?: ExtPart[] }>;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(json, EXT_TASKS);
  // Its message types are `allOf: [JSONRPCRequest, {method: const}]`.
  const requests = new Map<string, string>();
  for (const [name, def] of Object.entries(json.$defs)) {
    const method = def.allOf?.find((p) => p.properties?.method?.const)?.properties?.method?.const;
    if (method !== undefined && name.endsWith('Request')) requests.set(method, name);
  }
  extTasks = { ajv, requests };
  return extTasks;
}

/**
 * What the tasks extension's schema says of a 2026-07-28 message that is the extension's (a
 * tasks/get, tasks/update or tasks/cancel, its result, or a `resultType: "task"` result, a
 * CreateTaskResult); null for a message of the core, which `officialSchemaProblems` judges.
 */
export function extensionSchemaProblems(
  kind: MessageKind,
  method: string,
  message: unknown,
): string[] | null {
  const { ajv, requests } = extTasksSchema();
  const result = (message as { result?: { resultType?: unknown } }).result;
  let type: string | undefined;
  let value: unknown = message;
  if (kind === 'request') type = requests.get(method);
  else if (kind === 'notification' && method === 'notifications/tasks')
    type = 'TaskStatusNotification';
  else if (kind === 'response') {
    value = result;
    type =
      result?.resultType === 'task'
        ? 'CreateTaskResult'
        : requests.get(method)?.replace(/Request$/, 'Result');
  }
  if (type === undefined) return null;
  const check = ajv.getSchema(`${EXT_TASKS}#/$defs/${type}`);
  if (!check) return [`no $defs/${type} in ${EXT_TASKS}`];
  return check(value)
    ? []
    : (check.errors ?? []).map((e: ErrorObject) => `${type}${e.instancePath} ${e.message}`);
}
