import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INIT, raw, type Serving, startServe } from '../helpers/http.js';

/**
 * What a handshake-era server says on its own (notifications/resources/updated after add_note,
 * notifications/tools/list_changed after toggle_tool) belongs to no request, so it goes on the
 * session's GET stream (2025-11-25 basic/transports › Listening for Messages from the Server:
 * messages there SHOULD be unrelated to any running request). With no GET stream open it has
 * nowhere to go: it is not on the wire, so it is not in the session log or the transcript either,
 * and stderr says so. Before, the SDK's transport dropped it silently while the log, the referee
 * and --trace-file recorded it as sent.
 */

let dir: string;
let serving: Serving;
const stops: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-sim-serve-aside-'));
  serving = startServe(['--trace-file', join(dir, 's.jsonl')], stops);
  await serving.url;
});
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await rm(dir, { recursive: true, force: true });
});

const rpc = (id: number, method: string, params?: object) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });

describe('serve --http: a notification of its own with no GET stream open', () => {
  it('is not sent and not recorded, and stderr says so; with a GET stream open it goes there', async () => {
    const url = await serving.url;
    const init = await raw(url, 'POST', {}, INIT);
    const session = init.session as string;
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect((await raw(url, 'POST', headers, initialized)).status).toBe(202);
    const notes = { uri: 'file:///project/notes.txt' };
    expect((await raw(url, 'POST', headers, rpc(2, 'resources/subscribe', notes))).status).toBe(
      200,
    );
    const note = (id: number) =>
      rpc(id, 'tools/call', { name: 'add_note', arguments: { text: `note ${id}` } });
    const first = await raw(url, 'POST', headers, note(3));
    expect(first.body).toContain('"id":3');
    expect(first.body).not.toContain('"method":"notifications/resources/updated"');
    // The tool's result does not claim what the wire did not carry.
    expect(first.body).not.toContain('the server sent notifications/resources/updated');
    expect(first.body).toContain(
      'notifications/resources/updated was not sent: no GET stream is open to carry it (2025-11-25 basic/transports › Listening for Messages from the Server)',
    );
    const toggled = await raw(
      url,
      'POST',
      headers,
      rpc(30, 'tools/call', { name: 'toggle_tool', arguments: { name: 'db_query' } }),
    );
    expect(toggled.body).toContain('db_query is withdrawn');
    expect(toggled.body).not.toContain('the server sent notifications/tools/list_changed');
    expect(toggled.body).toContain(
      'notifications/tools/list_changed was not sent: no GET stream is open to carry it',
    );
    await vi.waitFor(() =>
      expect(serving.stderr()).toContain(
        `session ${session}: notifications/resources/updated is not sent: it belongs to no request, and no GET stream is open to carry it`,
      ),
    );

    // Now with the session's GET stream open: the notification goes there.
    let streamed = '';
    const get = request(url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', ...headers },
    });
    const opened = new Promise<void>((resolve) =>
      get.on('response', (res) => {
        res.on('data', (b: Buffer) => {
          streamed += b.toString();
        });
        resolve();
      }),
    );
    get.on('error', () => {});
    get.end();
    await opened;
    const second = await raw(url, 'POST', headers, note(4));
    expect(second.body).toContain('"id":4');
    expect(second.body).toContain('the server sent notifications/resources/updated');
    await vi.waitFor(() =>
      expect(streamed).toContain('"method":"notifications/resources/updated"'),
    );
    get.destroy();
    expect((await raw(url, 'DELETE', headers)).status).toBe(200);

    const lines = readFileSync(join(dir, 's.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { direction: string; message?: { method?: string; id?: number } },
      );
    const sent = lines
      .filter((l) => l.direction === 'server->client')
      .map((l) => l.message?.method ?? `#${String(l.message?.id)}`);
    // One updated (on the GET stream, after the second call's start), not two.
    expect(sent).toEqual(['#1', '#2', '#3', '#30', 'notifications/resources/updated', '#4']);
  });
});
