import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTracer, type TraceLabel } from '../../src/trace/index.js';

/**
 * Faults planted in a real modern session (SDK v2 2.4.0 client ↔ SDK v2 serveStdio server,
 * test/fixtures/real/v2-modern.jsonl): each mutation breaks one rule of 2026-07-28, and the
 * referee must name that rule on the changed line.
 */
// biome-ignore lint/suspicious/noExplicitAny: mutations reach into recorded JSON freely
type Msg = any;
type Row = { direction: string; message: Msg };

/** The message on a line of the recording (1-based), to plant a fault in. */
function at(rows: Row[], line: number): Msg {
  const row = rows[line - 1];
  if (!row) throw new Error(`the recording has no line ${line}`);
  return row.message;
}

const FILE = join(import.meta.dirname, '..', 'fixtures', 'real', 'v2-modern.jsonl');
const original = (): Row[] =>
  readFileSync(FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);

function trace(rows: readonly Row[]): TraceLabel[] {
  const tracer = createTracer();
  const labels: TraceLabel[] = [];
  rows.forEach((row, i) => {
    for (const event of tracer.push({ line: i + 1, text: JSON.stringify(row) })) {
      if (event.type === 'message') labels.push(event.label);
    }
  });
  for (const event of tracer.finish()) if (event.type === 'message') labels.push(event.label);
  return labels;
}

const VERSION = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const SUB = 'io.modelcontextprotocol/subscriptionId';

/** line (1-based) → what to do to that line's message; the rule expected there. */
const FAULTS: readonly {
  name: string;
  line: number;
  rule: string;
  plant: (rows: Row[]) => void;
}[] = [
  {
    name: 'a request without its protocol version',
    line: 3,
    rule: 'request-meta-missing',
    plant: (rows) => delete at(rows, 3).params._meta[VERSION],
  },
  {
    name: 'a result without resultType',
    line: 9,
    rule: 'result-type-missing',
    plant: (rows) => delete at(rows, 9).result.resultType,
  },
  {
    name: 'a tools/list result without its cache hints',
    line: 4,
    rule: 'cache-hints-missing',
    plant: (rows) => delete at(rows, 4).result.ttlMs,
  },
  {
    name: 'a server request instead of an input_required result',
    line: 19,
    rule: 'server-request',
    plant: (rows) => {
      const params = at(rows, 19).result.inputRequests.confirm.params;
      rows[18] = {
        direction: 'server->client',
        message: { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params },
      };
    },
  },
  {
    name: 'a list_changed outside its listen stream',
    line: 8,
    rule: 'unsolicited-notification',
    plant: (rows) => delete at(rows, 8).params._meta[SUB],
  },
  {
    name: 'a log message for a request that set no logLevel',
    line: 16,
    rule: 'log-without-level',
    plant: (rows) => delete at(rows, 15).params._meta['io.modelcontextprotocol/logLevel'],
  },
  {
    name: 'an input request the request did not declare',
    line: 19,
    rule: 'client-capability-not-declared',
    plant: (rows) => {
      at(rows, 18).params._meta[CAPS] = { sampling: {}, roots: {} };
    },
  },
  {
    name: 'a retry that reuses the id of the request it retries',
    line: 20,
    rule: 'retry-same-id',
    plant: (rows) => {
      const first = at(rows, 18).id;
      at(rows, 20).id = first;
      at(rows, 21).id = first;
    },
  },
  {
    name: 'a retry without the answer to a key it was asked',
    line: 24,
    rule: 'input-responses-missing',
    plant: (rows) => {
      at(rows, 24).params.inputResponses = {};
    },
  },
  {
    name: 'a retry that changes the requestState',
    line: 24,
    rule: 'request-state-altered',
    plant: (rows) => {
      at(rows, 24).params.requestState = `${at(rows, 24).params.requestState}x`;
    },
  },
  {
    name: 'ping, which 2026-07-28 removed',
    line: 3,
    rule: 'method-removed',
    plant: (rows) => {
      at(rows, 3).method = 'ping';
      at(rows, 3).params = { _meta: at(rows, 3).params._meta };
      at(rows, 4).result = {
        resultType: 'complete',
        _meta: at(rows, 4).result._meta,
      };
    },
  },
  {
    name: 'initialize after the server answered the probe as a modern server',
    line: 3,
    rule: 'era-mixed',
    plant: (rows) => {
      at(rows, 3).method = 'initialize';
      at(rows, 3).params = {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      };
    },
  },
];

describe('faults planted in a real modern session are caught, one rule each', () => {
  it('the recording itself is clean', () => {
    const labels = trace(original());
    expect(labels.flatMap((l) => l.violations)).toEqual([]);
    expect(labels.every((l) => l.era === 'modern' && l.phase === null)).toBe(true);
  });

  it.each(FAULTS)('$name → $rule', ({ line, rule, plant }) => {
    const rows = original();
    plant(rows);
    const labels = trace(rows);
    const at = labels.find((l) => l.line === line);
    expect(at?.violations).toContain(rule);
  });
});
