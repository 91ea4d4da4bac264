/**
 * The methods whose complete results carry caching hints, `ttlMs` and `cacheScope` (2026-07-28
 * server/utilities/caching › Cacheable Results). One list for the referee, the simulated server,
 * the sandbox and the lesson format.
 */
export const CACHEABLE_METHODS = [
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
] as const;

export const CACHEABLE: ReadonlySet<string> = new Set(CACHEABLE_METHODS);
