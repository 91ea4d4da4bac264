import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visible, visibleJson } from '../../src/protocol/index.js';
import { utf16Order } from '../../src/session/line-reader.js';
import { controlsIn, type Printed, playPlainIn, tempFile, traceIn } from './helpers.js';

/** Strings made mostly of what a terminal obeys: ESC sequences, C1, DEL, bidi, line breaks. */
const hostileString = fc
  .array(
    fc.oneof(
      fc.constantFrom('\u001b]0;pwned\u0007', '\u001b[2J', '\u009b31m', '\u202e', '\u2066', '\r'),
      fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x2020, max: 0x206f }).map((c) => String.fromCharCode(c)),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** JSON-RPC-ish messages with hostile strings wherever a file can put one. */
const hostileMessage = fc.oneof(
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), hostileString),
    method: fc.oneof(hostileString, fc.constantFrom('initialize', 'ping', 'tools/call')),
    params: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 3 })),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer(), hostileString),
    error: fc.record({ code: fc.integer(), message: hostileString, data: hostileString }),
  }),
  fc.record({ jsonrpc: fc.constant('2.0'), method: hostileString }),
  fc.dictionary(hostileString, hostileString),
);

const hostileLine = fc.oneof(
  hostileMessage.map((m) => JSON.stringify(m)),
  hostileMessage.map((message) => JSON.stringify({ direction: 'server->client', message })),
  hostileString, // raw, not JSON: the parser's error quotes it
  fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString('latin1')),
);

/** Whatever was fed in: no control character out, no stack trace, and a whole JSON document. */
async function expectComposed(bytes: Buffer): Promise<void> {
  const file = tempFile(bytes);
  const runs: Printed[] = [await traceIn(file), await traceIn(file, true), await playPlainIn(file)];
  for (const printed of runs) {
    expect(controlsIn(printed.stdout)).toEqual([]);
    expect(controlsIn(printed.stderr)).toEqual([]);
    expect(printed.stderr).not.toMatch(/internal error|\n\s+at /);
    // 2 only for a file the reader cannot take: UTF-16 text (told by its first bytes, a lone
    // byte-order mark FF FE too), said in one line; or a file without a line, a usage error with
    // nothing on stdout.
    if (printed.code === 2) {
      expect(printed.stdout).toBe('');
      const order = utf16Order(bytes);
      if (order !== null) expect(printed.stderr).toContain(`is UTF-16${order} text, not UTF-8`);
      else {
        // Blank as the reader sees it: UTF-8 text, whose trim() drops U+2028, U+FEFF and the like.
        expect(bytes.toString('utf8').trim()).toBe('');
        expect(printed.stderr).toMatch(/no messages to play\n$/);
      }
    } else expect([0, 1]).toContain(printed.code);
  }
  // A file the reader refused (exit 2) has no report; any other gets a whole JSON document.
  if (runs[1]?.code === 2) return;
  const doc = JSON.parse(runs[1]?.stdout ?? '');
  expect(Object.keys(doc)).toEqual(['messages', 'summary', 'problems']);
}

describe('whatever a file holds', () => {
  it('arbitrary bytes: trace, trace --json and play --plain print no control character', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), (bytes) =>
        expectComposed(Buffer.from(bytes)),
      ),
      // Once a failure (seed 1056423842): NUL-interleaved control bytes were named UTF-16 text.
      // And once (seed 642572674) a lone UTF-16LE byte-order mark: refused as UTF-16, rightly,
      // where the test expected a blank UTF-8 file.
      { numRuns: 60, examples: [[Uint8Array.from([1, 0, 1, 0])], [Uint8Array.from([255, 254])]] },
    );
  });

  it('arbitrary lines of JSON with hostile strings: the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(hostileLine, { maxLength: 8 }), (lines) =>
        expectComposed(Buffer.from(lines.join('\n'), 'utf8')),
      ),
      // Once a failure (seed 624510707): a file of one U+2028 is blank to the reader (no messages
      // to play, exit 2), but not to a check that trimmed its bytes read as Latin-1.
      { numRuns: 60, examples: [[['\u2028']]] },
    );
  });
});

describe('visible', () => {
  it('leaves no control character but the newlines it was told to keep, and is idempotent', () => {
    fc.assert(
      fc.property(hostileString, fc.boolean(), (text, newlines) => {
        const shown = visible(text, { newlines });
        expect(controlsIn(shown.replaceAll('\n', ''))).toEqual([]);
        if (!newlines) expect(shown).not.toContain('\n');
        expect(visible(shown, { newlines })).toBe(shown);
      }),
    );
  });

  it('writes each control character as an escape that names it', () => {
    expect(visible('a\u001b]0;x\u0007b')).toBe('a\\x1b]0;x\\x07b');
    expect(visible('\u009b2J\u202e\u007f\t\r\n')).toBe('\\u009b2J\\u202e\\x7f\\t\\r\\n');
    expect(visible('one\ntwo', { newlines: true })).toBe('one\ntwo');
    expect(visible('plain text, 中文')).toBe('plain text, 中文');
  });

  it('keeps JSON text JSON: the same value parses back', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = visibleJson(JSON.stringify(value, null, 2));
        expect(controlsIn(json.replaceAll('\n', ''))).toEqual([]);
        // The same value JSON itself gives back (JSON has no -0: it reads back as 0).
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    fc.assert(
      fc.property(hostileString, (text) => {
        const json = visibleJson(JSON.stringify(text));
        expect(controlsIn(json)).toEqual([]);
        expect(JSON.parse(json)).toBe(text);
      }),
    );
  });
});
