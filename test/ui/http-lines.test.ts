import { describe, expect, it } from 'vitest';
import { httpRequestLines } from '../../src/ui/http-lines.js';

describe('the HTTP request shown above an envelope', () => {
  it('writes header names as the spec does', () => {
    expect(
      httpRequestLines({
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-param-region': 'eu',
      }),
    ).toEqual([
      'POST /mcp',
      'MCP-Protocol-Version: 2026-07-28',
      'Mcp-Method: tools/call',
      'Mcp-Param-Region: eu',
    ]);
  });

  it('never shows a credential a transcript holds, only its scheme', () => {
    const lines = httpRequestLines({
      'mcp-method': 'tools/list',
      authorization: 'Bearer s3cret-token',
      cookie: 'session=abc',
      'x-api-key': 'k-123',
      'proxy-authorization': 'Basic dXNlcjpwYXNz',
    });
    expect(lines).toEqual([
      'POST /mcp',
      'Mcp-Method: tools/list',
      'Authorization: Bearer •••',
      'Cookie: •••',
      'X-Api-Key: •••',
      'Proxy-Authorization: Basic •••',
    ]);
    expect(lines.join('\n')).not.toMatch(/s3cret|abc|k-123|dXNlcjpwYXNz/);
  });
});
