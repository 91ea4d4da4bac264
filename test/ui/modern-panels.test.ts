import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { splitLines } from '../../src/session/index.js';
import { peerFacts } from '../../src/ui/peer-facts.js';
import { REAL } from '../helpers/trace.js';

const steps = (name: string) =>
  transcriptScreen(splitLines(readFileSync(join(REAL, name), 'utf8'))).timeline.steps;

const values = (facts: ReturnType<typeof peerFacts>) =>
  Object.fromEntries(facts.map((f) => [f.label, f.value]));

describe('the peer panels of a modern session (2026-07-28)', () => {
  const modern = steps('v2-modern.jsonl');

  it('show what the requests declared, never "version not yet"', () => {
    // Step 4: the tools/list result, after the server/discover answer.
    const step = modern[3];
    expect(step?.era).toBe('modern');
    expect(step?.revision).toBe('2026-07-28');
    const peers = step?.peers;
    if (!peers) throw new Error('no peers');
    const client = values(peerFacts(peers, 'client', 'en'));
    expect(client.declares).toBe('2026-07-28 (per request)');
    expect(client.capabilities).toBe('elicitation.form, sampling, roots');
    expect(client.info).toBe('mcp-sim-recorder 0.1.0');
    const server = values(peerFacts(peers, 'server', 'en'));
    expect(server.supports).toBe('2026-07-28');
    expect(server.capabilities).toBe('tools.listChanged, logging');
    expect(server.info).toBe('mcp-sim-recording-server 0.1.0');
    for (const side of ['client', 'server'] as const) {
      for (const lang of ['en', 'zh'] as const) {
        const text = peerFacts(peers, side, lang)
          .map((f) => `${f.label} ${f.value}`)
          .join(' ');
        expect(text).not.toMatch(/not yet|尚未协商/);
      }
    }
    const zh = values(peerFacts(peers, 'client', 'zh'));
    expect(zh.声明版本).toBe('2026-07-28（逐个请求）');
  });

  it('put what is in flight before the peer’s info: a panel of four lines shows the pending requests', () => {
    // The first step with a client request waiting.
    const step = modern.find((s) => s.peers.client.pending.length > 0);
    if (!step) throw new Error('no pending request in the recording');
    for (const lang of ['en', 'zh'] as const) {
      const client = peerFacts(step.peers, 'client', lang);
      const shown = client.slice(0, 4).map((f) => f.value);
      expect(shown.join(' ')).toContain(step.peers.client.pending[0]);
      expect(client.at(-1)?.value).toBe('mcp-sim-recorder 0.1.0');
    }
  });

  it('show the version the latest request named, even one the server does not serve', () => {
    const rows = readFileSync(join(REAL, 'v2-modern.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
    rows[2].message.params._meta['io.modelcontextprotocol/protocolVersion'] = '2027-01-01';
    const changed = transcriptScreen(splitLines(rows.map((r) => JSON.stringify(r)).join('\n')))
      .timeline.steps;
    const peers = changed[2]?.peers;
    if (!peers) throw new Error('no peers');
    expect(values(peerFacts(peers, 'client', 'en')).declares).toBe('2027-01-01 (per request)');
    // The next request names 2026-07-28 again, and the panel follows it.
    const next = changed[4]?.peers;
    if (!next) throw new Error('no peers');
    expect(values(peerFacts(next, 'client', 'en')).declares).toBe('2026-07-28 (per request)');
  });

  it('say the server is not discovered before its server/discover answer', () => {
    const peers = modern[0]?.peers;
    if (!peers) throw new Error('no peers');
    expect(values(peerFacts(peers, 'server', 'en')).supports).toBe('not discovered');
    expect(values(peerFacts(peers, 'server', 'zh')).支持版本).toBe('尚未发现');
  });

  it('a legacy session keeps its negotiated version and no modern facts', () => {
    const legacy = steps('v1-legacy-v2-server.jsonl');
    const step = legacy[3];
    expect(step?.era).toBe('legacy');
    expect(step?.peers.modern).toBeUndefined();
    if (!step) throw new Error('no step');
    expect(values(peerFacts(step.peers, 'client', 'en')).version).toBe('2025-11-25');
  });
});

describe('the handout of a modern session', () => {
  it('names the revision instead of lifecycle phases, in both languages', async () => {
    const { lessonHandout } = await import('../../src/ui/handout.js');
    const frame = {
      title: { en: 't', zh: 't' },
      goal: { en: 'g', zh: 'g' },
      recap: { en: 'r', zh: 'r' },
      spec: [],
    };
    const modern = steps('v2-modern.jsonl');
    const en = lessonHandout({ scenario: frame }, { steps: modern }, 'en');
    expect(en).toContain('> ✓ allowed by the rules (2026-07-28 · no lifecycle)');
    expect(en).not.toMatch(/client: (operation|initialization)/);
    const zh = lessonHandout({ scenario: frame }, { steps: modern }, 'zh');
    expect(zh).toContain('2026-07-28 · 无生命周期');
    const legacy = lessonHandout(
      { scenario: frame },
      { steps: steps('v1-legacy-v2-server.jsonl') },
      'en',
    );
    expect(legacy).toContain('(client: operation, server: operation)');
    expect(legacy).not.toContain('no lifecycle');
  });
});
