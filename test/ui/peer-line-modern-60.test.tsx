import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedLesson } from '../../src/ui/opened-lesson.js';
import { openedLesson } from '../helpers/screen.js';
import { renderPlayer, until } from './render-at.js';

let lesson: OpenedLesson;

beforeAll(async () => {
  lesson = await openedLesson('multi-round-trip');
});

const WORDS = {
  en: { client: 'client ', server: 'server ', pending: 'pending', working: 'working' },
  zh: { client: '客户端 ', server: '服务器 ', pending: '待回应', working: '处理中' },
} as const;

// multi-round-trip, step 5: the client retries tools/call as #3 before any server/discover, so the
// server's revision and capabilities are still unknown to the screen, and the client's line names
// its revision "per request". At 60 columns the facts that stay the same give way (told short),
// not the request in flight, which is what the step is about.
describe('a modern session’s one-line summaries at 60×24', () => {
  it.each(['en', 'zh'] as const)('(%s) keep the request in flight whole', async (lang) => {
    const screen = renderPlayer(lesson, { columns: 60, rows: 24 }, { lang, start: 4 });
    const w = WORDS[lang];
    await until(() => {
      const lines = screen.frame().split('\n');
      const client = lines.find((l) => l.startsWith(w.client)) ?? '';
      const server = lines.find((l) => l.startsWith(w.server)) ?? '';
      for (const line of [client, server]) expect(stringWidth(line), line).toBeLessThanOrEqual(60);
      expect(client).toContain(`${w.pending} tools/call #3`);
      expect(client).toContain('2026-07-28');
      expect(server).toContain(`${w.working} tools/call #3`);
    }, 2000);
    screen.unmount();
  });
});
