import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const lines = [
  {
    direction: 'client->server',
    message: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    },
  },
  {
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-03-26',
        capabilities: { tools: {} },
        serverInfo: { name: 's', version: '1' },
      },
    },
  },
  { direction: 'client->server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  {
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: {} } },
  },
  {
    direction: 'server->client',
    message: {
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [
          { type: 'text', text: 'hi' },
          // server-everything's get-resource-links sends this whatever the version negotiated.
          { type: 'resource_link', uri: 'file:///a', name: 'a' },
        ],
      },
    },
  },
];

describe('a union member of a kind the revision does not have', () => {
  it('names the kind the message used before the kinds the schema has (en and zh)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'none-of-'));
    const file = join(dir, 'resource-link.jsonl');
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const en = await runCli(['trace', file, '--lang', 'en']);
    expect(en.stdout).toContain(
      `/result/content/1: type "resource_link" is no kind this revision's schema has here; matches none of: TextContent (type "text")`,
    );
    const zh = await runCli(['trace', file, '--lang', 'zh']);
    expect(zh.stdout).toContain('type "resource_link" 不是本修订版 schema 在此处的任何一种；');
  });
});
