import * as z from 'zod';

/** A message's JSON text may be this long; the harness never sends more than a result's JSON. */
export const MESSAGE_LIMIT = 1_000_000;
/** This many messages from one process at most: a flood is an attack, not a solution. */
export const MESSAGE_COUNT_LIMIT = 100_000;

const Text = z.string().max(100_000);
const Id = z.number().int().nonnegative();

/**
 * What the harness in the learner's process sends. The learner's code shares that process and
 * can call `process.send` itself, so every message is checked here before the grader reads it.
 */
export const FromChild = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ready') }),
  z.object({ t: z.literal('load-error'), error: Text }),
  z.object({ t: z.literal('crash'), error: Text, id: Id.optional() }),
  z.object({
    t: z.literal('event'),
    id: Id,
    seq: Id,
    name: z.string().max(200),
    args: z.array(z.unknown()).max(1000),
  }),
  z.object({
    t: z.literal('result'),
    id: Id,
    ok: z.boolean(),
    value: z.unknown().optional(),
    error: Text.optional(),
    missing: z.boolean().optional(),
  }),
]);
export type FromChild = z.infer<typeof FromChild>;

/** A short, printable glimpse of what was sent, for the one-line reason. */
function glimpse(raw: unknown, json: string | undefined): string {
  const text = json ?? String(raw);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * The message, or why it is not one the harness sends (one line, with the JSON pointer of the
 * first wrong field).
 */
export function parseFromChild(
  raw: unknown,
):
  | { readonly ok: true; readonly message: FromChild }
  | { readonly ok: false; readonly error: string } {
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch {
    json = undefined;
  }
  if (json !== undefined && json.length > MESSAGE_LIMIT)
    return {
      ok: false,
      error: `a message of ${json.length} characters, over the limit of ${MESSAGE_LIMIT}`,
    };
  const parsed = FromChild.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const pointer = issue ? `/${issue.path.map(String).join('/')}` : '/';
  return {
    ok: false,
    error: `a malformed message (at ${pointer}: ${issue?.message ?? 'invalid'}): ${glimpse(raw, json)}`,
  };
}
