/**
 * An independent check of the four era recordings (test/fixtures/real/v2-*.jsonl,
 * v1-legacy-v2-server.jsonl): every line parses, the hand labels line up with the wire, and each
 * message validates against the official JSON Schema of its era (copies of the spec's
 * `schema/<version>/schema.json` in test/fixtures/schema). Deliberately independent of mcp-sim's
 * own protocol model.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { officialSchemaProblems } from '../helpers/official-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REAL = join(ROOT, 'test', 'fixtures', 'real');

type Era = 'modern' | 'legacy';
interface Label {
  line: number;
  direction: 'client->server' | 'server->client';
  kind: 'request' | 'response' | 'error' | 'notification';
  id: string | number | null;
  method: string;
  era: Era;
  phase: 'initialization' | 'operation' | null;
  violations: string[];
}
interface Message {
  id?: string | number;
  method?: string;
  result?: { resultType?: string; [key: string]: unknown };
  error?: unknown;
}

const VERSION: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };
/** What the official schema of the era says of a message labelled `label` ([] when valid). */
const problemsOf = (era: Era, label: Label, message: Message) =>
  officialSchemaProblems(VERSION[era], label.kind, label.method, message);

const SESSIONS = [
  { name: 'v2-modern', summary: 'modern' },
  { name: 'v2-dual-everything', summary: 'dual' },
  { name: 'v1-legacy-v2-server', summary: 'legacy' },
  { name: 'v2-client-mcp-sim', summary: 'modern' },
];

describe.each(SESSIONS)('real era recording $name', ({ name, summary }) => {
  const lines = readFileSync(join(REAL, `${name}.jsonl`), 'utf8')
    .trimEnd()
    .split('\n');
  const entries = lines.map(
    (l) => JSON.parse(l) as { seq: number; t_ms: number; direction: string; message: Message },
  );
  const labels = JSON.parse(readFileSync(join(REAL, `${name}.expected.json`), 'utf8')) as Label[];

  it('parses as wrapped JSONL with one label per message', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(labels).toHaveLength(entries.length);
    entries.forEach((e, i) => {
      expect(e.seq).toBe(i);
      expect(Number.isInteger(e.t_ms)).toBe(true);
      const label = labels[i] as Label;
      expect(label.line).toBe(i + 1);
      expect(label.direction).toBe(e.direction);
      expect(label.id).toBe(e.message.id ?? null);
      if (e.message.method !== undefined) expect(label.method).toBe(e.message.method);
      expect(label.phase === null).toBe(label.era === 'modern');
    });
    const file = JSON.parse(readFileSync(join(REAL, `${name}.summary.json`), 'utf8'));
    expect(file).toEqual({ era: summary });
  });

  it('every message validates against the JSON Schema of its era', () => {
    const problems: string[] = [];
    entries.forEach((e, i) => {
      const label = labels[i] as Label;
      for (const p of problemsOf(label.era, label, e.message)) problems.push(`line ${i + 1}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it('contains no machine-specific paths', () => {
    const text = lines.join('\n');
    expect(text).not.toContain(ROOT);
    expect(text).not.toMatch(/\/(?:Users|root|tmp|work)\//);
  });
});

describe('the era schema checks are not vacuous', () => {
  const legacyList = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
  const label: Label = {
    line: 1,
    direction: 'server->client',
    kind: 'response',
    id: 1,
    method: 'tools/list',
    era: 'legacy',
    phase: 'operation',
    violations: [],
  };
  const problems = (era: Era, message: Message) => problemsOf(era, { ...label, era }, message);

  it('a legacy tools/list result is valid in 2025-11-25 but not in 2026-07-28', () => {
    expect(problems('legacy', legacyList)).toEqual([]);
    expect(problems('modern', legacyList).join('\n')).toMatch(/resultType|ttlMs|cacheScope/);
  });

  it('a modern request without the envelope is rejected', () => {
    const bare = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const req: Label = { ...label, direction: 'client->server', kind: 'request', era: 'modern' };
    const found = problemsOf('modern', req, bare);
    expect(found.join('\n')).toMatch(/protocolVersion|clientCapabilities|_meta/);
  });
});
