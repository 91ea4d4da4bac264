import { renderToString } from 'ink';
import { describe, expect, it } from 'vitest';
import { HelpOverlay } from '../../src/ui/components/help-overlay.js';

const hints = [{ keys: 'q', text: 'quit', actions: ['quit'] }];

describe('the help overlay', () => {
  it.each(['en', 'zh'] as const)(
    'says where progress is kept only when it is kept (%s)',
    (lang) => {
      const lesson = renderToString(<HelpOverlay hints={hints} lang={lang} saves />, {
        columns: 100,
      });
      const recording = renderToString(<HelpOverlay hints={hints} lang={lang} saves={false} />, {
        columns: 100,
      });
      expect(lesson).toContain('.mcp-sim/progress.json');
      expect(recording).not.toContain('progress.json');
      expect(recording).toContain(lang === 'en' ? 'referee' : '裁判');
    },
  );
});
