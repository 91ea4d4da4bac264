import { describe, expect, it } from 'vitest';
import { readTranscript, SessionLog, splitLines } from '../../src/session/index.js';
import { envelopeModel } from '../../src/ui/envelope-model.js';
import { screenSteps } from '../../src/ui/screen-step.js';
import { openedLesson } from '../helpers/screen.js';
import { discoverResult, modernRequest } from '../machine/modern-builder.js';
import { initializeRequest, rpc } from '../machine/session-builder.js';
import { retry } from '../machine/stream-builder.js';

const stepsOf = (lines: readonly object[]) =>
  screenSteps([
    ...readTranscript(splitLines(lines.map((l) => JSON.stringify(l)).join('\n')), new SessionLog()),
  ]);

// A recording has no lesson to point at the bug: the verdict's own pointer does, so the field the
// finding names carries a gutter number in the envelope pane and a meaning in the field tree.
describe('a finding that names its field is that field’s first meaning', () => {
  it('an invalid inputResponses value: ✗ and the rule, on /params/inputResponses/confirm', () => {
    const steps = stepsOf([
      modernRequest('probe', 'server/discover'),
      discoverResult('probe'),
      retry(2, { inputResponses: { confirm: 'yes' } }),
    ]);
    const step = steps.at(-1);
    const pointer = '/params/inputResponses/confirm';
    const meaning = step?.annotations.find((a) => a.pointer === pointer);
    expect(meaning?.text.en).toMatch(/^✗ invalid-params: must be object/);
    expect(meaning?.text.zh).toMatch(/^✗ invalid-params：不符合/);
    expect(step?.featured).toContain(pointer);
    // Listed first, and numbered beside the line of the field.
    const model = envelopeModel(
      step?.message,
      step?.annotations ?? [],
      step?.featured ?? [],
      'en',
      60,
    );
    const own = model.meanings.find((m) => m.pointer === pointer);
    expect(own?.own).toBe(true);
    expect(model.marks.get(own?.line ?? -1)).toBe(own?.n);
  });

  it('keeps what the field means after the finding, and leaves clean steps as they were', () => {
    const steps = stepsOf([
      initializeRequest(),
      rpc.result(0, { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: 'weather' }),
    ]);
    const info = steps.at(-1)?.annotations.find((a) => a.pointer === '/result/serverInfo');
    expect(info?.text.en).toMatch(/^✗ invalid-result: .+ — \S/);
    expect(info?.text.zh).toMatch(/^✗ invalid-result：.+——\S/);
    const clean = steps.at(0);
    expect(clean?.annotations.some((a) => a.text.en.startsWith('✗'))).toBe(false);
  });
});

describe('where the lesson explains the faulty field itself', () => {
  it('the mark and rule lead the lesson’s words; the finding’s own stay in the verdict', async () => {
    const lesson = await openedLesson('modern-faults-gallery');
    const step = lesson.steps.find((s) => s.fault === 'malformed-tool-name');
    const name = step?.annotations.find((a) => a.pointer === '/result/tools/0/name');
    expect(name?.text.en).toMatch(/^! tool-name-format — /);
    expect(name?.text.en).not.toContain('has a character other than');
    expect(name?.text.zh).toMatch(/^! tool-name-format——/);
    expect(step?.findings).toEqual(['/result/tools/0/name']);
  });
});
