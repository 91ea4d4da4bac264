// Every field a lesson sends directly under params, result or error has a meaning on screen (the
// envelope pane, the field tree, the handout's table): the field meanings of src/protocol/fields.ts
// or the lesson's own annotations. The meanings follow the 2025-11-25 schema's descriptions
// (LoggingMessageNotificationParams.logger, SetLevelRequestParams.level, ElicitResult.action and
// content, CreateMessageResult.model and stopReason, ResourceUpdatedNotificationParams.uri, Error.data…).
import { beforeAll, describe, expect, it } from 'vitest';
import { annotate } from '../../src/protocol/fields.js';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { openedLesson } from '../helpers/screen.js';

const lessons = new Map<string, OpenedLesson>();
beforeAll(async () => {
  for (const { id } of loadLessons(LESSONS_DIR).lessons) lessons.set(id, await openedLesson(id));
});

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The pointers of the keys directly under params, result and error (not _meta: its own keys). */
function topFields(message: Record<string, unknown>): string[] {
  return ['params', 'result', 'error'].flatMap((part) => {
    const value = message[part];
    if (!isObject(value)) return [];
    return Object.keys(value)
      .filter((k) => k !== '_meta')
      .map((k) => `/${part}/${escapeKey(k)}`);
  });
}

describe('field meanings: every field a lesson shows under params, result and error', () => {
  it('has a meaning in every step of every lesson', () => {
    const missing = new Set<string>();
    let checked = 0;
    for (const [id, lesson] of lessons) {
      for (const step of lesson.steps) {
        if (step.message === null) continue;
        const explained = new Set(step.annotations.map((a) => a.pointer));
        const method = step.report?.method ?? '?';
        for (const pointer of topFields(step.message)) {
          checked += 1;
          if (!explained.has(pointer)) missing.add(`${id}: ${method} ${pointer}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('has a meaning for every capability and flag a lesson declares (every lesson)', () => {
    const missing = new Set<string>();
    let checked = 0;
    for (const [id, lesson] of lessons) {
      for (const step of lesson.steps) {
        const m = step.message;
        if (m === null) continue;
        const explained = new Set(step.annotations.map((a) => a.pointer));
        const params = isObject(m.params) ? m.params : {};
        const result = isObject(m.result) ? m.result : {};
        const meta = isObject(params._meta) ? params._meta : {};
        const bases: [string, unknown][] = [
          ['/params/capabilities', params.capabilities],
          ['/result/capabilities', result.capabilities],
          [
            '/params/_meta/io.modelcontextprotocol~1clientCapabilities',
            meta['io.modelcontextprotocol/clientCapabilities'],
          ],
        ];
        for (const [base, caps] of bases) {
          if (!isObject(caps)) continue;
          for (const [name, value] of Object.entries(caps)) {
            const flags = isObject(value) && name !== 'extensions' ? Object.keys(value) : [];
            for (const p of [`${base}/${name}`, ...flags.map((f) => `${base}/${name}/${f}`)]) {
              checked += 1;
              if (!explained.has(p)) missing.add(`${id}: ${p}`);
            }
          }
        }
      }
    }
    expect([...missing]).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('explains elicitation’s form and url modes, sampling.context and the tasks flags', () => {
    const request = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {
          elicitation: { form: {}, url: {} },
          sampling: { context: {} },
          tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
        },
        clientInfo: { name: 'c', version: '1' },
      },
    };
    const found = annotate(request, 'initialize');
    for (const flag of [
      'elicitation/form',
      'elicitation/url',
      'sampling/context',
      'tasks/list',
      'tasks/cancel',
      'tasks/requests',
    ]) {
      const a = found.find((x) => x.pointer === `/params/capabilities/${flag}`);
      expect(a, flag).toBeDefined();
      expect(englishPhrases(a?.text.zh ?? ''), flag).toEqual([]);
    }
  });

  it('explains the logger, the level set, prompts, completions and resource updates', () => {
    const cases: [unknown, string, string[]][] = [
      [
        {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', logger: 'db', data: 'ready' },
        },
        'notifications/message',
        ['/params/logger'],
      ],
      [
        { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'debug' } },
        'logging/setLevel',
        ['/params/level'],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'prompts/get',
          params: { name: 'weather_report', arguments: { location: 'Shanghai' } },
        },
        'prompts/get',
        ['/params/name', '/params/arguments'],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'completion/complete',
          params: {
            ref: { type: 'ref/prompt', name: 'weather_report' },
            argument: { name: 'location', value: 'S' },
            context: { arguments: {} },
          },
        },
        'completion/complete',
        ['/params/ref', '/params/argument', '/params/context'],
      ],
      [
        { jsonrpc: '2.0', id: 3, result: { completion: { values: ['Shanghai'] } } },
        'completion/complete',
        ['/result/completion'],
      ],
      [
        {
          jsonrpc: '2.0',
          method: 'notifications/resources/updated',
          params: { uri: 'file:///notes.md' },
        },
        'notifications/resources/updated',
        ['/params/uri'],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 1,
          result: { action: 'accept', content: { rating: 5 } },
        },
        'elicitation/create',
        ['/result/action', '/result/content'],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 1,
          result: {
            role: 'assistant',
            content: { type: 'text', text: 'Hi' },
            model: 'm',
            stopReason: 'endTurn',
          },
        },
        'sampling/createMessage',
        ['/result/role', '/result/content', '/result/model', '/result/stopReason'],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 4,
          error: { code: -32002, message: 'Resource not found', data: { uri: 'x:y' } },
        },
        'resources/read',
        ['/error/data'],
      ],
    ];
    for (const [message, method, wanted] of cases) {
      const found = annotate(message, method).map((a) => a.pointer);
      for (const p of wanted)
        expect({ method, found }).toEqual({ method, found: expect.arrayContaining([p]) });
    }
  });

  it('names every part of a tool a tools/list result shows, with the revision that added it', () => {
    const listed = {
      jsonrpc: '2.0',
      id: 2,
      result: { tools: [{ name: 't', inputSchema: { type: 'object' } }] },
    };
    const text = annotate(listed, 'tools/list').find((a) => a.pointer === '/result/tools')?.text;
    for (const part of [
      'inputSchema',
      'annotations',
      'title',
      'outputSchema',
      '2025-06-18',
      'execution.taskSupport',
      '2025-11-25',
    ]) {
      expect(text?.en).toContain(part);
      expect(text?.zh).toContain(part);
    }
    expect(englishPhrases(text?.zh ?? '', ['JSON Schema'])).toEqual([]);
  });

  it('explains every field of 2025-11-25 tasks, nested ones too, naming the revision, in Chinese with no English prose', () => {
    const task = {
      taskId: 'task-1',
      status: 'failed',
      statusMessage: 'Tool failed',
      createdAt: '2025-11-25T10:30:00Z',
      lastUpdatedAt: '2025-11-25T10:40:00Z',
      ttl: 60000,
      pollInterval: 500,
    };
    const related = { 'io.modelcontextprotocol/related-task': { taskId: 'task-1' } };
    const cases: [unknown, string, string[]][] = [
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 't', arguments: {}, task: { ttl: 60000 } },
        },
        'tools/call',
        ['/params/task', '/params/task/ttl'],
      ],
      [
        { jsonrpc: '2.0', id: 1, result: { task } },
        'tools/call',
        ['/result/task', ...Object.keys(task).map((k) => `/result/task/${k}`)],
      ],
      ...(['tasks/get', 'tasks/cancel'] as const).map((m): [unknown, string, string[]] => [
        { jsonrpc: '2.0', id: 2, result: task },
        m,
        Object.keys(task).map((k) => `/result/${k}`),
      ]),
      [
        { jsonrpc: '2.0', method: 'notifications/tasks/status', params: task },
        'notifications/tasks/status',
        Object.keys(task).map((k) => `/params/${k}`),
      ],
      ...(['tasks/get', 'tasks/result', 'tasks/cancel'] as const).map(
        (m): [unknown, string, string[]] => [
          { jsonrpc: '2.0', id: 3, method: m, params: { taskId: 'task-1' } },
          m,
          ['/params/taskId'],
        ],
      ),
      [{ jsonrpc: '2.0', id: 4, result: { tasks: [task] } }, 'tasks/list', ['/result/tasks']],
      [
        {
          jsonrpc: '2.0',
          id: 5,
          result: {
            content: [{ type: 'text', text: 'x' }],
            structuredContent: { x: 1 },
            isError: true,
            _meta: related,
          },
        },
        'tasks/result',
        [
          '/result/content',
          '/result/structuredContent',
          '/result/isError',
          '/result/_meta/io.modelcontextprotocol~1related-task',
        ],
      ],
      [
        {
          jsonrpc: '2.0',
          id: 6,
          method: 'elicitation/create',
          params: { message: 'Rate it', requestedSchema: { type: 'object' }, _meta: related },
        },
        'elicitation/create',
        ['/params/_meta/io.modelcontextprotocol~1related-task'],
      ],
    ];
    for (const [message, method, wanted] of cases) {
      const found = annotate(message, method, '2025-11-25');
      for (const p of wanted) {
        const a = found.find((x) => x.pointer === p);
        expect({ method, p, found: a !== undefined }).toEqual({ method, p, found: true });
        expect({ method, p, zh: a?.text.zh }).toEqual({
          method,
          p,
          zh: expect.stringMatching(/\p{Script=Han}/u),
        });
        expect({ method, p, english: englishPhrases(a?.text.zh ?? '') }).toEqual({
          method,
          p,
          english: [],
        });
      }
    }
    // The revision is named where a task first shows: its params.task, its CreateTaskResult, its
    // taskId, the list and the related-task key.
    // In 2025-11-25: a tasks/get result's fields of the same name as the tasks extension's take
    // that extension's meaning from 2026-07-28 on (src/protocol/ext-task-fields.ts).
    const named = (message: unknown, method: string, p: string) =>
      annotate(message, method, '2025-11-25').find((x) => x.pointer === p)?.text;
    for (const [message, method, p] of [
      [cases[0]?.[0], 'tools/call', '/params/task'],
      [cases[1]?.[0], 'tools/call', '/result/task'],
      [cases[1]?.[0], 'tools/call', '/result/task/taskId'],
      [{ jsonrpc: '2.0', id: 2, result: task }, 'tasks/get', '/result/taskId'],
      [{ jsonrpc: '2.0', id: 4, result: { tasks: [] } }, 'tasks/list', '/result/tasks'],
      [
        { jsonrpc: '2.0', id: 5, result: { content: [], _meta: related } },
        'tasks/result',
        '/result/_meta/io.modelcontextprotocol~1related-task',
      ],
    ] as [unknown, string, string][]) {
      const text = named(message, method, p);
      expect({ p, en: text?.en }).toEqual({
        p,
        en: expect.stringMatching(/2025-11-25.*experimental/),
      });
      expect({ p, zh: text?.zh }).toEqual({ p, zh: expect.stringMatching(/2025-11-25.*实验性/) });
    }
  });

  it('says what a server’s serverInfo may hold, as it says of clientInfo', () => {
    const result = {
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        serverInfo: { name: 's', version: '1' },
      },
    };
    const text = annotate(result, 'initialize').find((a) => a.pointer === '/result/serverInfo');
    expect(text?.text.en).toContain('title');
    expect(text?.text.en).toContain('never negotiated');
  });

  it('writes the new meanings in Chinese, with no English prose left in them', () => {
    const all = [
      ...annotate(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'elicitation/create',
          params: {
            mode: 'url',
            message: 'Sign in',
            url: 'https://example.com',
            elicitationId: 'e1',
          },
        },
        'elicitation/create',
        '2025-11-25',
      ),
      ...annotate(
        {
          jsonrpc: '2.0',
          id: 2,
          result: { resources: [], nextCursor: 'c2' },
        },
        'resources/list',
      ),
      ...annotate(
        { jsonrpc: '2.0', id: 3, result: { resourceTemplates: [] } },
        'resources/templates/list',
      ),
      ...annotate(
        { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 'c2' } },
        'tools/list',
      ),
      ...annotate(
        {
          jsonrpc: '2.0',
          method: 'notifications/elicitation/complete',
          params: { elicitationId: 'e1' },
        },
        'notifications/elicitation/complete',
      ),
    ];
    const pointers = all.map((a) => a.pointer);
    for (const p of [
      '/params/mode',
      '/params/message',
      '/params/url',
      '/params/elicitationId',
      '/result/resources',
      '/result/nextCursor',
      '/result/resourceTemplates',
      '/params/cursor',
    ]) {
      expect(pointers).toContain(p);
    }
    for (const a of all) {
      expect(a.text.zh).toMatch(/\p{Script=Han}/u);
      expect({ pointer: a.pointer, english: englishPhrases(a.text.zh) }).toEqual({
        pointer: a.pointer,
        english: [],
      });
    }
  });

  it('-32042 (2025-11-25): data is required and its elicitations are explained, in both languages', () => {
    // client/elicitation.mdx › URL Elicitation Required Error: the error MUST include a list of
    // elicitations, each URL mode with an elicitationId; the field tree used to call data optional
    // and leave data.elicitations without a note.
    const error = {
      jsonrpc: '2.0',
      id: 5,
      error: {
        code: -32042,
        message: 'This request requires more information.',
        data: {
          elicitations: [
            { mode: 'url', elicitationId: 'e1', url: 'https://example.com', message: 'Sign in' },
          ],
        },
      },
    };
    const notes = annotate(error, 'tools/call', '2025-11-25');
    const note = (pointer: string) => notes.find((a) => a.pointer === pointer)?.text;
    const list = note('/error/data/elicitations');
    expect(list?.en).toMatch(/Required with -32042/);
    for (const field of ['mode "url"', 'elicitationId', 'url', 'message']) {
      expect(list?.en).toContain(field);
    }
    expect(note('/error/data')?.en).toMatch(/-32042 must list data\.elicitations/);
    for (const text of [list, note('/error/data')]) {
      expect(englishPhrases(text?.zh ?? 'missing')).toEqual([]);
    }
  });
});
