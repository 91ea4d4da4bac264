import { describe, expect, it } from 'vitest';
import { actionsFor, keyHints, keyNames, LESSON_KEYS, MENU_KEYS } from '../../src/ui/keymap.js';

const none = {
  rightArrow: false,
  leftArrow: false,
  upArrow: false,
  downArrow: false,
  return: false,
  escape: false,
  ctrl: false,
};

describe('key map', () => {
  it('reads every key of a burst', () => {
    expect(keyNames('nn', none)).toEqual(['n', 'n']);
    expect(keyNames('n p', none)).toEqual(['n', 'space', 'p']);
    expect(keyNames('q\r', none)).toEqual(['q', 'enter']);
    // Backspace held down comes as a run of DEL (or BS) bytes Ink does not read as keys.
    expect(keyNames('\u007f\u007f', none)).toEqual(['backspace', 'backspace']);
    expect(keyNames('1\b', none)).toEqual(['1', 'backspace']);
    expect(keyNames('', { ...none, rightArrow: true })).toEqual(['right']);
    expect(keyNames('c', { ...none, ctrl: true })).toEqual([]);
    expect(keyNames('\t', { ...none, tab: true })).toEqual(['tab']);
    expect(keyNames('', { ...none, tab: true, shift: true })).toEqual(['backtab']);
    expect(keyNames('', { ...none, pageDown: true })).toEqual(['pagedown']);
    expect(keyNames('', { ...none, pageUp: true })).toEqual(['pageup']);
    expect(keyNames('e\tj', none)).toEqual(['e', 'tab', 'j']);
  });

  it('maps keys to the actions of DESIGN.md', () => {
    const lesson = (input: string) => actionsFor(LESSON_KEYS, keyNames(input, none));
    expect(lesson('n p')).toEqual(['next', 'next', 'prev']);
    expect(lesson('gG?q')).toEqual(['first', 'last', 'help', 'quit']);
    expect(lesson('xyz')).toEqual([]);
    expect(lesson('e\tjk')).toEqual(['inspect', 'focus', 'scrollDown', 'scrollUp']);
    expect(actionsFor(LESSON_KEYS, ['pagedown', 'pageup', 'backtab'])).toEqual([
      'pageDown',
      'pageUp',
      'focusBack',
    ]);
    expect(actionsFor(LESSON_KEYS, ['right', 'left', 'escape'])).toEqual([
      'next',
      'prev',
      'closeHelp',
    ]);
    expect(actionsFor(MENU_KEYS, ['up', 'k', 'down', 'j', 'enter', 'q'])).toEqual([
      'up',
      'up',
      'down',
      'down',
      'open',
      'quit',
    ]);
  });

  it('builds the key bar from the table, as DESIGN.md words it', () => {
    const bar = (hints: ReturnType<typeof keyHints>) =>
      hints.map((h) => `${h.keys} ${h.text}`).join(' · ');
    expect(bar(keyHints(LESSON_KEYS, 'en'))).toBe(
      '→/n/space next · ←/p back · ? help · q quit · Tab pane · e fields · v violations · g/G first/last',
    );
    expect(bar(keyHints(LESSON_KEYS, 'en', { quit: 'keyMenu' }))).toContain('q menu');
    expect(bar(keyHints(LESSON_KEYS, 'zh'))).toBe(
      '→/n/空格 下一步 · ←/p 上一步 · ? 帮助 · q 退出 · Tab 切换窗格 · e 字段树 · v 违规列表 · g/G 首/末',
    );
    expect(bar(keyHints(MENU_KEYS, 'en'))).toBe(
      '↑/↓ choose · Enter open · q quit · g/Home/G/End first/last',
    );
  });
});
