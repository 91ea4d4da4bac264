import type { JsonObject } from '../protocol/json.js';
import { isObject } from '../protocol/json.js';
import { firstControl } from '../protocol/visible.js';
import type { OfferRow as Offer } from './sandbox-driver.js';

/** One line of a request's form: a top-level param and its value as JSON text. */
export type Field = { readonly name: string; readonly text: string };

/** What the screen is showing besides the session: the list, a request's form, the JSON, the help. */
export type SandboxMode =
  | { readonly kind: 'list' }
  | {
      readonly kind: 'form';
      readonly offer: Offer;
      readonly fields: readonly Field[];
      readonly focus: number;
    }
  | {
      readonly kind: 'edit';
      readonly offer: Offer;
      /** What the editor holds now. */
      readonly text: string;
      readonly error: string | null;
      /** The first control character of the text when it did not parse (null when none). */
      readonly hidden: HiddenCharacter | null;
    }
  | { readonly kind: 'help' };

/** The params a learner fills in: every top-level one but `_meta` (the envelope stays as built). */
export function fieldsOf(offer: Offer): Field[] {
  if (offer.kind !== 'request') return [];
  const params = offer.envelope.params;
  if (!isObject(params)) return [];
  return Object.entries(params)
    .filter(([name]) => name !== '_meta')
    .map(([name, value]) => ({ name, text: JSON.stringify(value) }));
}

/** A field's text as a value: JSON when it reads as JSON, else the text itself (a string). */
export function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The offer's envelope with its params taken from the form. */
export function withFields(offer: Offer, fields: readonly Field[]): JsonObject {
  const params = isObject(offer.envelope.params) ? offer.envelope.params : {};
  const filled: JsonObject = { ...params };
  for (const field of fields) filled[field.name] = parseLoose(field.text);
  return { ...offer.envelope, params: filled };
}

/** A control character in the editor's text: the terminal shows nothing for it. */
export type HiddenCharacter = { readonly code: string; readonly position: number };

/**
 * The envelope the learner typed, or why it is not JSON (JSON.parse's words, with the position)
 * and, when the text holds a control character (pasted, or a key the editor took as text), the
 * first one: the editor draws nothing for it, so the position alone would point at nothing seen.
 */
export function parseEnvelope(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string; hidden: HiddenCharacter | null } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // A control character as `visible` counts them: C0, DEL, C1, bidi controls. JSON allows tab,
    // line feed and carriage return between tokens, but a one-line editor shows none of them.
    const control = firstControl(text);
    const hidden =
      control === null
        ? null
        : {
            code: `U+${control.char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
            position: control.index,
          };
    return { ok: false, error: error instanceof Error ? error.message : String(error), hidden };
  }
}

/** One line of JSON, for previews and the editor. */
export const compact = (value: unknown): string => JSON.stringify(value) ?? 'undefined';
