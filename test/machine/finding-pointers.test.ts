import { describe, expect, it } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import type { RuleId } from '../../src/machine/index.js';
import { valueAt } from '../../src/protocol/json.js';
import { loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { discovered } from './modern-builder.js';
import { CASES, FURTHER_CASES, hs, type RuleCase } from './rule-cases.js';
import { rpc } from './session-builder.js';
import { retry } from './stream-builder.js';

/**
 * A finding that says where it is names a place in its own message: the field itself, or, for
 * a field that is missing, the object that should hold it. The screens lead the learner there.
 */
function named(message: unknown, pointer: string): boolean {
  if (valueAt(message, pointer) !== undefined) return true;
  const parent = pointer.slice(0, pointer.lastIndexOf('/'));
  return pointer !== '' && valueAt(message, parent) !== undefined;
}

/**
 * Where each rule that knows its field points, on its trigger in rule-cases.ts: the field of the
 * judged message the finding is about (never one of the request a result answers).
 */
const EXPECTED: Readonly<Partial<Record<RuleId, string>>> = {
  'elicitation-url-not-https': '/params/url',
  'elicitation-url-sensitive': '/params/url',
  'elicitation-complete-unknown': '/params/elicitationId',
  'elicitation-form-asks-secret': '/params/requestedSchema/properties/apiKey',
  'elicitation-form-url': '/params/message',
  'media-type-invalid': '/result/content/0/mimeType',
  'tool-name-format': '/result/tools/0/name',
  'x-mcp-header-invalid': '/result/tools/0/inputSchema/properties/region/x-mcp-header',
  'meta-key-invalid': '/result/tools/0/_meta/_fastmcp',
  'root-uri-not-file': '/result/roots/0/uri',
  'resource-uri-invalid': '/result/resources/0/uri',
  'embedded-resource-without-capability': '/result/content/1',
  'request-state-altered': '/params/requestState',
  'retry-same-id': '/id',
  'input-responses-missing': '/params/inputResponses/confirm',
  'input-required-not-allowed': '/result/resultType',
  'id-beyond-safe-integer': '/id',
  'trace-context-invalid': '/params/_meta/traceparent',
  'cursor-not-issued': '/params/cursor',
  'unknown-progress-token': '/params/progressToken',
  'duplicate-progress-token': '/params/_meta/progressToken',
  'progress-not-increasing': '/params/progress',
  'sampling-tool-result-mixed': '/params/messages/2',
  'sampling-tool-use-unanswered': '/params/messages/1',
  'sampling-tool-choice-ignored': '/result/content/0',
  'cancel-unknown-request': '/params/requestId',
  'log-below-level': '/params/level',
  'task-related-meta': '/result/_meta',
  'task-meta-redundant': '/params/_meta/io.modelcontextprotocol~1related-task',
  'task-answer-other-task': '/result/taskId',
  'task-failed-without-message': '/result/statusMessage',
  'client-info-missing': '/params/_meta/io.modelcontextprotocol~1clientInfo',
  'result-type-missing': '/result/resultType',
  'capability-error-incomplete': '/error/data',
  'server-info-missing': '/result/_meta',
  'cancel-initialize': '/params/requestId',
  'cancel-task-augmented': '/params/requestId',
  'cancel-without-request-id': '/params/requestId',
  'server-cancel-not-listen': '/params/requestId',
  'elicitation-id-reused': '/params/elicitationId',
  'task-status-transition': '/params/status',
  'task-result-before-terminal': '/params/status',
  'task-id-reused': '/result/task/taskId',
  'cache-hints-missing': '/result/cacheScope',
  'cache-scope-changed': '/result/cacheScope',
  'unsupported-version-error-incomplete': '/error/data/supported',
  'listen-ack-not-first': '/params/_meta/io.modelcontextprotocol~1subscriptionId',
  'ack-beyond-filter': '/params/_meta/io.modelcontextprotocol~1subscriptionId',
  'unsolicited-notification': '/params/_meta',
  'duplicate-request-id': '/id',
  'response-without-request': '/id',
  'error-code-not-in-revision': '/error/code',
  'resource-not-subscribed': '/params/uri',
  'task-augmentation-unsupported': '/params/task',
  'ping-result-not-empty': '/result/status',
  'request-meta-missing': '/params/_meta/io.modelcontextprotocol~1clientCapabilities',
  'unsupported-version-contradicted': '/error/data/supported/1',
  'version-not-from-supported': '/params/_meta/io.modelcontextprotocol~1protocolVersion',
  'client-capability-not-declared': '/result/inputRequests/confirm',
  'input-required-empty': '/result',
  'retry-without-round': '/params',
  'task-input-request-meta': '/params/_meta',
  'structured-content-without-text': '/result/content',
  'tool-order-changed': '/result/tools/0',
  'x-mcp-header-tool-called': '/params/name',
  'declared-list-not-served': '/error/code',
  'unsupported-version': '/result/protocolVersion',
};

/** The rule's finding on the last message of a case, and that message as it travelled. */
function judged(rule: RuleId, c: RuleCase) {
  const builder = c.trigger();
  const { last } = builder.run();
  const step = builder.steps.findLast((s) => s.kind === 'message');
  const message = step?.kind === 'message' ? step.message : undefined;
  return { hit: last.violations.find((v) => v.rule === rule), message };
}

describe('finding pointers', () => {
  it('each rule that knows its field points at it, and every pointer of a case names a place', () => {
    const cases = [
      ...Object.entries(CASES).map(([rule, c]) => [rule as RuleId, c] as const),
      ...FURTHER_CASES.map((c) => [c.rule, c] as const),
    ];
    for (const [rule, c] of cases) {
      const { hit, message } = judged(rule, c);
      if (Object.hasOwn(EXPECTED, rule)) expect.soft(hit?.pointer, rule).toBe(EXPECTED[rule]);
      if (hit?.pointer !== undefined) expect(named(message, hit.pointer), rule).toBe(true);
    }
  });

  it('every pointer of every violation in every lesson names a place in its message', async () => {
    let seen = 0;
    for (const { id } of loadLessons().lessons) {
      const { timeline } = await playLesson(id);
      for (const step of timeline.steps) {
        for (const v of step.verdict?.violations ?? []) {
          if (v.pointer === undefined) continue;
          seen++;
          expect(
            named(step.message, v.pointer),
            `${id} step ${step.index}: ${v.rule} ${v.pointer}`,
          ).toBe(true);
        }
      }
    }
    // The course breaks schema rules and many rules that know their field (102 pointers once the
    // version, _meta, input_required, tool-list and ping rules set theirs; 86 before, 62 before
    // the task, subscription, cancellation, caching, id and error-code rules, 11 at first): the
    // walk is not empty.
    expect(seen).toBeGreaterThan(100);
  });

  it('points into params and into a result', () => {
    const params = discovered()
      .client(retry(2, { inputResponses: { confirm: 'yes' } }))
      .run();
    expect(params.last.violations.find((v) => v.rule === 'invalid-params')?.pointer).toBe(
      '/params/inputResponses/confirm',
    );
    const result = hs()
      .client(rpc.request(1, 'tools/list'))
      .server(rpc.result(1, { tools: [{ name: 7, inputSchema: { type: 'object' } }] }))
      .run();
    const invalid = result.last.violations.find((v) => v.rule === 'invalid-result');
    expect(invalid?.pointer).toBe('/result/tools/0/name');
  });
});
