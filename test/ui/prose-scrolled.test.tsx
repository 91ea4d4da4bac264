import { Box } from 'ink';
import { describe, expect, it } from 'vitest';
import { JsonLineView } from '../../src/ui/components/json-line-view.js';
import { Prose } from '../../src/ui/components/prose.js';
import type { JsonLine } from '../../src/ui/json-lines.js';
import { renderAt } from './render-at.js';

// "message" ends exactly at the 58th column, so Ink's wrap (which does not trim) carries the space
// after it to the start of the next line; Prose takes it away, so the line starts under the first.
const TEXT =
  'the URL "https://weather.example.com/terms" in its message (at /result/inputRequests/feedback/params/message); a form-mode elicitation should carry no URL';

/** A window three rows high, its content moved up by `shift` rows, as a scrolled pane does. */
function frameOf(shift: number, content: React.ReactNode, width = 58) {
  const app = renderAt(
    <Box width={width} height={3} flexDirection="column" overflow="hidden">
      <Box flexDirection="column" flexShrink={0} marginTop={-shift}>
        {content}
      </Box>
    </Box>,
    { columns: 60, rows: 10 },
  );
  const lines = app.frame().split('\n');
  app.unmount();
  return lines;
}

describe('a wrapped line scrolled to the top of its window keeps its place', () => {
  it('Prose: the line the wrap carried a space to starts at the left edge, scrolled or not', () => {
    expect(frameOf(0, <Prose>{TEXT}</Prose>)[1]).toBe(
      '(at /result/inputRequests/feedback/params/message); a',
    );
    // Ink hands its transforms the index of the lines left after the clip: this line was index 0.
    expect(frameOf(1, <Prose>{TEXT}</Prose>)[0]).toBe(
      '(at /result/inputRequests/feedback/params/message); a',
    );
  });

  it('Prose: a text that itself starts with a space keeps it', () => {
    expect(frameOf(0, <Prose>{' indented'}</Prose>)[0]).toBe(' indented');
  });

  it('an envelope line wrapped in a scrolled pane', () => {
    const line: JsonLine = {
      pointers: ['/error/message'],
      depth: 0,
      tokens: [
        { kind: 'string', text: `"${'x'.repeat(56)}"` },
        { kind: 'punct', text: ' (more text)' },
      ],
    };
    const shown = frameOf(1, <JsonLineView line={line} mark={null} gutter={0} width={58} />);
    expect(shown[0]).toBe('(more text)');
  });
});
