/**
 * Declared capabilities as short dotted paths: `{tools: {listChanged: true}, elicitation: {}}`
 * becomes `tools.listChanged`, `elicitation`. A capability switched off (`false`) is left out.
 */
export function capabilityPaths(capabilities: unknown, prefix = ''): string[] {
  if (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities)) {
    return [];
  }
  const paths: string[] = [];
  for (const [key, value] of Object.entries(capabilities as Record<string, unknown>)) {
    if (value === false || value === undefined) continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const inner =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? capabilityPaths(value, path)
        : [];
    paths.push(...(inner.length > 0 ? inner : [path]));
  }
  return paths;
}
