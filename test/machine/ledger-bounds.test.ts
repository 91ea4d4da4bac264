import { describe, expect, it } from 'vitest';
import { FORGOTTEN_IDS } from '../../src/machine/ledger.js';
import type { JsonObject } from '../../src/protocol/index.js';
import { discovered } from './modern-builder.js';
import { LISTING_TASK_SERVER, taskOf } from './rule-cases.js';
import { rpc, session } from './session-builder.js';
import {
  CONFIRM_REQUEST,
  deploy,
  inputRequired,
  listen,
  listenEnd,
  retry,
} from './stream-builder.js';

// The ledger keeps what a long session told it about tasks and URL-mode elicitations to the newest
// FORGOTTEN_IDS of each, so `serve` running for days keeps a flat memory; what it forgot goes
// unjudged rather than misjudged.
const rulesOf = (violations: readonly { rule: string }[]) => violations.map((v) => v.rule);
const many = FORGOTTEN_IDS + 1;

describe('the ledger forgets the oldest tasks past FORGOTTEN_IDS', () => {
  const listed = () =>
    session()
      .handshake({ server: LISTING_TASK_SERVER })
      .client(rpc.request(1, 'tasks/list', {}))
      .server(
        rpc.result(1, {
          tasks: Array.from({ length: many }, (_, i) => taskOf('completed', `T${i}`)),
        }),
      );
  const statusOf = (taskId: string) =>
    rpc.notification('notifications/tasks/status', taskOf('working', taskId));

  it('keeps the newest tasks: a terminal one that moves back is still caught', () => {
    const { referee, last } = listed()
      .server(statusOf(`T${many - 1}`))
      .run();
    expect(referee.snapshot().context.ledger.tasks.server.size).toBe(FORGOTTEN_IDS);
    expect(rulesOf(last.violations)).toEqual(['task-status-transition']);
  });

  it('says nothing of the oldest, whose status it no longer knows', () => {
    expect(rulesOf(listed().server(statusOf('T0')).run().last.violations)).toEqual([]);
  });
});

describe('the ledger forgets the oldest URL-mode elicitations past FORGOTTEN_IDS', () => {
  const urlElicitation = (i: number): JsonObject => ({
    mode: 'url',
    message: 'Connect your account',
    elicitationId: `e${i}`,
    url: `https://mcp.example.com/connect?elicitationId=e${i}`,
  });
  const established = (count: number) =>
    session()
      .handshake({ client: { elicitation: { url: {} } }, server: { tools: {} } })
      .client(rpc.request(1, 'tools/call', { name: 'pay', arguments: {} }))
      .server({
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32042,
          message: 'This request requires more information.',
          data: { elicitations: Array.from({ length: count }, (_, i) => urlElicitation(i)) },
        },
      });
  const complete = (elicitationId: string) =>
    rpc.notification('notifications/elicitation/complete', { elicitationId });

  it('calls a completion it cannot match unknown while it knows every elicitation', () => {
    const run = established(3).server(complete('e3')).run();
    expect(rulesOf(run.last.violations)).toEqual(['elicitation-complete-unknown']);
  });

  it('once one was forgotten, an unknown id may be that one: no verdict', () => {
    const { referee, last } = established(many).server(complete('e0')).run();
    expect(referee.snapshot().context.ledger.elicitations.size).toBe(FORGOTTEN_IDS);
    expect(rulesOf(last.violations)).toEqual([]);
    // The newest are still known, and a second completion of one is still judged.
    const twice = established(many)
      .server(complete(`e${many - 1}`))
      .client(rpc.request(2, 'tools/call', { name: 'pay', arguments: {} }))
      .server({
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32042,
          message: 'This request requires more information.',
          data: { elicitations: [urlElicitation(many - 1)] },
        },
      })
      .run();
    expect(rulesOf(twice.last.violations)).toEqual(['elicitation-id-reused']);
  });
});

describe('the ledger keeps the newest FORGOTTEN_IDS rounds of a target and ended listen streams', () => {
  it('a retry echoing the state of a round forgotten long ago is not called altered', () => {
    const abandoned = (count: number) => {
      const built = discovered();
      for (let i = 1; i <= count; i++) {
        const round = { inputRequests: { confirm: CONFIRM_REQUEST }, requestState: `s${i}` };
        built.client(deploy(i)).server(inputRequired(i, round));
      }
      return built;
    };
    // While every round is known, a state none of them gave is altered.
    const few = abandoned(3).client(retry(4, { requestState: 's0' }));
    expect(rulesOf(few.run().last.violations)).toContain('request-state-altered');
    const { referee, last } = abandoned(many)
      .client(retry(many + 1, { requestState: 's1' }))
      .run();
    expect(referee.snapshot().context.ledger.rounds.get('tools/call deploy')?.length).toBe(
      FORGOTTEN_IDS - 1,
    );
    expect(rulesOf(last.violations)).not.toContain('request-state-altered');
  });

  it('keeps no more than FORGOTTEN_IDS ended listen streams', () => {
    const streams = discovered();
    for (let i = 1; i <= many; i++) streams.client(listen(`L${i}`)).server(listenEnd(`L${i}`));
    const { referee } = streams.run();
    expect(referee.snapshot().context.ledger.listens.size).toBe(FORGOTTEN_IDS);
  });
});
