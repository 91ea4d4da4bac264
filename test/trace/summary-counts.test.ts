// The English summary counts its messages with the noun's number: "1 notification", "2 errors"
// (a teacher projects it; "1 notifications" reads as a typo).
import { describe, expect, it } from 'vitest';
import { createStyle } from '../../src/cli/style.js';
import { summaryLines } from '../../src/trace/format-text.js';
import type { TraceSummary } from '../../src/trace/tracer.js';

// The report's paint with colour off: every colour is the identity.
const PLAIN = createStyle(false);

const summary = (counts: Partial<TraceSummary>): TraceSummary => ({
  era: 'modern',
  requests: 0,
  responses: 0,
  errors: 0,
  notifications: 0,
  lifecycle: 0,
  operation: 0,
  lifecycleToOperationRatio: null,
  violations: 0,
  ...counts,
});

const messagesLine = (s: TraceSummary) =>
  summaryLines(s, PLAIN, 'en').find((l) => l.trimStart().startsWith('messages')) ?? '';

describe('trace summary: counts in English', () => {
  it('one of a kind is singular, none and several are plural', () => {
    expect(messagesLine(summary({ requests: 3, responses: 2, errors: 0, notifications: 1 }))).toBe(
      '  messages       6  (3 requests, 2 responses, 0 errors, 1 notification)',
    );
    expect(messagesLine(summary({ requests: 1, responses: 1, errors: 1, notifications: 2 }))).toBe(
      '  messages       5  (1 request, 1 response, 1 error, 2 notifications)',
    );
  });

  it('Chinese has no plural: the same counts, unchanged', () => {
    const zh = summaryLines(summary({ requests: 1, notifications: 1 }), PLAIN, 'zh');
    expect(zh).toContain('  消息：2 条（请求 1，回应 0，错误 0，通知 1）');
  });
});
