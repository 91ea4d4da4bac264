import { describe, expect, it } from 'vitest';
import { compact, parseEnvelope } from '../../src/ui/sandbox-form.js';
import { pick, sandbox } from './helpers.js';

// Two ids JSON.parse reads as one (12345678901234567000), typed in the JSON editor.
const A = '12345678901234567890';
const B = '12345678901234567891';

/** A client sandbox through the handshake, in `version`. */
function operating(version = '2025-11-25') {
  const s = sandbox('legacy', 'client');
  const init = pick(s, 'request:initialize').envelope as { params: Record<string, unknown> };
  s.send({ ...init, params: { ...init.params, protocolVersion: version } });
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return s;
}

/** What the editor's Enter sends: the text as parseEnvelope reads it. */
function typed(text: string): unknown {
  const parsed = parseEnvelope(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('an id past 2^53 − 1 typed in the sandbox’s JSON editor', () => {
  it('is read with its digits, and the step and the server’s answer carry them', () => {
    expect(typed(`{"jsonrpc":"2.0","id":${A},"method":"ping"}`)).toEqual({
      jsonrpc: '2.0',
      id: BigInt(A),
      method: 'ping',
    });
    const s = operating();
    const first = s.send(typed(`{"jsonrpc":"2.0","id":${A},"method":"ping"}`));
    const second = s.send(typed(`{"jsonrpc":"2.0","id":${B},"method":"ping"}`));
    const ids = [...first, ...second].map((step) => compact((step.message as { id: unknown }).id));
    expect(ids).toEqual([A, A, B, B]);
    // Two ids, not one reused.
    const rules = second.flatMap((step) => step.verdict?.violations.map((v) => v.rule) ?? []);
    expect(rules).not.toContain('duplicate-request-id');
    expect(compact(second[1]?.message)).toBe(`{"jsonrpc":"2.0","id":${B},"result":{}}`);
  });

  it('in a 2025-03-26 batch too: each answer in the one array has its own id', () => {
    const s = operating('2025-03-26');
    const steps = s.send(
      typed(
        `[{"jsonrpc":"2.0","id":${A},"method":"ping"},{"jsonrpc":"2.0","id":${B},"method":"ping"}]`,
      ),
    );
    expect(steps.slice(2).map((step) => compact((step.message as { id: unknown }).id))).toEqual([
      A,
      B,
    ]);
  });
});
