/**
 * The headings of the official extensions' specifications the referee cites, by the key a citation
 * names them with (`ext-tasks-e434597/tasks › Task Polling`). An extension is versioned apart from
 * the core revisions, so its key names its repository and commit, not a revision. Copied from
 * specification/draft/tasks.md of github.com/modelcontextprotocol/ext-tasks at e434597
 * (2026-08-21), as scripts/gen-spec-headings.ts reads a revision's pages.
 */
export const EXTENSION_HEADINGS: {
  readonly [extension: string]: { readonly [page: string]: readonly string[] };
} = {
  'ext-tasks-e434597': {
    tasks: [
      'Tasks',
      'Extension Identifier',
      'Capability Negotiation',
      'Supported Methods',
      'Polymorphic Results',
      'Task Status',
      'Task Creation',
      'Task Polling',
      'Request',
      'Response',
      'Task Update Requests',
      'Task Cancellation',
      'Task Status Notifications',
      'Streamable HTTP: Routing Headers',
      'Example Message Flow',
      'Error Handling',
      'Protocol Errors',
      'Task Execution Errors',
      'Reservations',
      'Security Considerations',
      'Implementation Considerations',
      'Backwards Compatibility',
    ],
  },
};
