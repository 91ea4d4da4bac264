/** A lower-case header name as the spec writes it: `MCP-Protocol-Version`, `Mcp-Method`. */
function headerName(name: string): string {
  if (name === 'mcp-protocol-version') return 'MCP-Protocol-Version';
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

/**
 * The HTTP request line and headers a step's envelope was POSTed with (2026-07-28
 * basic/transports/streamable-http › Standard Request Headers): the handout's `http` block and
 * the envelope pane's lines above the JSON.
 */
export function httpRequestLines(headers: Readonly<Record<string, string>>): string[] {
  return ['POST /mcp', ...Object.entries(headers).map(([n, v]) => `${headerName(n)}: ${v}`)];
}
