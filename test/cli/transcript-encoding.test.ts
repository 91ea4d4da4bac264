import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { utf16Order } from '../../src/session/index.js';
import { CLI, ROOT, run, runCli } from '../helpers/cli.js';

const LE = join(ROOT, 'test', 'fixtures', 'wide', 'u16le.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-utf16-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same transcript as UTF-16BE with its mark, and as UTF-16LE without one. */
const text = readFileSync(LE).subarray(2).toString('utf16le');
const BE = join(dir, 'be.jsonl');
writeFileSync(BE, Buffer.from(`\ufeff${text}`, 'utf16le').swap16());
const BARE = join(dir, 'bare.jsonl');
writeFileSync(BARE, Buffer.from(text, 'utf16le'));

describe('a UTF-16 transcript (PowerShell >)', () => {
  it('is told by its byte-order mark or its NUL-interleaved ASCII, never UTF-8 text', () => {
    expect(utf16Order(Buffer.from([0xff, 0xfe, 0x7b, 0]))).toBe('LE');
    expect(utf16Order(Buffer.from([0xfe, 0xff, 0, 0x7b]))).toBe('BE');
    expect(utf16Order(Buffer.from('{"j', 'utf16le'))).toBe('LE');
    expect(utf16Order(Buffer.from('{"jsonrpc":"2.0"}'))).toBeNull();
    expect(utf16Order(Buffer.from('\ufeff{"jsonrpc"'))).toBeNull(); // UTF-8 with its BOM
    expect(utf16Order(Buffer.alloc(0))).toBeNull();
    // NUL-interleaved bytes that are no text (found by test/hostile/property): not named UTF-16.
    expect(utf16Order(Buffer.from([1, 0, 1, 0]))).toBeNull();
    expect(utf16Order(Buffer.from([0, 0xc8, 0, 0x7b]))).toBeNull();
    expect(utf16Order(Buffer.from('\t{\r\n', 'utf16le'))).toBe('LE');
    expect(utf16Order(Buffer.from('{"j', 'utf16le').swap16())).toBe('BE');
  });

  for (const [name, file, order] of [
    ['UTF-16LE with BOM', LE, 'UTF-16LE'],
    ['UTF-16BE with BOM', BE, 'UTF-16BE'],
    ['UTF-16LE without BOM', BARE, 'UTF-16LE'],
  ] as const) {
    it(`${name}: trace and play --plain give one line naming the file, exit 2`, async () => {
      for (const args of [
        ['trace', file],
        ['trace', file, '--json'],
        ['play', '--plain', file],
      ]) {
        const result = await runCli(args);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `mcp-sim: ${file}: is ${order} text, not UTF-8 — save it as UTF-8 (PowerShell: Out-File -Encoding utf8) and try again\n`,
        );
      }
      const zh = await runCli(['trace', file, '--lang', 'zh']);
      expect(zh.stderr).toMatch(
        /^mcp-sim: .*：这是 UTF-16(LE|BE) 文本，不是 UTF-8 —— 请另存为 UTF-8/,
      );
    });
  }
});

describe('a UTF-16 transcript on standard input (trace - < file)', () => {
  for (const [name, file, order] of [
    ['UTF-16LE with BOM', LE, 'UTF-16LE'],
    ['UTF-16BE with BOM', BE, 'UTF-16BE'],
    ['UTF-16LE without BOM', BARE, 'UTF-16LE'],
  ] as const) {
    it(`${name}: one usage error naming stdin, as a file gets, exit 2`, async () => {
      for (const args of [
        ['trace', '-'],
        ['trace', '-', '--json'],
        ['play', '--plain', '-'],
      ]) {
        const result = await runCli([...args, '--lang', 'en'], { stdin: readFileSync(file) });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `mcp-sim: stdin: is ${order} text, not UTF-8 — save it as UTF-8 (PowerShell: Out-File -Encoding utf8) and try again\n`,
        );
      }
    });
  }

  it('UTF-8 on stdin is read whole: the bytes read ahead to tell its encoding are kept', async () => {
    const utf8 = Buffer.from(`${text.replace(/^\ufeff/, '')}`, 'utf8');
    const result = await runCli(['trace', '-', '--json', '--lang', 'en'], { stdin: utf8 });
    expect(result.stderr).toBe('');
    const { messages } = JSON.parse(result.stdout) as { messages: { line: number }[] };
    expect(messages.length).toBe(text.split('\n').filter((l) => l.trim() !== '').length);
    expect(messages[0]?.line).toBe(1);
  });
});

describe('an empty file name', () => {
  it('trace and play say so instead of ": no such file"', async () => {
    for (const args of [
      ['trace', ''],
      ['play', '--plain', ''],
    ]) {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'mcp-sim: an empty file name: name a transcript file, or - to read standard input\n',
      );
    }
  });
});

// `trace <(cmd)`, a FIFO, /dev/stdin: a pipe has no position to read its first bytes at (ESPIPE)
// and gives them once; it is read as a stream, its UTF-16 told as stdin's is. The shell's `|`
// makes the pipe (the test runner's stdin for a child is a socket, which /dev/stdin cannot open).
const throughPipe = (file: string, args: readonly string[]) =>
  run('sh', ['-c', 'f="$1"; shift; cat "$f" | "$@"', 'sh', file, process.execPath, CLI, ...args]);

describe.skipIf(process.platform === 'win32')('a path that names a pipe (/dev/stdin)', () => {
  const UTF8 = join(dir, 'utf8.jsonl');
  writeFileSync(UTF8, text.replace(/^\ufeff/, ''), 'utf8');
  const count = text.split('\n').filter((l) => l.trim() !== '').length;

  it('trace and play --plain read every line of it', async () => {
    const json = await throughPipe(UTF8, ['trace', '/dev/stdin', '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const { messages } = JSON.parse(json.stdout) as { messages: { line: number }[] };
    expect(messages.length).toBe(count);
    expect(messages[0]?.line).toBe(1);
    const plain = await throughPipe(UTF8, ['play', '--plain', '/dev/stdin']);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toContain(`of ${count} messages`);
  });

  it('UTF-16 through it is one usage error naming the path, exit 2', async () => {
    const result = await throughPipe(LE, ['trace', '/dev/stdin', '--lang', 'en']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'mcp-sim: /dev/stdin: is UTF-16LE text, not UTF-8 — save it as UTF-8 (PowerShell: Out-File -Encoding utf8) and try again\n',
    );
  });
});
