import type { Bilingual } from '../i18n/lang.js';
import type { StepReport, Violation } from '../machine/index.js';
import type { Direction, JsonObject, RequestId } from '../protocol/index.js';
import { SessionLog, type Step } from '../session/index.js';
import { SimClient } from '../sim/client/sim-client.js';
import { SimServer } from '../sim/server/sim-server.js';
import { formatDiff, lines } from './diff.js';

export const C2S: Direction = 'client->server';
export const S2C: Direction = 'server->client';

/** One envelope of a grader's session: the session log's step for it. */
export type Sent = Step & { readonly message: JsonObject; readonly verdict: StepReport };

export type SessionOptions = {
  readonly serverCapabilities: JsonObject;
  readonly clientCapabilities?: JsonObject;
  readonly modelReply?: string;
  /** The versions each side supports, its preferred first (default: 2025-11-25 only). */
  readonly clientVersions?: readonly string[];
  readonly serverVersions?: readonly string[];
  /** false: the caller plays the handshake itself (the version exercise decides its answers). */
  readonly handshake?: boolean;
};

/**
 * A session between the simulated client and a server whose operation the learner's code plays.
 * The simulated peers do the handshake; every envelope either side sends is pushed into one session
 * log, the seam the lessons and the tracer use, and the checks read its steps.
 */
export function openSession(options: SessionOptions) {
  const sessionLog = new SessionLog();
  const log = sessionLog.steps as readonly Sent[];
  const client = new SimClient({
    name: 'mcp-sim-grader',
    version: '1.0.0',
    versions: options.clientVersions ?? ['2025-11-25'],
    capabilities: options.clientCapabilities ?? {},
    roots: [],
    modelReply: options.modelReply ?? 'A short summary.',
    elicitation: { action: 'decline' },
  });
  const server = new SimServer({
    name: 'learner-server',
    version: '1.0.0',
    versions: options.serverVersions ?? ['2025-11-25'],
    capabilities: options.serverCapabilities,
    tools: [],
  });

  function send(direction: Direction, message: JsonObject): Sent {
    return sessionLog.push({ type: 'message', direction, message }) as Sent;
  }

  /** The simulated client sends a message (the simulated server takes it only when asked). */
  function fromClient(message: JsonObject): Sent {
    return send(C2S, message);
  }

  /** The simulated server's own messages, until its outbox is empty. */
  function drainServer(): void {
    for (let item = server.next(); item; item = server.next()) {
      send(S2C, item.message as JsonObject);
      client.receive(item.message, 0);
      for (let reply = client.next(); reply; reply = client.next()) {
        send(C2S, reply.message as JsonObject);
        server.receive(reply.message, 0);
      }
    }
  }

  if (options.handshake !== false) {
    // The handshake, by the simulated peers.
    const init = fromClient(client.initialize());
    server.receive(init.message, 0);
    drainServer();
    const initialized = fromClient(client.initialized());
    server.receive(initialized.message, 0);
  }

  return {
    client,
    server,
    log,
    send,
    fromClient,
    /** A request of the learner's server to the client, and the client's answer. */
    askClient(method: string, params: JsonObject): Sent | undefined {
      const request = server.makeRequest(method, params);
      send(S2C, request);
      client.receive(request, 0);
      const answer = client.next();
      return answer ? send(C2S, answer.message as JsonObject) : undefined;
    },
    /** The learner's server answers a request: a result, or -32603 when its code threw. */
    answer(id: RequestId, outcome: { ok: true; value: unknown } | { ok: false; error: string }) {
      const message: JsonObject = outcome.ok
        ? { jsonrpc: '2.0', id, result: (outcome.value ?? {}) as JsonObject }
        : {
            jsonrpc: '2.0',
            id,
            error: { code: -32603, message: `Internal error: ${outcome.error}` },
          };
      const sent = send(S2C, message);
      client.receive(message, 0);
      return sent;
    },
    violations(): Array<{ at: number; sent: Sent; violation: Violation }> {
      return log.flatMap((sent, at) =>
        sent.verdict.violations.map((violation) => ({ at, sent, violation })),
      );
    },
  };
}

export type Session = ReturnType<typeof openSession>;

/** "message 5 (server->client notifications/progress)": how a check names an envelope. */
export function nameOf(sent: Sent, at: number): string {
  const what = sent.verdict.method ?? sent.verdict.kind;
  return `#${at + 1} ${sent.direction} ${what}${sent.verdict.kind === 'response' || sent.verdict.kind === 'error' ? ` (${sent.verdict.kind})` : ''}`;
}

/**
 * A verdict's spec section in backticks, as the checks quote a section (it is a name, never
 * translated), then what it asks for in each language: `spec` and `specZh` are the same section
 * followed by the note in English (` (…)`) or Chinese (`（…）`).
 */
function cited(v: Violation): Bilingual {
  let same = 0;
  while (same < v.spec.length && v.spec[same] === v.specZh[same]) same++;
  const section = v.spec.slice(0, same).trimEnd();
  return {
    en: `\`${section}\`${v.spec.slice(section.length)}`,
    zh: `\`${section}\`${v.specZh.slice(section.length)}`,
  };
}

/** The referee's verdicts as lines: `#5 server->client notifications/progress: rule — why`. */
export function violationLines(found: ReturnType<Session['violations']>, limit = 4): Bilingual {
  const shown = found.slice(0, limit);
  const more = found.length - shown.length;
  // Where the spec says so, once for each rule shown: the section the learner reads to fix it.
  const rules = [...new Map(shown.map((f) => [f.violation.rule, f.violation])).values()];
  return {
    en: [
      ...shown.map(
        (f) => `  ${nameOf(f.sent, f.at)}: ${f.violation.rule} — ${f.violation.message}`,
      ),
      ...(more > 0 ? [`  … and ${more} more`] : []),
      ...rules.map((v) => `  ${v.rule}: see ${cited(v).en}`),
    ].join('\n'),
    zh: [
      ...shown.map(
        (f) => `  ${nameOf(f.sent, f.at)}：${f.violation.rule} —— ${f.violation.messageZh}`,
      ),
      ...(more > 0 ? [`  …… 另有 ${more} 处`] : []),
      ...rules.map((v) => `  ${v.rule}：见 ${cited(v).zh}`),
    ].join('\n'),
  };
}

/** "Expected this envelope, saw that one", as the differences between the two. */
export function envelopeDiff(
  title: Bilingual,
  differences: Parameters<typeof formatDiff>[0],
): Bilingual {
  return lines(title, formatDiff(differences));
}
