import * as z from 'zod';
import { TOOL_NAMES } from '../server/session-tools.js';
import { FAULT_NAMES } from './faults.js';

/**
 * YAML folds a long scalar's lines with spaces, which is right for English and wrong between
 * Chinese characters: drop whitespace that sits between two CJK characters or punctuation marks.
 */
const CJK_GAP =
  /(?<=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u303f\u3400-\u9fff\uff00-\uffef])/g;

export function joinCjk(text: string): string {
  return text.replace(CJK_GAP, '');
}

/** Text in both languages; every learner-facing sentence has both. */
export const bilingual = z
  .object({ en: z.string().min(1), zh: z.string().min(1).transform(joinCjk) })
  .strict();

const json = z.record(z.string(), z.unknown());
const pointer = z.string().regex(/^(\/[^/]*)*$/, 'a JSON pointer such as /params/protocolVersion');

const clientAction = z.union([
  z.enum(['initialize', 'initialized', 'next', 'ping']),
  z
    .object({
      initialize: z
        .object({ version: z.string().optional(), capabilities: json.optional() })
        .strict(),
    })
    .strict(),
  z
    .object({ request: z.string(), params: json.optional(), progress: z.boolean().optional() })
    .strict(),
  z.object({ notify: z.string(), params: json.optional() }).strict(),
  z
    .object({
      cancel: z.union([z.literal('latest'), z.string(), z.number().int()]),
      reason: z.string().optional(),
    })
    .strict(),
]);

const serverAction = z.union([
  z.enum(['next', 'ping']),
  z.object({ request: z.string(), params: json.optional() }).strict(),
]);

const doAction = z.union([
  z.enum(['update-notes']),
  z.object({ 'add-tool': z.enum(TOOL_NAMES) }).strict(),
  z.object({ log: z.object({ level: z.string(), data: z.unknown() }).strict() }).strict(),
  z
    .object({
      'set-roots': z.array(z.object({ uri: z.string(), name: z.string().optional() }).strict()),
    })
    .strict(),
  z.object({ wait: z.number().int().min(0) }).strict(),
  // The client writes a line that is not a proper message (the server answers -32700 / -32600).
  z.object({ raw: z.string() }).strict(),
  // The server's next answer fails inside the server (-32603).
  z.object({ 'fail-next': z.literal('internal-error') }).strict(),
]);

const stepText = {
  note: bilingual,
  annotations: z.record(pointer, bilingual).optional(),
};

export const stepSchema = z.union([
  z.object({ client: clientAction, ...stepText }).strict(),
  z.object({ server: serverAction, ...stepText }).strict(),
  z.object({ fault: z.enum(FAULT_NAMES), params: json.optional(), ...stepText }).strict(),
  z.object({ do: doAction }).strict(),
  // The transport closes: stdin closed / process ended on stdio, connection closed on HTTP.
  z.object({ close: z.enum(['client', 'server']), ...stepText }).strict(),
]);

export const serverConfigSchema = z
  .object({
    name: z.string().default('weather-server'),
    version: z.string().default('1.0.0'),
    versions: z
      .array(z.string())
      .min(1)
      .default(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']),
    capabilities: json.default({ tools: { listChanged: true } }),
    tools: z.array(z.enum(TOOL_NAMES)).default(['weather_current']),
    instructions: z.string().optional(),
  })
  .strict();

export const clientConfigSchema = z
  .object({
    name: z.string().default('learner-client'),
    version: z.string().default('1.0.0'),
    versions: z
      .array(z.string())
      .min(1)
      .default(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']),
    capabilities: json.default({}),
    roots: z
      .array(z.object({ uri: z.string(), name: z.string().optional() }).strict())
      .default([{ uri: 'file:///home/learner/project', name: 'project' }]),
    modelReply: z.string().default('The text says the weather is mild and the tools work.'),
    elicitation: z
      .object({ action: z.enum(['accept', 'decline', 'cancel']), content: json.optional() })
      .strict()
      .default({ action: 'accept', content: { rating: 5, comment: 'Clear!' } }),
  })
  .strict();

export const scenarioSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes')
      .optional(),
    title: bilingual,
    goal: bilingual,
    server: serverConfigSchema.default(serverConfigSchema.parse({})),
    client: clientConfigSchema.default(clientConfigSchema.parse({})),
    steps: z.array(stepSchema).min(1),
    recap: bilingual,
    spec: z.array(z.string()).default([]),
  })
  .strict();

export type ScenarioFile = z.input<typeof scenarioSchema>;
export type Scenario = z.output<typeof scenarioSchema>;
export type Step = z.output<typeof stepSchema>;
export type Bilingual = z.output<typeof bilingual>;
