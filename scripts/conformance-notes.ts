/**
 * Why each expected failure of the official conformance suite against `mcp-sim serve --http` is
 * not a protocol bug in mcp-sim. A note explains a failing check only if its regular expression
 * matches `<check id> <error message>`, so a scenario that starts failing for another reason shows
 * up as unexplained (and `npm run conformance` exits 1) instead of hiding behind an old note.
 *
 * Most scenarios call the suite's own fixtures (the `test_*` tools, `test://` resources and
 * `test_*` prompts of its reference "everything" server); mcp-sim serves the tools, resources and
 * prompts of its lessons instead, so those calls get -32602 (unknown tool, prompt or resource) as
 * the spec says they should (2025-11-25 server/tools › Error Handling; server/resources › Error
 * Handling; 2026-07-28 server/resources › Error Handling).
 */
import type { Note } from './conformance-report.js';

const fixtureResource = (scenario: string, uri: string): Note => ({
  scenario,
  kind: 'fixture',
  match: /Resource not found/u,
  text: `reads the suite's fixture resource \`${uri}\`, which mcp-sim does not have`,
});

export const conformanceNotes: readonly Note[] = [
  // Fixtures named in the error message: one note serves every scenario that calls them.
  {
    scenario: '*',
    kind: 'fixture',
    match: /Unknown tool: (test_\w+)/u,
    text: "calls the suite's fixture tool `$1`, which mcp-sim does not have",
  },
  {
    scenario: '*',
    kind: 'fixture',
    match: /(?:Unknown|unknown) prompt:? "?(test_\w+)/u,
    text: "uses the suite's fixture prompt `$1`, which mcp-sim does not have",
  },
  {
    scenario: 'json-schema-2020-12',
    kind: 'fixture',
    match: /Tool '(json_schema_2020_12_tool)' not found/u,
    text: "looks for the suite's fixture tool `$1`, which mcp-sim does not have",
  },
  fixtureResource('resources-read-text', 'test://static-text'),
  fixtureResource('resources-read-binary', 'test://static-binary'),
  fixtureResource('resources-templates-read', 'test://template/{id}/data'),
  fixtureResource('resources-subscribe', 'test://watched-resource'),
  fixtureResource('resources-unsubscribe', 'test://watched-resource'),
  // 2026-07-28 scenarios whose fixture is only named in the scenario's source.
  {
    scenario: 'input-required-result-multi-round',
    kind: 'fixture',
    match: /^sep-2322-multi-round-r1 /u,
    text: "calls the suite's fixture tool `test_input_required_result_multi_round`, which mcp-sim does not have",
  },
  {
    scenario: 'input-required-result-tampered-state',
    kind: 'fixture',
    match: /^sep-2322-reject-tampered-state Prerequisite failed/u,
    text: "calls the suite's fixture tool `test_input_required_result_tampered_state`, which mcp-sim does not have",
  },
  {
    scenario: 'server-stateless',
    kind: 'fixture',
    match: /diagnostic tool '(test_\w+)'/u,
    text: "needs the suite's diagnostic tool `$1`, which mcp-sim does not have",
  },
  {
    scenario: 'http-custom-header-server-validation',
    kind: 'fixture',
    match:
      /no tool with x-mcp-header annotations|custom-header validation setup failed|sep-2243-server-no-xmcp-tool/u,
    text: 'needs a tool whose input schema declares `x-mcp-header` parameters (SEP-2243, optional for a tool); mcp-sim has none',
  },
  // The tasks extension (io.modelcontextprotocol/tasks, SEP-2663) is optional; mcp-sim does not
  // declare it, so its methods are unknown (-32601) and its fixture tools (`slow_compute`,
  // `greet`, `failing_job`, …) absent.
  {
    scenario: '*',
    revision: '2026-07-28',
    kind: 'extension',
    match: /^(?:tasks-|sep-2663-)/u,
    text: 'tests the optional tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663), which mcp-sim does not declare',
  },
  // A dual-era server implements initialize: it selects the legacy era (2026-07-28
  // basic/versioning › Backward Compatibility), so it is not a removed method to that server.
  {
    scenario: 'server-stateless',
    revision: '2026-07-28',
    kind: 'suite',
    match: /^sep-2575-http-server-method-not-found-404-initialize /u,
    text: "expects 404 / -32601 for `initialize`, but `serve` is a dual-era server (the default `--era dual`), for which an `initialize` selects the legacy era (2026-07-28 basic/versioning › Backward Compatibility); the suite's request carries no `protocolVersion`, so the legacy answer is -32602 (the lifecycle's params); `--era modern` answers it -32022 with `data.supported` (versioning › a modern-only server SHOULD name its versions)",
  },
];
