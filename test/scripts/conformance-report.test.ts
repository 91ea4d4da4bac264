import { describe, expect, it } from 'vitest';
import { conformanceNotes } from '../../scripts/conformance-notes.js';
import {
  judgeScenario,
  parseCrashes,
  parseSummary,
  renderTable,
  scenarioOfResultDir,
} from '../../scripts/conformance-report.js';

// Shaped like what `conformance server --requirements <revision>` prints (0.2.0-alpha.12).
const stdout = `=== Running scenario: ping ===
Results saved to /tmp/x/server-ping-2026-12-01T17-24-10-156Z

=== SUMMARY ===
✓ ping: 2 passed, 0 failed
✗ tools-call-simple-text: 1 passed, 1 failed
✗ tasks-capability-negotiation: 0 passed, 1 failed
✓ server-sse-polling: 0 passed, 0 failed

Total: 3 passed, 2 failed

Not scored for 2026-07-28: 2 scenario(s) run, 1 failing. These do not affect conformance.
  ✗ tasks-capability-negotiation (extension)
  ✓ server-sse-polling (pending)
`;

describe('reading the conformance suite output', () => {
  it('reads every summary line and which scenarios are not scored', () => {
    const summary = parseSummary(stdout);
    expect(summary.scenarios).toEqual([
      { scenario: 'ping', passed: 2, failed: 0 },
      { scenario: 'tools-call-simple-text', passed: 1, failed: 1 },
      { scenario: 'tasks-capability-negotiation', passed: 0, failed: 1 },
      { scenario: 'server-sse-polling', passed: 0, failed: 0 },
    ]);
    expect([...summary.notScored]).toEqual([
      ['tasks-capability-negotiation', 'extension'],
      ['server-sse-polling', 'pending'],
    ]);
  });

  it('finds no scenario in output without a summary', () => {
    expect(parseSummary('Error: connect ECONNREFUSED').scenarios).toEqual([]);
  });

  it('names the scenario of a result folder, dashes and all', () => {
    expect(scenarioOfResultDir('server-tools-call-simple-text-2026-12-01T17-24-10-248Z')).toBe(
      'tools-call-simple-text',
    );
    expect(scenarioOfResultDir('notes.txt')).toBeNull();
  });

  it('reads the crash line of a scenario that saved no checks', () => {
    const stderr =
      'Failed to run scenario tasks-capability-negotiation: Et [JsonRpcError]: boom\n    at l (x.js:1)';
    expect(parseCrashes(stderr).get('tasks-capability-negotiation')).toBe(
      'Et [JsonRpcError]: boom',
    );
  });
});

describe('judging a scenario', () => {
  it('explains a fixture failure with the tool it names', () => {
    const result = judgeScenario({
      line: { scenario: 'tools-call-simple-text', passed: 1, failed: 1 },
      revision: '2025-11-25',
      notScoredReason: null,
      checks: [
        { id: 'wire-schema-valid', status: 'SUCCESS' },
        {
          id: 'tools-call-simple-text',
          status: 'FAILURE',
          errorMessage: 'Failed: Unknown tool: test_simple_text',
        },
      ],
      crash: null,
      notes: conformanceNotes,
    });
    expect(result.result).toBe('fail');
    expect(result.unexplained).toEqual([]);
    expect(result.explanation).toEqual([
      "fixture: calls the suite's fixture tool `test_simple_text`, which mcp-sim does not have",
    ]);
  });

  it('leaves a failure for another reason unexplained, even in a scenario with a note', () => {
    const result = judgeScenario({
      line: { scenario: 'resources-read-text', passed: 1, failed: 1 },
      revision: '2025-11-25',
      notScoredReason: null,
      checks: [
        {
          id: 'resources-read-text',
          status: 'FAILURE',
          errorMessage: 'Expected -32002, got -32603',
        },
      ],
      crash: null,
      notes: conformanceNotes,
    });
    expect(result.unexplained).toEqual([
      { check: 'resources-read-text', message: 'Expected -32002, got -32603' },
    ]);
  });

  it('takes a crash as the failure of a scenario without checks, and keeps warnings apart', () => {
    const crashed = judgeScenario({
      line: { scenario: 'tasks-capability-negotiation', passed: 0, failed: 1 },
      revision: '2026-07-28',
      notScoredReason: 'extension',
      checks: null,
      crash: 'Unknown tool: slow_compute',
      notes: conformanceNotes,
    });
    expect(crashed.failures).toEqual([
      { check: 'tasks-capability-negotiation', message: 'Unknown tool: slow_compute' },
    ]);
    expect(crashed.explanation[0]).toMatch(/^extension: /);
    expect(crashed.scored).toBe(false);
    const warned = judgeScenario({
      line: { scenario: 'server-sse-polling', passed: 0, failed: 0 },
      revision: '2025-11-25',
      notScoredReason: 'pending',
      checks: [{ id: 'server-sse-retry-field', status: 'WARNING', errorMessage: 'no retry' }],
      crash: null,
      notes: conformanceNotes,
    });
    expect(warned.result).toBe('pass');
    expect(warned.warnings).toEqual([{ check: 'server-sse-retry-field', message: 'no retry' }]);
  });

  it('renders one table row per scenario, with pipes escaped', () => {
    const scenario = judgeScenario({
      line: { scenario: 'ping', passed: 1, failed: 1 },
      revision: '2025-11-25',
      notScoredReason: null,
      checks: [{ id: 'ping', status: 'FAILURE', errorMessage: 'a | b' }],
      crash: null,
      notes: [],
    });
    const table = renderTable({
      revision: '2025-11-25',
      date: '2026-12-01',
      passed: 1,
      failed: 1,
      scenarios: [scenario],
    });
    expect(table.split('\n').at(-1)).toBe(
      '| `ping` | FAIL 1/2 | **unexplained** `ping`: a \\| b |',
    );
  });
});
