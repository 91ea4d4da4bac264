import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { playerMachine } from '../../src/ui/player-machine.js';

const start = (count: number, extra: { start?: number; autoplayMs?: number } = {}) =>
  createActor(playerMachine, { input: { count, ...extra } }).start();

describe('player machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('steps forward and back within the lesson', () => {
    const actor = start(3);
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, count: 3, help: false });
    // Back from the first step moves nothing and says so.
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, notice: 'atFirstStep' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.notice).toBe(null);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 2, notice: 'atLastStep' });
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, notice: null });
  });

  it('jumps to the first and the last step', () => {
    const actor = start(10, { start: 4 });
    actor.send({ type: 'LAST' });
    expect(actor.getSnapshot().context.index).toBe(9);
    actor.send({ type: 'FIRST' });
    expect(actor.getSnapshot().context.index).toBe(0);
  });

  it('clamps the starting step to the lesson', () => {
    expect(start(3, { start: 7 }).getSnapshot().context.index).toBe(2);
    expect(start(3, { start: -2 }).getSnapshot().context.index).toBe(0);
  });

  it('toggles help, and Esc closes it', () => {
    const actor = start(3);
    actor.send({ type: 'TOGGLE_HELP' });
    expect(actor.getSnapshot().context.help).toBe(true);
    actor.send({ type: 'TOGGLE_HELP' });
    expect(actor.getSnapshot().context.help).toBe(false);
    actor.send({ type: 'TOGGLE_HELP' });
    actor.send({ type: 'CLOSE_HELP' });
    expect(actor.getSnapshot().context.help).toBe(false);
  });

  it('autoplays one step per delay and stops at the last step', () => {
    vi.useFakeTimers();
    const actor = start(3, { autoplayMs: 1000 });
    expect(actor.getSnapshot().matches('autoplay')).toBe(true);
    vi.advanceTimersByTime(999);
    expect(actor.getSnapshot().context.index).toBe(0);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context.index).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(actor.getSnapshot().value).toBe('manual');
  });

  it('autoplay: a key starts the delay afresh, and help holds it until closed', () => {
    vi.useFakeTimers();
    const actor = start(5, { autoplayMs: 1000 });
    vi.advanceTimersByTime(900);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(1);
    vi.advanceTimersByTime(900);
    expect(actor.getSnapshot().context.index).toBe(1);
    vi.advanceTimersByTime(100);
    expect(actor.getSnapshot().context.index).toBe(2);
    actor.send({ type: 'TOGGLE_HELP' });
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 2, help: true });
    actor.send({ type: 'CLOSE_HELP' });
    expect(actor.getSnapshot().context.help).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(3);
  });

  it('autoplay: the field tree holds it until closed', () => {
    vi.useFakeTimers();
    const actor = start(5, { autoplayMs: 1000 });
    actor.send({ type: 'OPEN_TREE' });
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'CLOSE_TREE' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it('stays manual without --autoplay', () => {
    vi.useFakeTimers();
    const actor = start(3);
    vi.advanceTimersByTime(60_000);
    expect(actor.getSnapshot().value).toBe('manual');
    expect(actor.getSnapshot().context.index).toBe(0);
  });

  it('a step counts as stepped only when reached by stepping forward, not by G, g or a jump', () => {
    const actor = start(4);
    actor.send({ type: 'LAST' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 3, stepped: false });
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context.stepped).toBe(false);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 3, stepped: true });
  });

  it('autoplay counts down a second at a time, and the next step starts the count afresh', () => {
    vi.useFakeTimers();
    const actor = start(4, { autoplayMs: 3000 });
    expect(actor.getSnapshot().context.left).toBe(3000);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, left: 2000 });
    vi.advanceTimersByTime(2000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, left: 3000, stepped: true });
  });

  it('space pauses autoplay and resumes it', () => {
    vi.useFakeTimers();
    const actor = start(4, { autoplayMs: 1000 });
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(actor.getSnapshot().matches('autoplayPaused')).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().context.index).toBe(0);
    actor.send({ type: 'TOGGLE_PAUSE' });
    expect(actor.getSnapshot().matches('autoplay')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(1);
  });

  it(': and a number jump to that step (1-based, clamped); Esc cancels', () => {
    const actor = start(12);
    actor.send({ type: 'JUMP_START' });
    expect(actor.getSnapshot().context.jump).toBe('');
    for (const digit of ['1', 'x', '0']) actor.send({ type: 'JUMP_TYPE', digit });
    expect(actor.getSnapshot().context.jump).toBe('10');
    actor.send({ type: 'JUMP_GO' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 9, jump: null, stepped: false });
    actor.send({ type: 'JUMP_START' });
    actor.send({ type: 'JUMP_TYPE', digit: '9' });
    actor.send({ type: 'JUMP_TYPE', digit: '9' });
    actor.send({ type: 'JUMP_ERASE' });
    actor.send({ type: 'JUMP_TYPE', digit: '0' });
    actor.send({ type: 'JUMP_GO' });
    expect(actor.getSnapshot().context.index).toBe(11);
    actor.send({ type: 'JUMP_START' });
    actor.send({ type: 'JUMP_TYPE', digit: '1' });
    actor.send({ type: 'JUMP_CANCEL' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 11, jump: null });
  });

  it('the jump prompt holds autoplay; Enter or Esc closes it and autoplay plays on', () => {
    vi.useFakeTimers();
    const actor = start(8, { autoplayMs: 1000 });
    actor.send({ type: 'JUMP_START' });
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 0, jump: '' });
    actor.send({ type: 'JUMP_TYPE', digit: '4' });
    actor.send({ type: 'JUMP_GO' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 3, jump: null, left: 1000 });
    expect(actor.getSnapshot().matches('autoplay')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(4);
    actor.send({ type: 'JUMP_START' });
    vi.advanceTimersByTime(5000);
    actor.send({ type: 'JUMP_CANCEL' });
    expect(actor.getSnapshot().context).toMatchObject({ index: 4, jump: null, left: 1000 });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(5);
    // A jump typed under help leaves autoplay held until the help closes.
    actor.send({ type: 'TOGGLE_HELP' });
    actor.send({ type: 'JUMP_START' });
    actor.send({ type: 'JUMP_TYPE', digit: '2' });
    actor.send({ type: 'JUMP_GO' });
    vi.advanceTimersByTime(5000);
    expect(actor.getSnapshot().context).toMatchObject({ index: 1, help: true, jump: null });
    actor.send({ type: 'CLOSE_HELP' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.index).toBe(2);
  });
});
