import type { Bilingual } from '../../i18n/lang.js';
import { isObject, type Side } from '../../protocol/index.js';
import { clientAccepts } from '../../protocol/versions.js';
import type { Step, WireEvent } from '../../session/index.js';
import { LESSON_STATE_KEY } from '../scenario/engine.js';
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
 * The version the lesson's server answered initialize with, when the lesson's client cannot
 * accept it: its close is then the one 2025-11-25 basic/lifecycle › Version Negotiation asks for
 * ("If the client does not support the version in the server's response, it SHOULD disconnect").
 */
function refusedVersion(steps: readonly Step[], versions: readonly string[]): string | null {
  const answer = steps.findLast(
    (s) =>
      s.direction === 'server->client' &&
      s.verdict?.kind === 'response' &&
      s.verdict.method === 'initialize',
  );
  const result = answer && isObject(answer.message) ? answer.message.result : undefined;
  const version = isObject(result) ? result.protocolVersion : undefined;
  if (typeof version !== 'string' || clientAccepts(version, versions)) return null;
  return version;
}

/** The steps the sandbox replays of a lesson, and what it says of what it changed. */
export function lessonStart(
  steps: readonly Step[],
  clientVersions: readonly string[],
): { readonly steps: readonly Step[]; readonly note: Bilingual | null } {
  const close = steps.findIndex((s) => s.kind === 'close');
  if (close < 0) return { steps, note: null };
  const refused = refusedVersion(steps.slice(0, close), clientVersions);
  if (refused !== null) {
    // The close is the client's answer to a version it cannot speak: without it the learner would
    // go on in a session the spec ends. The sandbox is the lesson's real last state, closed.
    return {
      steps,
      note: {
        en: `The lesson ends closed: its client cannot accept the server's version ${refused} and disconnects (2025-11-25 lifecycle › Version Negotiation); nothing more may be sent.`,
        zh: `这一课以关闭结束：它的客户端不能接受服务器的版本 ${refused}，于是断开连接（2025-11-25 lifecycle › Version Negotiation）；不能再发送任何消息。`,
      },
    };
  }
  // Any other close is taken up just before it, so that the learner can go on; what follows it in
  // the lesson (a peer's message after the close, shown as a fault) goes with it.
  const after = steps.length - close - 1;
  const step = String(close + 1);
  return {
    steps: steps.slice(0, close),
    note:
      after === 0
        ? {
            en: `Opened just before the lesson's close (step ${step}), left out so that you can go on.`,
            zh: `从这一课关闭连接之前开始（第 ${step} 步）：关闭被省略，以便你继续。`,
          }
        : {
            en: `Opened just before the lesson's close (step ${step}): the close and the ${after} step${after === 1 ? '' : 's'} after it are left out, so that you can go on.`,
            zh: `从这一课关闭连接之前开始（第 ${step} 步）：关闭及其后的 ${after} 步被省略，以便你继续。`,
          },
  };
}

/**
 * The sandbox at a lesson's last state: peers configured as the lesson's, the lesson's envelopes
 * replayed into the log (exactly as recorded) and into the simulated peer (so it knows the
 * version, the capabilities and what it was asked); then the learner takes over their side. A
 * lesson that closes the connection is taken up just before its close, unless the spec required
 * that close (see lessonStart); either way one line says so (the session's lessonNote).
 * The lesson's silent actions (a tool added, a resource changed, a log line) are not replayed
 * into the peer: it starts from its configuration, so what they changed in it is lost.
 */
export function sandboxAtLesson(played: PlayedLesson, side: Side): SandboxSession {
  const { scenario } = played.lesson;
  const start = lessonStart(played.timeline.steps, scenario.client.versions);
  const session = new SandboxSession({
    era: eraAtEnd(start.steps),
    side,
    // The lesson's server seals its requestState with the lessons' key: a round the lesson left
    // open is the simulated server's own, and its retry verifies (2026-07-28 mrtr).
    server: { ...scenario.server, requestStateKey: LESSON_STATE_KEY },
    client: scenario.client,
  });
  // At the time the lesson sent it: the peer's clock is the lesson's (a task's end, a held message).
  for (const step of start.steps) session.replay({ ...eventOf(step), t: step.t });
  session.open();
  session.lessonNote = start.note;
  return session;
}
