import { describe, expect, it } from 'vitest';
import type { Step } from '../../src/session/index.js';
import { SessionLog } from '../../src/session/index.js';
import { SandboxHistory } from '../../src/ui/components/sandbox-history.js';
import { C2S, initializeRequest, initializeResult, S2C } from '../machine/session-builder.js';
import { renderAt } from '../ui/render-at.js';

describe('the sandbox history', () => {
  it('marks a warning with !, an error with ✗, and names an unknown request ?', () => {
    const log = new SessionLog();
    const steps: Step[] = [
      log.push({ type: 'message', direction: C2S, message: initializeRequest() }),
      log.push({ type: 'message', direction: S2C, message: initializeResult() }),
      // Not a notification of MCP: a warning only.
      log.push({
        type: 'message',
        direction: C2S,
        message: { jsonrpc: '2.0', method: 'notifications/initialize' },
      }),
      // An answer to a request nobody sent: an error, and no method to name.
      log.push({
        type: 'message',
        direction: S2C,
        message: { jsonrpc: '2.0', id: 99, result: {} },
      }),
    ];
    expect(steps[2]?.verdict?.violations.map((v) => v.severity)).toEqual(['warning']);
    const screen = renderAt(<SandboxHistory steps={steps} height={6} side="client" lang="en" />, {
      columns: 100,
      rows: 10,
    });
    const rows = screen.frame().split('\n');
    expect(rows.find((r) => r.includes('notifications/initialize'))).toMatch(
      /notifications\/initialize ! unknown-method /,
    );
    expect(rows.find((r) => r.includes('#99'))).toMatch(/← server response \? #99 ✗ /);
    screen.unmount();
  });
});
