import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-trace-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The client asks with the string "1"; a server answers with the number 1, then with "1".
const file = join(dir, 'ids.jsonl');
writeFileSync(
  file,
  [
    '{"direction":"client->server","message":{"jsonrpc":"2.0","id":"1","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}',
    '{"direction":"server->client","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}}',
    '{"direction":"server->client","message":{"jsonrpc":"2.0","id":"1","result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}}',
  ].join('\n'),
);

describe('trace: 1 and "1" are different ids, and read differently', () => {
  it('the table quotes the string id; the violation names the request it did not answer', async () => {
    const { stdout } = await runCli(['trace', file]);
    expect(stdout).toMatch(/request +initialize #"1" /);
    expect(stdout).toMatch(/response +\? #1 .*response-without-request/);
    expect(stdout).toMatch(/response +initialize #"1" /);
    expect(stdout).toContain('its initialize has id "1", a string');
  });
});
