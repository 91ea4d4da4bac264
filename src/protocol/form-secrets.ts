import { isObject, type JsonObject, pointerToken } from './json.js';

/**
 * The fields of a form-mode elicitation that ask for a secret. client/elicitation › User
 * Interaction Model and › Form Mode Security (2025-11-25; 2026-07-28 keeps both): servers MUST NOT
 * use form mode to request sensitive information "such as passwords, API keys, access tokens, or
 * payment credentials", secrets and credentials "that grant access or authorize transactions";
 * they MUST use URL mode for those. "General contact or profile information (such as a name, email
 * address, or username) is not categorically prohibited."
 *
 * Nothing on the wire says a field is secret, so this reads what a user would: each property's
 * name, title and description, split into words (`apiKey`, `api_key`, "API key" alike), matched
 * against the kinds of secret the page names; in a title or description, not what a negation sets
 * aside ("do not give us your pin"). It is a reading, not a proof: a referee's rule built
 * on it is a warning that says what it read.
 */

/** One field that reads as a secret: its key, its JSON pointer under the schema, what gave it away. */
export type SecretField = {
  readonly key: string;
  /** Under the requestedSchema: `/properties/apiKey`. */
  readonly pointer: string;
  /** The kind of secret, as the spec page names it. */
  readonly kind: SecretKind;
  /** What gave it away: the property's key, its title or its description. */
  readonly source: 'key' | 'title' | 'description';
};

export type SecretKind = 'password' | 'api key' | 'access token' | 'payment credential';

/** The kinds, each with what reads as it: English words (after the split) and Chinese terms. */
const KINDS: readonly { readonly kind: SecretKind; readonly en: RegExp; readonly zh: RegExp }[] = [
  {
    kind: 'password',
    en: /\b(?:pass ?words?|pass ?phrases?|passcodes?|pwd|pin)\b/,
    zh: /密码|口令/,
  },
  {
    kind: 'api key',
    en: /\b(?:api ?keys?|secret ?keys?|private ?keys?|client ?secrets?|secrets?)\b/,
    zh: /密钥|秘钥/,
  },
  {
    kind: 'access token',
    en: /\b(?:(?:access|auth|bearer|refresh|session|api|personal access|oauth|id) ?tokens?|credentials?)\b/,
    zh: /令牌|访问凭证|凭据/,
  },
  {
    kind: 'payment credential',
    en: /\b(?:(?:credit|debit|bank) ?card(?: ?numbers?)?|card ?numbers?|cvv|cvc|cvv2|security ?codes?|iban)\b/,
    zh: /信用卡|银行卡|卡号|安全码/,
  },
];

/** `apiKey`, `api_key`, `API-Key` → `api key`: the words a name or a title is made of, lower case. */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.:/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
}

/** The first kind of secret `text` reads as; null when none. */
function secretIn(text: string): SecretKind | null {
  const plain = words(text);
  return KINDS.find(({ en, zh }) => en.test(plain) || zh.test(text))?.kind ?? null;
}

/** A word that turns what follows it in its clause into what the form does not want. */
const NEGATION =
  /\b(?:not|never|no|don['’]t|doesn['’]t|without)\b|不要|请勿|切勿|绝不|无需|不必|不需要/i;

/**
 * A title or description with what it says the form does not want set aside: in each clause
 * (up to `.`, `;`, `!`, `?`, a bracket or a line break; a comma does not end one, so a list after
 * the negation stays with it), the text from a negating word on. "Your favorite integer (do not
 * give us your phone number, pin, or other sensitive info)" (server-everything's elicitation form)
 * warns the user off a pin; it does not ask for one. What comes before the negation stays: "A
 * password that does not contain spaces" still asks for a password.
 */
function asked(text: string): string {
  return text
    .split(/[.;!?()[\]\n。；！？（）]+/)
    .map((clause) => {
      const at = clause.search(NEGATION);
      return at === -1 ? clause : clause.slice(0, at);
    })
    .join('. ');
}

/**
 * The properties of a requestedSchema that read as secrets, in the schema's order. A property reads
 * as one when its key, its title or its description does; a bare "token" key too (the field holds a
 * token), though "max tokens" or "token count" does not.
 */
export function secretFields(schema: unknown): SecretField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const found: SecretField[] = [];
  for (const [key, property] of Object.entries(schema.properties as JsonObject)) {
    const texts: [SecretField['source'], string][] = [['key', key]];
    if (isObject(property)) {
      if (typeof property.title === 'string') texts.push(['title', property.title]);
      if (typeof property.description === 'string')
        texts.push(['description', property.description]);
    }
    for (const [source, text] of texts) {
      const kind =
        source === 'key'
          ? words(text) === 'token'
            ? 'access token'
            : secretIn(text)
          : secretIn(asked(text));
      if (kind === null) continue;
      found.push({ key, pointer: `/properties/${pointerToken(key)}`, kind, source });
      break;
    }
  }
  return found;
}
