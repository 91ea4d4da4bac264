/**
 * What one event costs in XState 5.33, side by side: the pure `transition()` against `send` on a
 * started actor, for a trivial machine and for the session referee on a generated session. The
 * session log drives the referee as an actor because of this figure (src/machine/model.ts).
 *
 *   npx tsx bench/xstate-step.ts [--messages 20000]
 */
import { parseArgs } from 'node:util';
import { assign, createActor, initialTransition, setup, transition } from 'xstate';
import { advance, type RefereeEvent, runReferee, startReferee } from '../src/machine/index.js';
import { generateSession } from './generate-session.js';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '20000' } } });
const N = Number(values.messages);

const trivial = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'e' } },
}).createMachine({
  context: { n: 0 },
  on: { e: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});

/**
 * The same assign in the handshake era's shape: a parallel state of three regions (the client's
 * phase, the server's, the referee), the event handled by the third. Against `trivial` (one state),
 * what the shape alone costs per event.
 */
const parallel = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'e' } },
}).createMachine({
  context: { n: 0 },
  initial: 'legacy',
  states: {
    legacy: {
      type: 'parallel',
      states: {
        client: { initial: 'operation', states: { operation: {}, shutdown: {} } },
        server: { initial: 'operation', states: { operation: {}, shutdown: {} } },
        referee: {
          initial: 'judging',
          states: {
            judging: { on: { e: { actions: assign({ n: ({ context }) => context.n + 1 }) } } },
          },
        },
      },
    },
  },
});

function perEvent(label: string, run: () => void, events: number): string {
  const start = performance.now();
  run();
  const us = ((performance.now() - start) / events) * 1000;
  return `| ${label} | ${us.toFixed(1)} µs |`;
}

const events: RefereeEvent[] = [...generateSession(N)].map((line) => {
  const { direction, message } = JSON.parse(line) as {
    direction: 'client->server' | 'server->client';
    message: unknown;
  };
  return { type: 'envelope', direction, message };
});

const rows: string[] = [];
for (let round = 0; round < 2; round++) {
  rows.length = 0;
  rows.push(
    perEvent(
      'trivial machine, `transition()`',
      () => {
        let [s] = initialTransition(trivial);
        for (let i = 0; i < N; i++) [s] = transition(trivial, s, { type: 'e' });
      },
      N,
    ),
    perEvent(
      'trivial machine, actor `send`',
      () => {
        const actor = createActor(trivial).start();
        for (let i = 0; i < N; i++) actor.send({ type: 'e' });
      },
      N,
    ),
    perEvent(
      'trivial machine in three parallel regions, actor `send`',
      () => {
        const actor = createActor(parallel).start();
        for (let i = 0; i < N; i++) actor.send({ type: 'e' });
      },
      N,
    ),
    perEvent(
      'session referee, `advance` (pure `transition()`)',
      () => {
        let s = startReferee();
        for (const e of events) s = advance(s, e);
      },
      events.length,
    ),
    perEvent(
      'session referee, `runReferee` (actor `send`)',
      () => {
        const run = runReferee();
        for (const e of events) run.send(e);
      },
      events.length,
    ),
  );
}
console.log(`XState ${N} events, Node ${process.version} (second of two rounds):\n`);
console.log('| how | per event |\n|---|---|');
console.log(rows.join('\n'));
