import { describe, expect, it } from 'vitest';
import {
  clientAccepts,
  compareVersions,
  HANDSHAKE_VERSIONS,
  isHandshakeVersion,
  isKnownVersion,
  isStatelessVersion,
  LATEST_HANDSHAKE_VERSION,
  negotiateVersion,
  resolveVersion,
  versionAtLeast,
} from '../../src/protocol/index.js';

const ALL = [...HANDSHAKE_VERSIONS];

describe('version strings', () => {
  it('lists the four handshake revisions in order, 2025-11-25 the latest', () => {
    expect(ALL).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
    expect(LATEST_HANDSHAKE_VERSION).toBe('2025-11-25');
    expect([...ALL].sort(compareVersions)).toEqual(ALL);
  });

  it('compares by date', () => {
    expect(compareVersions('2024-11-05', '2025-03-26')).toBe(-1);
    expect(compareVersions('2025-11-25', '2025-06-18')).toBe(1);
    expect(compareVersions('2025-06-18', '2025-06-18')).toBe(0);
    expect(versionAtLeast('2025-06-18', '2025-06-18')).toBe(true);
    expect(versionAtLeast('2025-03-26', '2025-06-18')).toBe(false);
  });
});

describe('negotiateVersion (the server’s half)', () => {
  it('echoes the requested version when it supports it', () => {
    for (const v of ALL) expect(negotiateVersion(v, ALL)).toBe(v);
    expect(negotiateVersion('2025-03-26', ['2025-03-26', '2025-11-25'])).toBe('2025-03-26');
  });

  it('otherwise offers its latest supported version, whatever order it lists them in', () => {
    expect(negotiateVersion('1.0.0', ALL)).toBe('2025-11-25');
    expect(negotiateVersion('2026-07-28', ['2025-06-18', '2024-11-05'])).toBe('2025-06-18');
    expect(negotiateVersion('2025-11-25', ['2025-03-26', '2025-06-18', '2024-11-05'])).toBe(
      '2025-06-18',
    );
  });

  it('has nothing to offer when it supports nothing', () => {
    expect(negotiateVersion('2025-11-25', [])).toBeNull();
  });
});

describe('clientAccepts (the client’s half)', () => {
  it('accepts a version it supports and refuses any other', () => {
    expect(clientAccepts('2025-06-18', ALL)).toBe(true);
    expect(clientAccepts('2026-07-28', ALL)).toBe(false);
    expect(clientAccepts('2025-11-25', ['2024-11-05'])).toBe(false);
    expect(clientAccepts('constructor', ALL)).toBe(false);
  });
});

describe('resolveVersion', () => {
  it('maps each handshake revision to itself', () => {
    for (const v of ALL) expect(resolveVersion(v)).toBe(v);
  });

  it('maps the 2024-10-07 pre-release to 2024-11-05', () => {
    expect(resolveVersion('2024-10-07')).toBe('2024-11-05');
  });

  it('knows no handshake rules for 2026-07-28, unknown strings or non-strings', () => {
    expect(resolveVersion('2026-07-28')).toBeNull();
    expect(resolveVersion('2025-11-26')).toBeNull();
    expect(resolveVersion('DRAFT-2025-v3')).toBeNull();
    expect(resolveVersion('')).toBeNull();
    expect(resolveVersion(20241105)).toBeNull();
    expect(resolveVersion(null)).toBeNull();
    expect(resolveVersion(undefined)).toBeNull();
  });

  it('does not mistake Object.prototype names for aliases', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(resolveVersion(name)).toBeNull();
      expect(isKnownVersion(name)).toBe(false);
    }
  });
});

describe('isKnownVersion and friends', () => {
  it('knows every handshake revision, the alias and the stateless 2026-07-28', () => {
    for (const v of [...ALL, '2024-10-07', '2026-07-28']) expect(isKnownVersion(v)).toBe(true);
  });

  it('does not know made-up or draft strings', () => {
    for (const v of ['1.0.0', '2025-01-01', 'draft', 'DRAFT-2026-v1', '', 42, null]) {
      expect(isKnownVersion(v)).toBe(false);
    }
  });

  it('tells the eras apart', () => {
    expect(isHandshakeVersion('2025-11-25')).toBe(true);
    expect(isHandshakeVersion('2026-07-28')).toBe(false);
    expect(isHandshakeVersion('2024-10-07')).toBe(false);
    expect(isStatelessVersion('2026-07-28')).toBe(true);
    expect(isStatelessVersion('2025-11-25')).toBe(false);
  });
});
