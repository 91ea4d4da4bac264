import { describe, expect, it } from 'vitest';
import { finishSessionTool } from '../../src/sim/server/input-tools.js';

/** summarize_text's answer once the client sampled (client/sampling: content is one block or a list). */
const answerTo = (content: unknown) =>
  finishSessionTool('summarize_text', { role: 'assistant', model: 'm', content } as never);

describe('summarize_text reads the sampled answer', () => {
  it('a text block is the summary', () => {
    expect(answerTo({ type: 'text', text: 'Short.' })).toEqual({
      content: [{ type: 'text', text: 'Summary: Short.' }],
    });
  });

  it('a tool_use answer asked to use a tool (client/sampling › Sampling with Tools)', () => {
    const toolUse = [{ type: 'tool_use', id: 'c1', name: 'weather_current', input: {} }];
    expect(answerTo(toolUse).content).toEqual([
      { type: 'text', text: 'The model answered with no summary (it asked to use a tool).' },
    ]);
  });

  it('an image answer is said to be an image, not a tool call (SDK v2 client answering with one)', () => {
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    const result = answerTo(image);
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'The model answered with no summary (a block of type "image", no text).',
      },
    ]);
  });
});
