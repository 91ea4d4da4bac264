import { describe, expect, it } from 'vitest';
import {
  classify,
  type Envelope,
  type InvalidReason,
  idKey,
  idText,
} from '../../src/protocol/index.js';

describe('classify: the four kinds', () => {
  it('a request, with and without params', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual({
      kind: 'request',
      id: 1,
      method: 'tools/list',
      params: undefined,
    });
    expect(
      classify({ jsonrpc: '2.0', id: 'abc', method: 'tools/call', params: { name: 'echo' } }),
    ).toEqual({ kind: 'request', id: 'abc', method: 'tools/call', params: { name: 'echo' } });
  });

  it('an id of 0, a negative integer and an empty string are all valid ids', () => {
    for (const id of [0, -7, '']) {
      expect(classify({ jsonrpc: '2.0', id, method: 'ping' })).toMatchObject({
        kind: 'request',
        id,
      });
    }
  });

  it('an unknown method with an id is a request (the catalogue only refines known methods)', () => {
    expect(classify({ jsonrpc: '2.0', id: 3, method: 'x/custom' })).toMatchObject({
      kind: 'request',
      method: 'x/custom',
    });
  });

  it('a notification, with and without params', () => {
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      kind: 'notification',
      method: 'notifications/initialized',
      params: undefined,
    });
    expect(
      classify({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 't', progress: 1 },
      }),
    ).toEqual({
      kind: 'notification',
      method: 'notifications/progress',
      params: { progressToken: 't', progress: 1 },
    });
  });

  it('an unknown method without an id is a notification', () => {
    expect(classify({ jsonrpc: '2.0', method: 'x/custom' })).toMatchObject({
      kind: 'notification',
    });
  });

  it('a result response', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({
      kind: 'response',
      id: 1,
      result: {},
    });
    expect(classify({ jsonrpc: '2.0', id: 's', result: { tools: [] } })).toEqual({
      kind: 'response',
      id: 's',
      result: { tools: [] },
    });
  });

  it('an error response, keeping data when present', () => {
    expect(
      classify({ jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } }),
    ).toEqual({ kind: 'error', id: 4, error: { code: -32601, message: 'Method not found' } });
    expect(
      classify({
        jsonrpc: '2.0',
        id: 'r',
        error: { code: -32002, message: 'Resource not found', data: { uri: 'file:///x' } },
      }),
    ).toEqual({
      kind: 'error',
      id: 'r',
      error: { code: -32002, message: 'Resource not found', data: { uri: 'file:///x' } },
    });
  });

  it('an error response whose request id could not be read: missing id or null id', () => {
    const parseError = { code: -32700, message: 'Parse error' };
    expect(classify({ jsonrpc: '2.0', error: parseError })).toEqual({
      kind: 'error',
      id: null,
      error: parseError,
    });
    expect(classify({ jsonrpc: '2.0', id: null, error: parseError })).toEqual({
      kind: 'error',
      id: null,
      error: parseError,
    });
  });
});

type InvalidCase = {
  readonly name: string;
  readonly value: unknown;
  readonly pointer: string;
  readonly id?: string | number;
  readonly method?: string;
};

