import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';

const SERVER = join(ROOT, 'test', 'fixtures', 'connect', 'big-id-server.mjs');
const A = '12345678901234567890';
const B = '12345678901234567891';
const ROUNDED = '12345678901234567000';

const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-connect-big-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('connect: a server request with an id past 2^53 − 1', () => {
  it('is answered with the digits the server wrote; the steps and the transcript carry them', async () => {
    const got = join(dir, 'got.txt');
    const trace = join(dir, 'connect.jsonl');
    const args = ['--json', '--era', 'legacy', '--capability', 'roots', '--trace-file', trace];
    const r = await runCli(['connect', ...args, '--', 'node', SERVER, got]);
    expect(r.code).toBe(0);
    // What the client wrote to the server, as it went: each answer with its own request's id.
    const answers = readFileSync(got, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"result"'))
      .map((l) => /"id":([^,]+),/.exec(l)?.[1]);
    expect(answers).toEqual([A, B]);
    expect(r.stdout).toContain(`"id": ${A},`);
    expect(r.stdout).toContain(`"id": ${B},`);
    expect(r.stdout).toContain(`The answer to ping #${B}.`);
    expect(r.stdout).not.toContain(`"id": ${ROUNDED}`);
    expect(readFileSync(trace, 'utf8')).not.toContain(ROUNDED);
  });
});
