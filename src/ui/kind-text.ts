import { type Lang, tr } from '../i18n/lang.js';
import { STRINGS } from '../i18n/strings.js';
import type { Envelope } from '../protocol/envelope.js';

/**
 * What kind of message a step is, in `lang`: a request, a response… or, for a broken one, "not a
 * JSON-RPC message", or "not a valid MCP message" when JSON-RPC 2.0 allows it (a null id, an id
 * on a notification: basic/index › Requests, › Notifications).
 */
export function kindText(
  report: { readonly kind: Envelope['kind']; readonly envelope: Envelope },
  lang: Lang,
): string {
  const mcpOnly = report.envelope.kind === 'invalid' && report.envelope.mcpOnly === true;
  return tr(mcpOnly ? STRINGS.kind_invalid_mcp : STRINGS[`kind_${report.kind}` as const], lang);
}
