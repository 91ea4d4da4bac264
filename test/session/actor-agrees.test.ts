import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  advance,
  type RefereeEvent,
  runReferee,
  sessionView,
  sidePhases,
  startReferee,
  verdictOf,
} from '../../src/machine/index.js';
import { splitLines } from '../../src/session/index.js';
import { ROOT } from '../helpers/cli.js';

const FIXTURES = ['everything-basics.jsonl', 'everything-cancel.jsonl', 'everything-roots.jsonl'];

/** The events of a wrapped transcript, with faults mixed in (a repeated line, an early close). */
function eventsOf(name: string): RefereeEvent[] {
  const text = readFileSync(join(ROOT, 'test', 'fixtures', 'real', name), 'utf8');
  const events: RefereeEvent[] = splitLines(text).flatMap((raw) => {
    if (!('text' in raw) || raw.text.trim() === '') return [];
    const line = JSON.parse(raw.text) as { direction: 'client->server'; message: unknown };
    return [{ type: 'envelope', direction: line.direction, message: line.message }];
  });
  const at = Math.floor(events.length / 2);
  const repeated = events[at];
  return repeated
    ? [...events.slice(0, at), repeated, ...events.slice(at), { type: 'close' }, repeated]
    : events;
}

describe('the session log’s actor reaches the states the pure advance reaches', () => {
  it.each(FIXTURES)('%s', (name) => {
    const run = runReferee();
    let state = startReferee();
    for (const event of eventsOf(name)) {
      run.send(event);
      state = advance(state, event);
      const ran = run.state();
      expect(verdictOf(ran)).toEqual(verdictOf(state));
      expect(sidePhases(ran)).toEqual(sidePhases(state));
      expect(sessionView(ran)).toEqual(sessionView(state));
      expect(sessionView(ran).pending).toEqual(sessionView(state).pending);
    }
  });
});
