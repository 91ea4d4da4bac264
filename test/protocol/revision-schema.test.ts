import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compiledModernDefs } from '../../src/protocol/modern-schema.js';
import {
  compiledRevisionDefs,
  JSON_SCHEMA_REVISIONS,
  revisionMessageIssues,
  revisionResultIssues,
} from '../../src/protocol/revision-schema.js';
import { checkParams, checkResult } from '../../src/protocol/schemas.js';

const compiledAll = () => JSON_SCHEMA_REVISIONS.map((r) => compiledRevisionDefs(r).length);

describe('the revisions before 2025-11-25 have their own JSON Schema, compiled lazily', () => {
  it('a 2025-11-25 check compiles nothing (the SDK’s zod schemas judge it)', () => {
    expect(compiledAll()).toEqual([0, 0, 0]);
    checkResult('tools/call', { content: [{ type: 'text', text: 'ok' }] }, '2025-11-25');
    checkParams('tools/call', { name: 'x' }, '2025-11-25');
    expect(compiledAll()).toEqual([0, 0, 0]);
    expect(compiledModernDefs()).toEqual([]);
  });

  it('a revision compiles only the definitions its messages need, and no other revision’s', () => {
    checkResult('tools/call', { content: [] }, '2024-11-05');
    checkResult('tools/call', { content: [] }, '2024-11-05');
    expect(compiledRevisionDefs('2024-11-05')).toEqual(['CallToolResult']);
    expect(compiledRevisionDefs('2025-03-26')).toEqual([]);
    expect(compiledRevisionDefs('2025-06-18')).toEqual([]);
  });

  it('maps each method to its definitions from the schema (EmptyResult where it has no result of its own)', () => {
    expect(revisionResultIssues('2025-03-26', 'ping', { anything: 1 })).toEqual([]);
    expect(revisionResultIssues('2025-03-26', 'ping', { _meta: 1 })[0]?.pointer).toBe(
      '/result/_meta',
    );
    expect(
      revisionMessageIssues('2025-06-18', 'notifications/progress', {
        method: 'notifications/progress',
        params: { progressToken: 1 },
      })[0]?.pointer,
    ).toBe('/params/progress');
    // A method the revision does not have is not this check's to judge.
    expect(revisionMessageIssues('2025-03-26', 'elicitation/create', { method: 'x' })).toEqual([]);
    expect(revisionResultIssues('2025-06-18', 'tasks/get', {})).toEqual([]);
  });
});

describe('checkParams and checkResult by revision', () => {
  const audio = { content: [{ type: 'audio', data: 'AA==', mimeType: 'audio/wav' }] };

  it('follow the revision: audio content is 2025-03-26’s', () => {
    expect(checkResult('tools/call', audio, '2024-11-05')?.pointer).toBe('/result/content/0');
    expect(checkResult('tools/call', audio, '2025-03-26')).toBeNull();
    expect(checkResult('tools/call', audio)).toBeNull();
  });

  it('2025-11-25: a required content the SDK would fill in is missing, also in a sampling tool result', () => {
    expect(checkResult('tools/call', { structuredContent: {} })?.pointer).toBe('/result/content');
    expect(checkResult('tools/call', { content: [], structuredContent: {} })).toBeNull();
    const sampling = (content: object) => ({
      messages: [{ role: 'user', content: { type: 'tool_result', toolUseId: 'u1', ...content } }],
      maxTokens: 10,
    });
    expect(checkParams('sampling/createMessage', sampling({}))?.pointer).toBe(
      '/params/messages/0/content/content',
    );
    expect(checkParams('sampling/createMessage', sampling({ content: [] }))).toBeNull();
  });

  it('a deep value the schema does not describe is passed over, not walked', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20_000; i++) deep = { deep };
    const result = { content: [], structuredContent: { deep } };
    expect(checkResult('tools/call', result)).toBeNull();
  });
});

describe('where the SDK v1 fills in defaults (what the 2025-11-25 walk covers)', () => {
  it('only content of CallToolResult and ToolResultContent (and two client options, no message)', () => {
    // An SDK update that adds a default to a message schema must extend `fillsDefaults` in
    // src/protocol/schemas.ts, or the field it fills would go unreported again.
    const types = createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/types.js');
    const source = readFileSync(types.replace('/cjs/', '/esm/'), 'utf8');
    const defaults = source.split('\n').filter((line) => line.includes('.default('));
    expect(defaults.map((line) => line.trim())).toEqual([
      'content: z.array(ContentBlockSchema).default([]),',
      'autoRefresh: z.boolean().default(true),',
      'debounceMs: z.number().int().nonnegative().default(300)',
      'content: z.array(ContentBlockSchema).default([]),',
    ]);
  });
});
