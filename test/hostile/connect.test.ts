import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/session/index.js';
import { runCli } from '../helpers/cli.js';
import { controlsIn } from './helpers.js';

/**
 * A hostile MCP server: its name and its error message carry escape sequences, and once the
 * session is up it sends a log notification nested past the depth limit.
 */
const SERVER = `
const depth = ${MAX_DEPTH + 5};
const deep = '['.repeat(depth) + ']'.repeat(depth);
const PWN = '\\u001b]0;pwned\\u0007\\u009b2J\\u202e';
const say = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let i = buf.indexOf('\\n'); i >= 0; i = buf.indexOf('\\n')) {
    const m = JSON.parse(buf.slice(0, i));
    buf = buf.slice(i + 1);
    if (m.method === 'initialize') {
      say({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion,
        capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'evil' + PWN, version: '1' } } });
    } else if (m.method === 'notifications/initialized') {
      process.stdout.write('{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":' + deep + '}}\\n');
    } else if (m.id !== undefined) {
      say({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no' + PWN } });
    }
  }
});
`;

describe('connect to a hostile server', () => {
  it('shows its strings with control characters written out and reports the deep message', async () => {
    const result = await runCli([
      'connect',
      '--plain',
      '--timeout',
      '2000',
      '--',
      process.execPath,
      '-e',
      SERVER,
    ]);
    expect(controlsIn(result.stdout)).toEqual([]);
    expect(controlsIn(result.stderr)).toEqual([]);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stderr).toContain(`nests deeper than ${MAX_DEPTH} levels`);
    expect(result.stdout).toContain('evil\\x1b]0;pwned\\x07\\u009b2J\\u202e');
    expect(result.code).toBe(1);
  });
});
