import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/protocol/index.js';
import type { TraceLabel } from '../../src/trace/index.js';
import { ROOT, runCli } from '../helpers/cli.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { modernRequest, modernResult } from './modern-builder.js';
import { session } from './session-builder.js';

/**
 * A modern-only server's -32022 to a bare initialize (no modern opening before it). 2026-07-28
 * basic/versioning › Backward Compatibility: such a server SHOULD name its versions in any error
 * to initialize; with -32022 that error is an UnsupportedProtocolVersionError, whose data
 * (supported: string[], requested: the version the client requested) is judged as it is after a
 * modern opening. The referee let any data through here before.
 */
const SAMPLE = join(ROOT, 'test', 'fixtures', 'samples', 'bare-initialize-32022.jsonl');

const error = (id: number, data: JsonObject) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32022, message: 'Unsupported protocol version', data },
});
const refused = (data: JsonObject) => error(0, data);
const rulesOf = (data: JsonObject, first = session()) =>
  first
    .initialize()
    .server(refused(data))
    .run()
    .last.violations.map((v) => v.rule);

describe('-32022 to a bare initialize', () => {
  it('trace: missing supported and a requested the client never sent are an error', async () => {
    const r = await runCli(['trace', '--json', SAMPLE]);
    const { messages } = JSON.parse(r.stdout) as { messages: TraceLabel[] };
    expect(messages.map((m) => [m.era, m.violations])).toEqual([
      ['legacy', []],
      ['legacy', ['unsupported-version-error-incomplete']],
    ]);
    const text = await runCli(['trace', SAMPLE]);
    expect(text.stdout).toContain(
      'error unsupported-version-error-incomplete — -32022 error for initialize #1: data.supported is missing',
    );
    expect(text.stdout).toContain(
      'data.requested is "2025-06-18", but initialize #1 asked for "2025-11-25"',
    );
    const zh = await runCli(['trace', '--lang', 'zh', SAMPLE]);
    const line = zh.stdout
      .split('\n')
      .find((l) => l.includes('unsupported-version-error-incomplete —'));
    expect(line).toContain('initialize #1 的 -32022 错误');
    expect(englishPhrases(line?.split(' — ')[1]?.split(' [')[0] ?? '')).toEqual([]);
  });

  it('each field judged as after a modern opening; well-formed data is clean', () => {
    const supported = ['2026-07-28'];
    expect(rulesOf({ supported, requested: '2025-11-25' })).toEqual([]);
    expect(rulesOf({ requested: '2025-11-25' })).toEqual(['unsupported-version-error-incomplete']);
    expect(rulesOf({ supported })).toEqual(['unsupported-version-error-incomplete']);
    // An empty list names none of the versions the server MUST list.
    expect(rulesOf({ supported: [], requested: '2025-11-25' })).toEqual([
      'unsupported-version-error-incomplete',
    ]);
    expect(rulesOf({ supported, requested: '2026-07-28' })).toEqual([
      'unsupported-version-error-incomplete',
    ]);
    // Refusing the very version it lists as supported, on a connection with no modern opening.
    expect(rulesOf({ supported: ['2026-07-28', '2025-11-25'], requested: '2025-11-25' })).toEqual([
      'unsupported-version-contradicted',
    ]);
  });

  it('after a modern opening: requested is checked too, but listing the offered version is not a contradiction (the refusal may be of the era)', () => {
    const opened = () =>
      session()
        .client(modernRequest(9, 'tools/list'))
        .server(modernResult(9, { tools: [], ttlMs: 0, cacheScope: 'private' }));
    expect(rulesOf({ supported: ['2026-07-28'], requested: '2025-06-18' }, opened())).toEqual([
      'unsupported-version-error-incomplete',
    ]);
    expect(
      rulesOf({ supported: ['2026-07-28', '2025-11-25'], requested: '2025-11-25' }, opened()),
    ).toEqual([]);
  });

  it('a modern request: requested must be the version its _meta declared', () => {
    const asked = (data: JsonObject) =>
      session()
        .client(modernRequest(1, 'tools/list', {}, { version: '2027-01-01' }))
        .server(error(1, data))
        .run()
        .last.violations.map((v) => v.rule);
    expect(asked({ supported: ['2026-07-28'], requested: '2027-01-01' })).toEqual([]);
    expect(asked({ supported: ['2026-07-28'], requested: '2026-07-28' })).toEqual([
      'unsupported-version-error-incomplete',
    ]);
  });
});
