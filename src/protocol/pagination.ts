/**
 * The list methods whose requests take a `cursor` and whose results may hand out a `nextCursor`
 * (2025-11-25 server/utilities/pagination › Operations Supporting Pagination; the schema's
 * PaginatedRequest). tasks/list came with 2025-11-25 and goes either way.
 */
export const PAGINATED: ReadonlySet<string> = new Set([
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'prompts/list',
  'tasks/list',
]);
