/** A lower-case header name as the spec writes it: `MCP-Protocol-Version`, `Mcp-Method`. */
function headerName(name: string): string {
  if (name === 'mcp-protocol-version') return 'MCP-Protocol-Version';
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

/** Headers that carry a secret: a transcript may hold them, a screen or a handout never shows them. */
const SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key']);

/**
 * A secret header's value as shown: its scheme kept when it has one (`Bearer`, what a learner
 * may need to see), the credential itself as dots.
 */
function shown(name: string, value: string): string {
  if (!SECRET.has(name)) return value;
  const scheme = /^([A-Za-z][\w-]*) \S/.exec(value)?.[1];
  return scheme ? `${scheme} •••` : '•••';
}

/**
 * The HTTP request line and headers a step's envelope was POSTed with (2026-07-28
 * basic/transports/streamable-http › Standard Request Headers): the handout's `http` block and
 * the envelope pane's lines above the JSON. A transcript may hold every header its recorder saw;
 * a credential among them is not shown (a teacher projects these screens and shares handouts).
 */
export function httpRequestLines(headers: Readonly<Record<string, string>>): string[] {
  return [
    'POST /mcp',
    ...Object.entries(headers).map(([n, v]) => `${headerName(n)}: ${shown(n.toLowerCase(), v)}`),
  ];
}
