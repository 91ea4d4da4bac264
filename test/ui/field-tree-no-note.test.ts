import { describe, expect, it } from 'vitest';
import { missingMeaning } from '../../src/ui/components/field-tree-view.js';
import { fieldNodes } from '../../src/ui/field-tree.js';

const nodes = fieldNodes({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'x', arguments: {}, list: [1] },
});
const at = (pointer: string) => nodes.find((n) => n.pointer === pointer);

// The lines above /params are jsonrpc and method, which do not describe it: a container with no
// note is told by what it holds, below it.
describe('the field tree on a field with no note says something true of it', () => {
  it('an object: the fields inside it, below (en and zh)', () => {
    expect(missingMeaning(at('/params'), 'en')).toMatch(/fields inside it, below/);
    expect(missingMeaning(at('/params'), 'en')).not.toMatch(/above/);
    expect(missingMeaning(at('/params'), 'zh')).toMatch(/下面包含的各个字段/);
    expect(missingMeaning(at('/params'), 'zh')).not.toMatch(/请看它上层的字段/);
  });

  it('a list: the items inside it', () => {
    expect(missingMeaning(at('/params/list'), 'en')).toMatch(/items inside it/);
    expect(missingMeaning(at('/params/list'), 'zh')).toMatch(/各项/);
  });

  it('a value, or an empty object: the field that holds it', () => {
    for (const pointer of ['/params/name', '/params/arguments']) {
      expect(missingMeaning(at(pointer), 'en')).toMatch(/the field that holds it/);
      expect(missingMeaning(at(pointer), 'zh')).toMatch(/包含它的上层字段/);
    }
  });

  it('the whole envelope keeps its own words', () => {
    expect(missingMeaning(at(''), 'en')).toMatch(/^The whole envelope/);
  });
});
