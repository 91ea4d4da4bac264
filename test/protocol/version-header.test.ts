import { describe, expect, it } from 'vitest';
import { unservedVersionHeader, versionHeaderRequired } from '../../src/protocol/http-headers.js';

// The handshake era's MCP-Protocol-Version (2025-11-25 basic/transports › Protocol Version
// Header), as the referee, `serve --http` and the lessons all judge it from one place.
describe('MCP-Protocol-Version in the handshake era', () => {
  it('is sent after a handshake of 2025-06-18 or later, not before that revision', () => {
    expect(versionHeaderRequired('2025-11-25')).toBe(true);
    expect(versionHeaderRequired('2025-06-18')).toBe(true);
    expect(versionHeaderRequired('2025-03-26')).toBe(false);
    expect(versionHeaderRequired('2024-10-07')).toBe(false);
    expect(versionHeaderRequired(null)).toBe(false);
    expect(versionHeaderRequired('2099-01-01')).toBe(false);
  });

  it('is refused only when the server serves neither it nor the release it is an alias of', () => {
    const served = ['2025-06-18', '2024-11-05'];
    expect(unservedVersionHeader(undefined, served)).toBeNull();
    expect(unservedVersionHeader('2025-06-18', served)).toBeNull();
    // 2024-10-07, the pre-release old SDKs send, stands for 2024-11-05.
    expect(unservedVersionHeader('2024-10-07', served)).toBeNull();
    expect(unservedVersionHeader('2024-10-07', ['2025-06-18'])).toEqual({
      version: '2024-10-07',
      supported: '2025-06-18',
    });
    expect(unservedVersionHeader('2025-11-25', served)).toEqual({
      version: '2025-11-25',
      supported: '2025-06-18, 2024-11-05',
    });
    expect(unservedVersionHeader('constructor', served)).toEqual({
      version: 'constructor',
      supported: '2025-06-18, 2024-11-05',
    });
  });
});
