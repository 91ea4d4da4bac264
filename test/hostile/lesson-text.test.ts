import { describe, expect, it } from 'vitest';
import { SessionLog } from '../../src/session/index.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { menuData } from '../../src/ui/menu-items.js';
import { screenStep } from '../../src/ui/screen-step.js';
import { controlsIn } from './helpers.js';

const PWN = '\u001b]0;pwned\u0007\u009b2J\u202e';
const both = (text: string) => ({ en: text, zh: text });

describe("a lesson file's own words (notes, titles, events, field notes)", () => {
  const log = new SessionLog();
  const step = log.push({
    type: 'message',
    direction: 'client->server',
    message: { jsonrpc: '2.0', id: 1, method: 'ping' },
    notes: {
      note: both(`first line ${PWN}\nsecond line`),
      events: [both(`a tool ${PWN} was added`)],
      annotations: [{ pointer: '/id', text: both(`the id ${PWN}`) }],
    },
  });

  it('reach the screens with control characters written out and line breaks kept', () => {
    const shown = screenStep(step);
    expect(shown.note.en).toBe('first line \\x1b]0;pwned\\x07\\u009b2J\\u202e\nsecond line');
    expect(
      controlsIn(JSON.stringify(shown.events) + shown.annotations.map((a) => a.text.en)),
    ).toEqual([]);
    expect(shown.message).toBe(step.message); // the envelope as sent: JSON views escape it
  });

  it('reach the handout the same way', () => {
    const frame = { title: both(`Lesson ${PWN}`), goal: both(PWN), recap: both(PWN), spec: [] };
    const text = lessonHandout({ scenario: frame }, { steps: [screenStep(step)] }, 'en');
    expect(controlsIn(text)).toEqual([]);
    expect(text).toContain('# Lesson \\x1b]0;pwned');
  });

  it('reach the menu the same way, broken files’ problems included', () => {
    const data = menuData(
      {
        lessons: [{ id: 'x', scenario: { title: both(`T${PWN}`), goal: both(`G${PWN}`) } }],
        problems: [{ file: `/l/${PWN}.yaml`, line: 3, message: `bad ${PWN}` }],
      },
      { lessons: {} },
      'en',
    );
    const texts = data.lessons.flatMap((l) => [l.title, l.goal]);
    texts.push(...data.broken.map((b) => `${b.name} ${b.problem}`));
    expect(controlsIn(texts.join('\n'))).toEqual([]);
    expect(data.lessons[0]?.title).toBe('T\\x1b]0;pwned\\x07\\u009b2J\\u202e');
    expect(data.broken[0]?.problem).toContain('bad \\x1b');
  });
});
