// Error codes per revision: docs/specification/2026-07-28/basic/index.mdx §Error Codes, and
// basic/versioning.mdx (the -32022 example and the dual-era rule).
import { describe, expect, it } from 'vitest';
import {
  describeErrorCode,
  ERROR_CODES,
  errorCodeStatus,
  isRecognisedModernError,
} from '../../src/protocol/errors.js';
import { HANDSHAKE_VERSIONS } from '../../src/protocol/versions.js';

describe('describeErrorCode without a revision (current callers)', () => {
  it('keeps the general descriptions', () => {
    expect(describeErrorCode(-32601).name).toBe('Method not found');
    expect(describeErrorCode(-32050).name).toBe('Server error');
    expect(describeErrorCode(42).name).toBe('Application error');
    expect(describeErrorCode(-32022).name).toBe('Unsupported protocol version');
  });

  it('has both languages for every entry and note', () => {
    for (const entry of Object.values(ERROR_CODES)) {
      const notes = 'notes' in entry ? Object.values(entry.notes) : [];
      for (const text of [entry.meaning, ...notes]) {
        expect(text.en.trim()).not.toBe('');
        expect(text.zh.trim()).not.toBe('');
      }
    }
  });
});

describe('-32000, as the SDK sends it', () => {
  it('is not only a closed connection: SDK v1’s Streamable HTTP server refuses requests with it', () => {
    // node_modules/@modelcontextprotocol/sdk/dist/esm/server/webStandardStreamableHttp.js: 400
    // "Bad Request: No valid session ID provided" (test/fixtures/connect/v1-http-probe.jsonl, the
    // answer to a server/discover probe), 406 Not Acceptable, 409 Conflict… all -32000. The probe's
    // fallback line named it "Connection closed".
    for (const revision of [undefined, '2025-11-25', '2026-07-28'] as const) {
      const entry = describeErrorCode(-32000, revision);
      expect(entry.name).not.toMatch(/^Connection closed/);
      expect(entry.meaning.en).toContain('Streamable HTTP');
      expect(entry.meaning.zh).toContain('Streamable HTTP');
    }
    expect(describeErrorCode(-32000, '2026-07-28').meaning.en).toContain('legacy range');
  });
});

describe('error codes in 2026-07-28', () => {
  it('defines -32020, -32021, -32022 there and nowhere before', () => {
    for (const code of [-32020, -32021, -32022]) {
      expect(errorCodeStatus(code, '2026-07-28')).toBe('defined');
      for (const legacy of HANDSHAKE_VERSIONS) {
        expect(errorCodeStatus(code, legacy)).toBe('implementation');
      }
    }
    expect(describeErrorCode(-32022, '2025-11-25').name).toBe('Server error');
    expect(describeErrorCode(-32022, '2025-11-25').meaning.en).toContain('2026-07-28');
  });

  it('retires -32002 (now -32602) and -32042 (2025-11-25 only)', () => {
    expect(errorCodeStatus(-32002, '2025-11-25')).toBe('defined');
    expect(errorCodeStatus(-32002, '2026-07-28')).toBe('retired');
    expect(describeErrorCode(-32002, '2026-07-28').meaning.en).toMatch(/-32602.*must not/);
    expect(errorCodeStatus(-32042, '2025-06-18')).toBe('implementation');
    expect(errorCodeStatus(-32042, '2025-11-25')).toBe('defined');
    expect(errorCodeStatus(-32042, '2026-07-28')).toBe('retired');
  });

  it('splits -32000…-32099 into the legacy range and the spec’s reserved range', () => {
    expect(errorCodeStatus(-32000, '2026-07-28')).toBe('legacy');
    expect(errorCodeStatus(-32019, '2026-07-28')).toBe('legacy');
    expect(errorCodeStatus(-32023, '2026-07-28')).toBe('reserved');
    expect(errorCodeStatus(-32099, '2026-07-28')).toBe('reserved');
    expect(errorCodeStatus(-32023, '2025-11-25')).toBe('implementation');
    expect(describeErrorCode(-32023, '2026-07-28').meaning.en).toContain('must not emit');
    expect(describeErrorCode(-32010, '2026-07-28').meaning.en).toContain('assume no meaning');
    // The SDK's local codes keep their name, with the 2026-07-28 warning.
    expect(describeErrorCode(-32001, '2026-07-28').meaning.en).toContain('legacy range');
    expect(describeErrorCode(-32001, '2025-11-25')).toBe(ERROR_CODES['-32001']);
  });

  it('says more about -32602 in 2026-07-28 and nothing new before', () => {
    expect(describeErrorCode(-32602, '2026-07-28').meaning.en).toContain('_meta');
    expect(describeErrorCode(-32602, '2025-11-25')).toBe(ERROR_CODES['-32602']);
  });

  it('recognises exactly the modern codes, never -32601 or -32602', () => {
    expect([-32020, -32021, -32022].every(isRecognisedModernError)).toBe(true);
    expect([-32601, -32602, -32002, -32000, -32023].some(isRecognisedModernError)).toBe(false);
  });
});
