import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { LESSONS_DIR, loadLessons } from '../../src/sim/scenario/load-lessons.js';
import { capabilityPaths } from '../../src/ui/capability-paths.js';
import {
  CAPS_LINES,
  PeerPanels,
  panelBody,
  panelCapsLines,
  panelInner,
} from '../../src/ui/components/peer-panels.js';
import { peerFacts } from '../../src/ui/peer-facts.js';
import { playLesson } from '../helpers/screen.js';
import { renderAt } from './render-at.js';

describe('the bordered peer panels at 80 columns (a tall terminal) name every declared capability', () => {
  const ids = loadLessons(LESSONS_DIR).lessons.map((l) => l.id);
  it.each(ids)(
    '%s: the capabilities wrap onto two lines, told short where the long form needs more',
    async (id) => {
      const { timeline } = await playLesson(id);
      const inner = panelInner(80);
      for (const lang of ['en', 'zh'] as const) {
        timeline.steps.forEach((step, index) => {
          for (const side of ['client', 'server'] as const) {
            const caps = peerFacts(step.peers, side, lang).find((f) => f.caps);
            if (!caps) throw new Error(`${id} step ${index + 1}: no capabilities fact`);
            const lines = panelCapsLines(caps, inner);
            const at = `${id} step ${index + 1} ${side} (${lang}): ${lines.join(' / ')}`;
            expect({ at, lines: lines.length <= CAPS_LINES }).toEqual({ at, lines: true });
            expect({ at, wide: lines.every((l) => stringWidth(l) <= inner) }).toEqual({
              at,
              wide: true,
            });
            const text = lines.join(' ');
            const modern = step.peers.modern?.[side].capabilities;
            const paths = capabilityPaths(
              step.peers.modern ? (modern ?? {}) : step.peers[side].capabilities,
            );
            const missing = [...new Set(paths.map((p) => p.split('.')[0] ?? p))].filter(
              (name) => !new RegExp(`(^|[ ,])${name}([.,]|$| )`).test(text),
            );
            expect({ at, missing }).toEqual({ at, missing: [] });
          }
        });
      }
    },
  );

  it('capability-negotiation, step 1, at 80 columns: both panels name every capability, nothing cut', async () => {
    const { timeline } = await playLesson('capability-negotiation');
    const step = timeline.steps[0];
    if (!step) throw new Error('no step');
    for (const lang of ['en', 'zh'] as const) {
      const screen = renderAt(
        <PeerPanels
          peers={step.peers}
          mode="full"
          lang={lang}
          nameRequest={(r) => `#${r}`}
          width={80}
        />,
        { columns: 80, rows: 40 },
      );
      const frame = screen.frame();
      // The two capability lines (below the title line) are whole.
      expect(frame.split('\n').slice(2, 4).join('\n')).not.toContain('…');
      for (const name of [
        'roots',
        'sampling',
        'elicitation',
        'tools',
        'resources',
        'prompts',
        'logging',
        'completions',
      ]) {
        expect(frame).toContain(name);
      }
      // Seven rows: the borders, version, two of capabilities, tools, work in flight.
      expect(frame.split('\n')).toHaveLength(7);
      expect(frame).toMatch(lang === 'en' ? /working #1/ : /处理中 #1/);
      screen.unmount();
    }
  });
});

describe('the bordered peer panels use their lines for what the server holds', () => {
  it('resources, last step, at 120 columns: the server panel names what it has subscribed to (en, zh)', async () => {
    const { timeline } = await playLesson('resources');
    const step = timeline.steps.at(-1);
    if (!step) throw new Error('no step');
    expect(step.peers.server.subscriptions).toEqual(['file:///project/notes.txt']);
    for (const [lang, label] of [
      ['en', 'subscribed'],
      ['zh', '已订阅'],
    ] as const) {
      const screen = renderAt(
        <PeerPanels
          peers={step.peers}
          mode="full"
          lang={lang}
          nameRequest={(r) => `#${r}`}
          width={120}
        />,
        { columns: 120, rows: 40 },
      );
      const frame = screen.frame();
      expect(frame).toMatch(new RegExp(`${label} file:///project/notes\\.txt`));
      expect(frame.split('\n')).toHaveLength(7);
      screen.unmount();
    }
  });

  it('when the lines run out, the self-description gives way first, then the tools, never the subscriptions', async () => {
    const { timeline } = await playLesson('resources');
    const step = timeline.steps.at(-1);
    if (!step) throw new Error('no step');
    const facts = peerFacts(step.peers, 'server', 'en');
    const labels = (inner: number | undefined) => panelBody(facts, inner).map((f) => f.label);
    // One line of capabilities: every fact fits below the title line.
    expect(labels(undefined)).toEqual(['capabilities', 'tools', 'working', 'subscribed']);
    // Two lines of capabilities (a narrow panel): the tools give way to the subscriptions.
    const caps = facts.find((f) => f.caps);
    if (!caps) throw new Error('no capabilities');
    const narrow = [...Array(40).keys()]
      .map((n) => n + 10)
      .find((inner) => panelCapsLines(caps, inner).length === 2);
    if (narrow === undefined) throw new Error('no width wraps the capabilities');
    expect(labels(narrow)).toEqual(['capabilities', 'working', 'subscribed']);
    const about = { ...caps, label: 'serverInfo', caps: false, about: true } as const;
    expect(panelBody([...facts, about], narrow).map((f) => f.label)).toEqual([
      'capabilities',
      'working',
      'subscribed',
    ]);
    expect(panelBody([...facts, about], undefined).map((f) => f.label)).toEqual([
      'capabilities',
      'tools',
      'working',
      'subscribed',
    ]);
  });
});