/** At least one case for every InvalidReason, each with the pointer it must report. */
const INVALID: Record<InvalidReason, readonly InvalidCase[]> = {
  'not-an-object': [
    { name: 'null', value: null, pointer: '' },
    { name: 'undefined', value: undefined, pointer: '' },
    { name: 'a number', value: 42, pointer: '' },
    { name: 'a string', value: '{"jsonrpc":"2.0"}', pointer: '' },
    { name: 'a boolean', value: true, pointer: '' },
  ],
  batch: [
    { name: 'an empty array', value: [], pointer: '' },
    {
      name: 'a batch of requests',
      value: [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ],
      pointer: '',
    },
  ],
  'jsonrpc-version': [
    {
      name: 'jsonrpc 1.0',
      value: { jsonrpc: '1.0', id: 1, method: 'ping' },
      pointer: '/jsonrpc',
      id: 1,
      method: 'ping',
    },
    { name: 'jsonrpc missing', value: { id: 'x', result: {} }, pointer: '/jsonrpc', id: 'x' },
    {
      name: 'jsonrpc as number 2',
      value: { jsonrpc: 2, method: 'ping' },
      pointer: '/jsonrpc',
      method: 'ping',
    },
    { name: 'an empty object', value: {}, pointer: '/jsonrpc' },
  ],
  'method-not-string': [
    { name: 'a number', value: { jsonrpc: '2.0', id: 1, method: 5 }, pointer: '/method', id: 1 },
    { name: 'null', value: { jsonrpc: '2.0', method: null }, pointer: '/method' },
  ],
  'id-null': [
    {
      name: 'a request',
      value: { jsonrpc: '2.0', id: null, method: 'ping' },
      pointer: '/id',
      method: 'ping',
    },
    { name: 'a result response', value: { jsonrpc: '2.0', id: null, result: {} }, pointer: '/id' },
  ],
  'id-type': [
    {
      name: '1.5 on a request',
      value: { jsonrpc: '2.0', id: 1.5, method: 'ping' },
      pointer: '/id',
      method: 'ping',
    },
    {
      name: '{} on a request',
      value: { jsonrpc: '2.0', id: {}, method: 'ping' },
      pointer: '/id',
      method: 'ping',
    },
    {
      name: 'true on a request',
      value: { jsonrpc: '2.0', id: true, method: 'ping' },
      pointer: '/id',
      method: 'ping',
    },
    { name: '1.5 on a result', value: { jsonrpc: '2.0', id: 1.5, result: {} }, pointer: '/id' },
    { name: '[] on a result', value: { jsonrpc: '2.0', id: [], result: {} }, pointer: '/id' },
    {
      name: '{} on an error',
      value: { jsonrpc: '2.0', id: {}, error: { code: -32603, message: 'x' } },
      pointer: '/id',
    },
  ],
  'params-not-object': [
    {
      name: 'an array',
      value: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: ['echo'] },
      pointer: '/params',
      id: 1,
      method: 'tools/call',
    },
    {
      name: 'a string',
      value: { jsonrpc: '2.0', method: 'notifications/message', params: 'hello' },
      pointer: '/params',
      method: 'notifications/message',
    },
    {
      name: 'null',
      value: { jsonrpc: '2.0', id: 2, method: 'ping', params: null },
      pointer: '/params',
      id: 2,
      method: 'ping',
    },
  ],
  'notification-with-id': [
    {
      name: 'notifications/initialized with an id',
      value: { jsonrpc: '2.0', id: 1, method: 'notifications/initialized' },
      pointer: '/id',
      id: 1,
      method: 'notifications/initialized',
    },
    {
      name: 'a notification with a null id',
      value: { jsonrpc: '2.0', id: null, method: 'notifications/cancelled' },
      pointer: '/id',
      method: 'notifications/cancelled',
    },
  ],
  'request-without-id': [
    { name: 'ping', value: { jsonrpc: '2.0', method: 'ping' }, pointer: '', method: 'ping' },
    {
      name: 'tools/call',
      value: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'echo' } },
      pointer: '',
      method: 'tools/call',
    },
  ],
  'result-and-error': [
    {
      name: 'both set',
      value: { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } },
      pointer: '',
      id: 1,
    },
  ],
  'method-and-response': [
    {
      name: 'method with result',
      value: { jsonrpc: '2.0', id: 1, method: 'ping', result: {} },
      pointer: '',
      id: 1,
      method: 'ping',
    },
    {
      name: 'method with error',
      value: { jsonrpc: '2.0', method: 'x', error: { code: 1, message: 'x' } },
      pointer: '',
      method: 'x',
    },
  ],
  'response-without-id': [
    { name: 'a result with no id', value: { jsonrpc: '2.0', result: {} }, pointer: '' },
  ],
  'result-not-object': [
    { name: 'null', value: { jsonrpc: '2.0', id: 1, result: null }, pointer: '/result', id: 1 },
    { name: 'a string', value: { jsonrpc: '2.0', id: 1, result: 'ok' }, pointer: '/result', id: 1 },
    {
      name: 'an array',
      value: { jsonrpc: '2.0', id: 'a', result: [] },
      pointer: '/result',
      id: 'a',
    },
  ],
  'error-not-object': [
    { name: 'a string', value: { jsonrpc: '2.0', id: 1, error: 'boom' }, pointer: '/error', id: 1 },
    { name: 'null', value: { jsonrpc: '2.0', id: 1, error: null }, pointer: '/error', id: 1 },
    { name: 'an array', value: { jsonrpc: '2.0', error: [] }, pointer: '/error' },
  ],
  'error-code': [
    {
      name: 'a fractional code',
      value: { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } },
      pointer: '/error/code',
      id: 1,
    },
    {
      name: 'a string code',
      value: { jsonrpc: '2.0', id: 1, error: { code: '-32600', message: 'x' } },
      pointer: '/error/code',
      id: 1,
    },
    {
      name: 'a missing code',
      value: { jsonrpc: '2.0', id: 1, error: { message: 'x' } },
      pointer: '/error/code',
      id: 1,
    },
  ],
  'error-message': [
    {
      name: 'a numeric message',
      value: { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 7 } },
      pointer: '/error/message',
      id: 1,
    },
    {
      name: 'a missing message',
      value: { jsonrpc: '2.0', error: { code: -32700 } },
      pointer: '/error/message',
    },
  ],
  empty: [
    { name: 'only jsonrpc', value: { jsonrpc: '2.0' }, pointer: '' },
    { name: 'jsonrpc and id', value: { jsonrpc: '2.0', id: 3 }, pointer: '', id: 3 },
  ],
};

