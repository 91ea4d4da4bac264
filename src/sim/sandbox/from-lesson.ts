import type { Side } from '../../protocol/index.js';
import type { Step, WireEvent } from '../../session/index.js';
import type { PlayedLesson } from '../scenario/open-lesson.js';
import { SandboxSession } from './session.js';

/** A recorded step as the wire event that made it. */
function eventOf(step: Step): WireEvent {
  if (step.kind === 'close') return { type: 'close', by: step.closedBy ?? 'client' };
  if (step.kind === 'abandon' && step.abandoned) return { type: 'abandon', id: step.abandoned.id };
  if (step.kind === 'unreadable') {
    return {
      type: 'unreadable',
      direction: step.direction,
      problem: step.problem ?? '',
      problemZh: step.problemZh ?? undefined,
      raw: step.raw,
    };
  }
  return { type: 'message', direction: step.direction, message: step.message };
}

/**
 * The era the lesson's connection is in at its end: the referee's era of its last judged message
 * (a dual-era probe that fell back to initialize ends in the handshake era).
 */
export function eraAtEnd(steps: readonly Step[]): 'legacy' | 'modern' {
  const judged = steps.filter((s) => s.verdict !== null);
  return judged.at(-1)?.verdict?.era === 'modern' ? 'modern' : 'legacy';
}

/**
 * The sandbox at a lesson's last state (before its closing, if it ends by closing): peers configured as the lesson's, the lesson's envelopes
 * replayed into the log (exactly as recorded) and into the simulated peer (so it knows the
 * version, the capabilities and what it was asked); then the learner takes over their side.
 * The lesson's silent actions (a tool added, a resource changed, a log line) are not replayed
 * into the peer: it starts from its configuration, so what they changed in it is lost.
 */
export function sandboxAtLesson(played: PlayedLesson, side: Side): SandboxSession {
  const { scenario } = played.lesson;
  const session = new SandboxSession({
    era: eraAtEnd(played.timeline.steps),
    side,
    server: scenario.server,
    client: scenario.client,
  });
  // A lesson that ends by closing the connection is taken up just before that close: the
  // learner continues the session, rather than starting in one where nothing may be sent.
  const steps = [...played.timeline.steps];
  while (steps.at(-1)?.kind === 'close') steps.pop();
  for (const step of steps) session.replay(eventOf(step));
  session.open();
  return session;
}
