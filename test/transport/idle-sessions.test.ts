import { describe, expect, it } from 'vitest';
import { IdleSessions } from '../../src/transport/idle-sessions.js';
import { manualClock } from '../helpers/manual-clock.js';

const MIN = 60_000;

function watch(idleMs: number) {
  const time = manualClock();
  const expired: string[] = [];
  const idle = new IdleSessions(idleMs, (id) => expired.push(id), time.clock);
  return { ...time, idle, expired };
}

describe('idle sessions', () => {
  it('expires a session once it has had no request for the idle time, and only once', () => {
    const w = watch(30 * MIN);
    w.idle.begin('a')();
    w.advance(30 * MIN - 1);
    w.tick();
    expect(w.expired).toEqual([]);
    w.advance(1);
    w.tick();
    expect(w.expired).toEqual(['a']);
    w.advance(60 * MIN);
    w.tick();
    expect(w.expired).toEqual(['a']);
  });

  it('counts from the end of the last request, not from its start', () => {
    const w = watch(10 * MIN);
    const end = w.idle.begin('a');
    w.advance(20 * MIN);
    end();
    w.advance(10 * MIN - 1);
    w.tick();
    expect(w.expired).toEqual([]);
    w.advance(1);
    w.tick();
    expect(w.expired).toEqual(['a']);
  });

  it('never expires a session with a request in flight (an open GET stream)', () => {
    const w = watch(10 * MIN);
    w.idle.begin('a')();
    const stream = w.idle.begin('a');
    w.idle.begin('a')();
    w.advance(120 * MIN);
    w.tick();
    expect(w.expired).toEqual([]);
    stream();
    stream(); // a second close event changes nothing
    w.advance(10 * MIN);
    w.tick();
    expect(w.expired).toEqual(['a']);
  });

  it('a request resets the time; a session ended otherwise is forgotten; stop ends the checks', () => {
    const w = watch(10 * MIN);
    w.idle.begin('a')();
    w.idle.begin('b')();
    w.advance(9 * MIN);
    w.idle.begin('a')();
    w.idle.forget('b');
    w.advance(1 * MIN);
    w.tick();
    expect(w.expired).toEqual([]);
    w.advance(9 * MIN);
    w.tick();
    expect(w.expired).toEqual(['a']);
    w.idle.stop();
    expect(w.stopped()).toBe(1);
  });
});