const ALL_REASONS: InvalidReason[] = [
  'not-an-object',
  'batch',
  'jsonrpc-version',
  'method-not-string',
  'id-null',
  'id-type',
  'params-not-object',
  'notification-with-id',
  'request-without-id',
  'result-and-error',
  'method-and-response',
  'response-without-id',
  'result-not-object',
  'error-not-object',
  'error-code',
  'error-message',
  'empty',
];

describe('classify: every invalid reason, with its JSON pointer', () => {
  it('covers every InvalidReason', () => {
    expect(Object.keys(INVALID).sort()).toEqual([...ALL_REASONS].sort());
  });

  const rows = Object.entries(INVALID).flatMap(([reason, cases]) =>
    cases.map((c) => ({ reason: reason as InvalidReason, ...c })),
  );

  it.each(rows)('$reason: $name', ({ reason, value, pointer, id, method }) => {
    const envelope = classify(value);
    expect(envelope.kind).toBe('invalid');
    if (envelope.kind !== 'invalid') return;
    expect(envelope.reason).toBe(reason);
    expect(envelope.pointer).toBe(pointer);
    expect(envelope.text.en.length).toBeGreaterThan(0);
    expect(envelope.text.zh.length).toBeGreaterThan(0);
    // What could still be read is reported, and nothing more.
    expect(envelope.id).toBe(id);
    expect(envelope.method).toBe(method);
  });

  it('never throws on odd inputs and always answers one of the five kinds', () => {
    const kinds: Array<Envelope['kind']> = [
      'request',
      'notification',
      'response',
      'error',
      'invalid',
    ];
    const odd: unknown[] = [
      Symbol('s'),
      10n,
      () => 1,
      new Date(0),
      Object.create(null),
      JSON.parse('{"__proto__":{"jsonrpc":"2.0"},"jsonrpc":"2.0","id":1,"method":"ping"}'),
      { jsonrpc: '2.0', id: 'constructor', method: 'constructor' },
      { jsonrpc: '2.0', method: 'hasOwnProperty' },
    ];
    for (const value of odd) expect(kinds).toContain(classify(value).kind);
  });

  it('catalogue lookups do not see Object.prototype names as methods', () => {
    expect(classify({ jsonrpc: '2.0', method: 'constructor' }).kind).toBe('notification');
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'toString' }).kind).toBe('request');
  });
});

describe('idKey', () => {
  it('keeps 1 and "1" apart', () => {
    expect(idKey(1)).not.toBe(idKey('1'));
    expect(idKey(1)).toBe(idKey(1));
    expect(idKey('a')).toBe(idKey('a'));
  });
});

describe('idText: an id as the screens and trace write it after #', () => {
  it('quotes a string only where it could be read as another id', () => {
    expect(idText(1)).toBe('1');
    expect(idText('abc-7')).toBe('abc-7');
    expect(idText('1')).toBe('"1"');
    expect(idText('1e3')).toBe('"1e3"');
    expect(idText('')).toBe('""');
    expect(idText(' a')).toBe('" a"');
    expect(idText('"1"')).toBe('"\\"1\\""');
    expect(idText('a b')).toBe('"a b"');
    expect(idText('a,b')).toBe('"a,b"');
    expect(idText('a\tb')).toBe('"a\\tb"');
    expect(idText('job-7/é')).toBe('job-7/é');
  });

  it('never writes two different ids the same way', () => {
    const ids = [
      1,
      '1',
      -2,
      '-2',
      0.5,
      '0.5',
      'a',
      '"a"',
      '',
      ' ',
      'Infinity',
      1e21,
      '1e+21',
      '"1"',
    ];
    const texts = ids.map(idText);
    expect(new Set(texts).size).toBe(ids.length);
  });
});
