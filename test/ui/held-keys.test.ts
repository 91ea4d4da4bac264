import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  handKeysOver,
  holdingKeys,
  holdKeys,
  type KeySource,
  releaseKeys,
} from '../../src/ui/held-keys.js';

/** A terminal's stdin: a stream that records its raw mode. */
function terminal(isTTY = true) {
  const stdin = Object.assign(new PassThrough(), {
    isTTY,
    raw: false,
    setRawMode(on: boolean) {
      this.raw = on;
      return this;
    },
    unref() {
      return this;
    },
  });
  const interrupts: number[] = [];
  const source: KeySource = {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: { isTTY: true },
    interrupt: () => interrupts.push(Date.now()),
  };
  return { stdin, source, interrupts };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => releaseKeys());

describe('keys held while a command starts', () => {
  it('stops the echo at once, and gives the screen what was typed, first, in raw mode still', async () => {
    const { stdin, source } = terminal();
    holdKeys(source);
    expect(stdin.raw).toBe(true);
    stdin.write('nn');
    stdin.write('\x1b[C');
    await tick();
    await handKeysOver();
    expect(holdingKeys()).toBe(false);
    // The screen sets its own encoding and reads when readable, as Ink does.
    stdin.setEncoding('utf8');
    expect(stdin.read()).toBe('nn\x1b[C');
    expect(stdin.raw).toBe(true);
  });

  it('Ctrl+C interrupts as the terminal would, with the terminal put back and the keys dropped', async () => {
    const { stdin, source, interrupts } = terminal();
    holdKeys(source);
    stdin.write('n');
    stdin.write('\x03');
    await tick();
    expect(interrupts).toHaveLength(1);
    expect(stdin.raw).toBe(false);
    expect(holdingKeys()).toBe(false);
    expect(stdin.read()).toBeNull();
  });

  it('a command that draws nothing puts the terminal back', async () => {
    const { stdin, source } = terminal();
    holdKeys(source);
    stdin.write('x');
    await tick();
    releaseKeys();
    expect(stdin.raw).toBe(false);
    expect(holdingKeys()).toBe(false);
  });

  it('does nothing without a terminal', () => {
    const { stdin, source } = terminal(false);
    holdKeys(source);
    expect(holdingKeys()).toBe(false);
    expect(stdin.raw).toBe(false);
    expect(stdin.listenerCount('data')).toBe(0);
  });
});
