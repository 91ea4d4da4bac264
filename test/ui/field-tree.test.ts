import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type FoldState,
  fieldNodes,
  shownNodes,
  treeLines,
  windowTop,
  wrapColumns,
} from '../../src/ui/field-tree.js';
import {
  foldOrParent,
  moveCursor,
  nextMatch,
  searchMatches,
  toggleFold,
  unfoldOrChild,
} from '../../src/ui/field-tree-moves.js';
import { inspectMachine } from '../../src/ui/inspect-machine.js';

const message = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: {
    name: 'weather_current',
    arguments: { location: 'San Francisco', 'a/b~c': true },
    list: [1, null, { deep: 'x' }],
    empty: {},
  },
};

const start: FoldState = { folded: new Set(), cursor: '' };

describe('the field tree', () => {
  it('has a node for every JSON pointer of the message, parents first', () => {
    const nodes = fieldNodes(message);
    expect(nodes.map((n) => n.pointer)).toEqual([
      '',
      '/jsonrpc',
      '/id',
      '/method',
      '/params',
      '/params/name',
      '/params/arguments',
      '/params/arguments/location',
      '/params/arguments/a~1b~0c',
      '/params/list',
      '/params/list/0',
      '/params/list/1',
      '/params/list/2',
      '/params/list/2/deep',
      '/params/empty',
    ]);
    expect(nodes.find((n) => n.pointer === '/params/list/2')).toMatchObject({
      label: '[2]',
      kind: 'object',
      size: 1,
      depth: 3,
      parent: '/params/list',
    });
    expect(nodes.find((n) => n.pointer === '/id')).toMatchObject({ text: '7', role: 'number' });
  });

  it('folds and unfolds: ← folds, then goes to the parent; → unfolds, then goes in', () => {
    const nodes = fieldNodes(message);
    let tree = { ...start, cursor: '/params/arguments' };
    tree = foldOrParent(tree, nodes);
    expect(tree.folded.has('/params/arguments')).toBe(true);
    expect(shownNodes(nodes, tree.folded).map((n) => n.pointer)).not.toContain(
      '/params/arguments/location',
    );
    tree = foldOrParent(tree, nodes);
    expect(tree.cursor).toBe('/params');
    tree = { ...tree, cursor: '/params/arguments' };
    tree = unfoldOrChild(tree, nodes);
    expect(tree.folded.size).toBe(0);
    tree = unfoldOrChild(tree, nodes);
    expect(tree.cursor).toBe('/params/arguments/location');
    tree = toggleFold({ ...tree, cursor: '/params' }, nodes);
    expect(shownNodes(nodes, tree.folded)).toHaveLength(5);
    tree = toggleFold(tree, nodes);
    expect(shownNodes(nodes, tree.folded)).toHaveLength(nodes.length);
  });

  it('moves the cursor among the shown fields only, stopping at the ends', () => {
    const nodes = fieldNodes(message);
    const folded = { folded: new Set(['/params']), cursor: '/method' };
    expect(moveCursor(folded, nodes, 1).cursor).toBe('/params');
    expect(moveCursor(folded, nodes, 5).cursor).toBe('/params');
    expect(moveCursor(folded, nodes, -10).cursor).toBe('');
  });

  it('finds a field by name, pointer or value, unfolding what is above it, and wraps around', () => {
    const nodes = fieldNodes(message);
    expect(searchMatches(nodes, 'FRANCISCO')).toEqual(['/params/arguments/location']);
    const folded = { folded: new Set(['/params', '/params/list']), cursor: '' };
    const found = nextMatch(folded, nodes, 'deep', false);
    expect(found.cursor).toBe('/params/list/2/deep');
    expect(found.folded.size).toBe(0);
    const again = nextMatch(found, nodes, 'deep', true);
    expect(again.cursor).toBe('/params/list/2/deep');
    const first = nextMatch(start, nodes, 'params', true);
    expect(first.cursor).toBe('/params');
    expect(nextMatch(first, nodes, 'params', true).cursor).toBe('/params/name');
    expect(nextMatch(start, nodes, 'nowhere', true)).toBe(start);
  });

  it('wraps long values within the width, never cutting one, CJK included', () => {
    const long = { text: `${'word '.repeat(30)}end`, zh: '这是一个很长的中文字符串'.repeat(6) };
    const nodes = fieldNodes(long);
    for (const width of [20, 33, 60]) {
      const lines = treeLines(nodes, new Set(), width);
      for (const line of lines) {
        expect(
          line.indent + stringWidth(`${line.mark}${line.label}${line.text}`),
        ).toBeLessThanOrEqual(width);
      }
      for (const node of nodes.filter((n) => n.kind === 'value')) {
        const text = lines
          .filter((l) => l.pointer === node.pointer)
          .map((l) => l.text)
          .join('');
        expect(text).toBe(node.text);
      }
    }
    expect(wrapColumns('aaa bbb ccc', 8, 8)).toEqual(['aaa bbb ', 'ccc']);
    expect(wrapColumns('abcdefghij', 4, 3)).toEqual(['abcd', 'efg', 'hij']);
    // The space that overflows takes the word before it down: no line starts with a space.
    expect(wrapColumns('aaa bbb ccc', 7, 7)).toEqual(['aaa ', 'bbb ccc']);
    expect(wrapColumns('no such tool here', 7, 7)).toEqual(['no ', 'such ', 'tool ', 'here']);
    // One word filling the line: the space has nowhere else to go.
    expect(wrapColumns('abcdefg hi', 7, 7)).toEqual(['abcdefg', ' hi']);
  });

  it('keeps the cursor’s lines in the window', () => {
    const nodes = fieldNodes({ a: 'x'.repeat(100), b: Array.from({ length: 30 }, (_, i) => i) });
    const lines = treeLines(nodes, new Set(), 20);
    for (const cursor of ['', '/a', '/b/29', '/b/10']) {
      const top = windowTop(lines, cursor, 6);
      const at = lines.findIndex((l) => l.pointer === cursor);
      expect(at).toBeGreaterThanOrEqual(top);
      expect(at).toBeLessThan(top + 6);
    }
  });
});

describe('the inspect machine', () => {
  it('opens unfolded on the whole message, browses, searches, and closes', () => {
    const actor = createActor(inspectMachine).start();
    const nodes = fieldNodes(message);
    actor.send({ type: 'OPEN', step: 3, nodes });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context).toMatchObject({ step: 3, tree: { cursor: '' } });
    expect(actor.getSnapshot().context.tree.folded.size).toBe(0);
    actor.send({ type: 'MOVE', by: 4 });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().context.tree.folded.has('/params')).toBe(true);
    actor.send({ type: 'SEARCH' });
    for (const text of 'loc') actor.send({ type: 'TYPE', text });
    actor.send({ type: 'ERASE' });
    actor.send({ type: 'TYPE', text: 'c' });
    expect(actor.getSnapshot().context.typed).toBe('loc');
    actor.send({ type: 'FIND' });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.tree.cursor).toBe('/params/arguments/location');
    actor.send({ type: 'SEARCH' });
    actor.send({ type: 'TYPE', text: 'zzz' });
    actor.send({ type: 'FIND' });
    expect(actor.getSnapshot().context.missed).toBe(true);
    actor.send({ type: 'MOVE', by: 1 });
    expect(actor.getSnapshot().context.missed).toBe(false);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.nodes).toEqual([]);
  });
});
