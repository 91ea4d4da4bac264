import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, ROOT, run } from '../helpers/cli.js';

/**
 * `trace` judges each handshake-era session by its own revision's schema, and pays for it only
 * when a revision with a JSON Schema of its own (before 2025-11-25) is in the transcript: then it
 * loads that revision's validators, precompiled by the build (dist/validators/), and not Ajv's
 * compiler.
 */
const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-revisions-'));
/** Prints, at exit, how many of Ajv's modules the process loaded, and which generated validators. */
const HOOK = join(dir, 'count-ajv.cjs');
const BASICS = join(ROOT, 'test', 'fixtures', 'real', 'everything-basics.jsonl');

function transcript(version: string): string {
  const file = join(dir, `${version}.jsonl`);
  const lines = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    },
    {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: version,
        capabilities: { tools: {} },
        serverInfo: { name: 's', version: '1' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'speak' } },
    {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'audio', data: 'AA==', mimeType: 'audio/wav' }] },
    },
  ];
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

async function trace(file: string) {
  const result = await run(process.execPath, ['--require', HOOK, CLI, 'trace', file, '--json']);
  const ajvModules = Number(/ajv-modules=(\d+)/.exec(result.stderr)?.[1]);
  const validators = /validators=(.*)/.exec(result.stderr)?.[1]?.split(',').filter(Boolean);
  const json = JSON.parse(result.stdout) as { messages: { violations: string[] }[] };
  return { ajvModules, validators, violations: json.messages.map((m) => m.violations) };
}

beforeAll(async () => {
  writeFileSync(
    HOOK,
    [
      "process.on('exit', () => {",
      "  const n = Object.keys(require.cache).filter((k) => k.includes('/node_modules/ajv/')).length;",
      "  process.stderr.write('ajv-modules=' + n + '\\n');",
      "  const v = Object.keys(require.cache).filter((k) => k.includes('/dist/validators/'));",
      "  process.stderr.write('validators=' + v.map((k) => k.split('/').pop()).join(',') + '\\n');",
      '});',
      '',
    ].join('\n'),
  );
  await ensureBuilt();
}, 120_000);

describe('trace by revision', () => {
  it('a 2025-11-25 session loads no Ajv for its messages (the SDK’s zod schemas judge them)', async () => {
    const { ajvModules, validators, violations } = await trace(transcript('2025-11-25'));
    expect(ajvModules).toBe(0);
    expect(validators).toEqual([]);
    expect(violations.flat()).toEqual([]);
  });

  it('a real 2025-11-25 session that lists tools: Ajv reads the tools’ own schemas, no revision’s validators load', async () => {
    // tool-schema-invalid checks each inputSchema in its dialect (server-everything writes
    // draft-07) and tool-input-not-validated each call's arguments against it: JSON Schema, which
    // zod cannot read. The messages are still judged by the SDK's zod schemas.
    const { ajvModules, validators, violations } = await trace(BASICS);
    expect(ajvModules).toBeGreaterThan(0);
    expect(validators).toEqual([]);
    expect(violations.flat()).toEqual([]);
  });

  it('audio content breaks a 2024-11-05 session’s schema, not a 2025-03-26 one’s', async () => {
    const old = await trace(transcript('2024-11-05'));
    // Its own revision's generated validators judge it; Ajv compiles nothing.
    expect(old.validators).toEqual(['mcp-2024-11-05.js']);
    expect(old.ajvModules).toBe(0);
    expect(old.violations.at(-1)).toEqual(['invalid-result']);
    const newer = await trace(transcript('2025-03-26'));
    expect(newer.violations.flat()).toEqual([]);
  });
});
