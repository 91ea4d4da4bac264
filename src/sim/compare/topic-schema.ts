import * as z from 'zod';
import { LESSON_STRINGS } from '../../i18n/lesson-strings.js';
import {
  bilingual,
  clientConfigSchema,
  fileId,
  type Scenario,
  scenarioSchema,
  serverConfigSchema,
  stepSchema,
} from '../scenario/schema.js';

/**
 * One era's session of a compare topic: a lesson's peers and steps (the same actions, the same
 * engine), without the lesson's frame. A step's `note` may be left out: the topic's rows say what
 * differs, and a note, when written, is shown under the step.
 */
const sideSchema = z
  .object({
    revision: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, LESSON_STRINGS.schemaRevisionShape.en),
    server: serverConfigSchema.default(serverConfigSchema.parse({})),
    client: clientConfigSchema.default(clientConfigSchema.parse({})),
    steps: z.array(z.preprocess(withNote, stepSchema)).min(1),
  })
  .strict();

/** A step of the one session log (1-based, as the view and the handout number them), or none. */
const stepNumber = z.number().int().min(1).nullable();

const rowSchema = z
  .object({ legacy: stepNumber, modern: stepNumber, difference: bilingual })
  .strict()
  .refine((row) => row.legacy !== null || row.modern !== null, LESSON_STRINGS.schemaRowStep.en);

export const topicSchema = z
  .object({
    id: fileId.optional(),
    title: bilingual,
    summary: bilingual,
    /** Spec sections both sessions rest on, as lessons cite them (`basic/lifecycle › …`). */
    spec: z.array(z.string()).default([]),
    /** The lessons that teach the topic, by id: the view's last row names them, as commands. */
    lessons: z.array(fileId).default([]),
    legacy: sideSchema,
    modern: sideSchema,
    rows: z.array(rowSchema).min(1),
  })
  .strict();

export type TopicSide = z.output<typeof sideSchema>;
export type Topic = z.output<typeof topicSchema>;
export type TopicRow = z.output<typeof rowSchema>;

/** An empty note (nothing to narrate): the step schema wants one, the topic does not. */
const SILENT = { en: ' ', zh: ' ' } as const;

function withNote(step: unknown): unknown {
  if (step === null || typeof step !== 'object' || Array.isArray(step)) return step;
  if ('do' in step || 'note' in step) return step;
  return { ...step, note: SILENT };
}

/** A side as the lesson engine plays it: a scenario framed by the topic's title and summary. */
export function sideScenario(topic: Topic, side: TopicSide): Scenario {
  return scenarioSchema.parse({
    title: topic.title,
    goal: topic.summary,
    recap: topic.summary,
    revision: side.revision,
    server: side.server,
    client: side.client,
    steps: side.steps,
  });
}
