import { writeFileSync } from 'node:fs';
import { type Bilingual, counted, type Lang, tr } from '../../i18n/lang.js';
import { SERVE_STRINGS } from '../../i18n/serve-strings.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import { specText } from '../../machine/index.js';
import {
  CAPABILITY_PATHS,
  CAPABILITY_SINCE,
  CAPABILITY_UNTIL,
  type CapabilityPath,
  capabilityExistsIn,
  isStatelessVersion,
  type JsonObject,
  type KnownVersion,
  LATEST_HANDSHAKE_VERSION,
  LATEST_STATELESS_VERSION,
  resolveVersion,
  visible,
  visibleJson,
} from '../../protocol/index.js';
import { isObject, jsonText } from '../../protocol/json.js';
import type { Step } from '../../session/index.js';
import {
  type ConnectEra,
  type ConnectRun,
  runConnect,
  type ToolCall,
} from '../../transport/child-session.js';
import { sessionTracePath } from '../../transport/trace-path.js';
import { unreadableRecord } from '../../transport/trace-writer.js';
import { lessonHandout, violationText } from '../../ui/handout.js';
import type { OpenedLesson } from '../../ui/opened-lesson.js';
import { screenSteps, withEvents } from '../../ui/screen-step.js';
import { reasonOf } from '../fs-reason.js';
import type { connect } from '../table/peers.js';
import type { OptionValues } from '../table/types.js';
import { UsageError } from '../usage.js';
import { cannotWrite } from '../writable-file.js';

type ConnectArgs = {
  readonly format: 'ui' | 'plain' | 'json';
  /** The Streamable HTTP endpoint (`--url`), or undefined: the server is `command`, over stdio. */
  readonly url: string | undefined;
  readonly command: string;
  readonly args: string[];
  readonly version: string | undefined;
  readonly era: ConnectEra;
  readonly probeTimeoutMs: number | undefined;
  readonly capabilities: JsonObject;
  readonly calls: ToolCall[];
  readonly timeoutMs: number | undefined;
  readonly traceFile: string | undefined;
  readonly lang: string | undefined;
};

/** Its options, and the server command: the words after `--` (src/cli/table/peers.ts). */
export type ConnectValues = OptionValues<typeof connect> & { readonly command: readonly string[] };

const CLIENT_PATHS = CAPABILITY_PATHS.filter((p) => p.startsWith('client.')).map((p) =>
  p.slice('client.'.length),
);

/**
 * The simulated client answers every request with a plain result. Declaring `tasks.*` would let a
 * server send a task-augmented request, which a receiver that accepts MUST answer with a
 * CreateTaskResult (2025-11-25 basic/utilities/tasks), so connect cannot declare them.
 */
const isTasksPath = (path: string) => path === 'tasks' || path.startsWith('tasks.');

/** A --capability as the client's own path: `client.roots` and `roots` name the same one. */
const clientPath = (raw: string) => (raw.startsWith('client.') ? raw.slice('client.'.length) : raw);

/** `roots.listChanged` → `{roots: {listChanged: true}}`, merged into what is declared so far. */
function declare(capabilities: JsonObject, raw: string): void {
  const path = clientPath(raw);
  if (isTasksPath(path) && CLIENT_PATHS.includes(path)) {
    throw new UsageError(USAGE_STRINGS.capabilityTasks, { word: raw });
  }
  if (!CLIENT_PATHS.includes(path)) {
    throw new UsageError(USAGE_STRINGS.capabilityPath, {
      word: raw,
      paths: CLIENT_PATHS.filter((p) => !isTasksPath(p)).join(', '),
    });
  }
  const keys = path.split('.');
  let node = capabilities;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      if (key === 'listChanged' || key === 'subscribe') node[key] = true;
      else if (typeof node[key] !== 'object') node[key] = {};
      return;
    }
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as JsonObject;
  });
}

/**
 * `--capability elicitation` asks for the empty object, which means form mode only (2025-11-25
 * client/elicitation › Capabilities: "an empty capabilities object is equivalent to declaring
 * support for form mode only"). Declared with `elicitation.url`, the object is no longer empty,
 * and form mode was dropped: it is named then, so the client supports both modes, as asked.
 */
function formModeKept(capabilities: JsonObject, paths: readonly string[]): void {
  const elicitation = capabilities.elicitation;
  if (!paths.some((p) => clientPath(p) === 'elicitation') || !isObject(elicitation)) return;
  if (Object.keys(elicitation).length > 0 && elicitation.form === undefined) elicitation.form = {};
}

/**
 * A declared path (or a capability it nests in) that the revision the client offers does not
 * have is refused: the client would declare what its own revision lacks, and the server's answer
 * to it (elicitation/create in 2024-11-05) would be flagged as the server's fault
 * (basic/lifecycle › Operation: both parties MUST respect the negotiated protocol version).
 */
function checkInRevision(raw: string, revision: KnownVersion): void {
  const keys = clientPath(raw).split('.');
  for (let n = 1; n <= keys.length; n++) {
    const full = `client.${keys.slice(0, n).join('.')}` as CapabilityPath;
    if (!CAPABILITY_PATHS.includes(full) || capabilityExistsIn(full, revision)) continue;
    const shown = full.slice('client.'.length);
    const since = CAPABILITY_SINCE[full];
    if (since !== undefined && since > revision) {
      throw new UsageError(USAGE_STRINGS.capabilityNotYet, {
        word: raw,
        path: shown,
        version: revision,
        since,
      });
    }
    throw new UsageError(USAGE_STRINGS.capabilityGone, {
      word: raw,
      path: shown,
      version: revision,
      until: CAPABILITY_UNTIL[full] ?? '',
    });
  }
}

/** An absolute http: or https: URL (what Streamable HTTP is reached at). */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The command line as read against the table (src/cli/table/peers.ts), checked for what it means. */
function parseConnectArgs(values: ConnectValues): ConnectArgs {
  if (values.plain && values.json) throw new UsageError(USAGE_STRINGS.plainJsonExclusive);
  const { version } = values;
  if (version !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
    throw new UsageError(USAGE_STRINGS.versionFormat, { value: version });
  }
  // A modern revision has no initialize: it means the modern era (basic/versioning).
  const modernVersion = version !== undefined && isStatelessVersion(version);
  if (modernVersion && values.era === 'legacy') {
    throw new UsageError(USAGE_STRINGS.versionModernLegacy, { value: version });
  }
  if (version !== undefined && !modernVersion && values.era === 'modern') {
    throw new UsageError(USAGE_STRINGS.eraModernVersion, { value: version });
  }
  // A pinned revision picks its era: a modern one probes with no fallback; a handshake one opens
  // with initialize offering it (unless --era auto asks for the probe first).
  const era: ConnectEra = modernVersion
    ? 'modern'
    : (values.era ?? (version !== undefined ? 'legacy' : 'auto'));
  let probeTimeoutMs: number | undefined;
  if (values['probe-timeout'] !== undefined) {
    probeTimeoutMs = Number(values['probe-timeout']);
    if (!Number.isFinite(probeTimeoutMs) || probeTimeoutMs <= 0) {
      throw new UsageError(USAGE_STRINGS.probeTimeout, { value: values['probe-timeout'] });
    }
  }
  const capabilities: JsonObject = {};
  for (const path of values.capability) declare(capabilities, path);
  formModeKept(capabilities, values.capability);
  // The one revision the client will speak, when the command line fixes it (auto may end in either era).
  const revision: KnownVersion | null =
    version !== undefined
      ? isStatelessVersion(version)
        ? version
        : resolveVersion(version)
      : era === 'legacy'
        ? LATEST_HANDSHAKE_VERSION
        : era === 'modern'
          ? LATEST_STATELESS_VERSION
          : null;
  if (revision !== null) for (const path of values.capability) checkInRevision(path, revision);
  const calls: ToolCall[] = values.call.map(([name, json]) => {
    let args: unknown = {};
    if (json !== undefined) {
      try {
        args = JSON.parse(json);
      } catch {
        // A word that does not even start like a JSON object is most likely the server command,
        // taken as the call's arguments because -- was left out.
        const hint = json.trimStart().startsWith('{') ? '' : USAGE_STRINGS.callServerAfterDashes;
        throw new UsageError(USAGE_STRINGS.callNotJson, { word: name, value: json, hint });
      }
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      throw new UsageError(USAGE_STRINGS.callNotObject, { word: name });
    }
    return { name, arguments: args as JsonObject };
  });
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new UsageError(USAGE_STRINGS.timeoutMs, { value: values.timeout });
    }
  }
  const [program, ...args] = values.command;
  const { url } = values;
  if (url !== undefined && program !== undefined) {
    throw new UsageError(USAGE_STRINGS.connectUrlAndCommand, {
      url,
      command: values.command.join(' '),
    });
  }
  if (url !== undefined && !isHttpUrl(url)) {
    throw new UsageError(USAGE_STRINGS.connectUrlInvalid, { value: JSON.stringify(url) });
  }
  if (!program && url === undefined) {
    throw new UsageError(USAGE_STRINGS.connectNeedsCommand);
  }
  return {
    format: values.json ? 'json' : values.plain ? 'plain' : 'ui',
    url,
    command: program ?? '',
    args,
    version,
    era,
    probeTimeoutMs,
    capabilities,
    calls,
    timeoutMs,
    traceFile: values['trace-file'],
    lang: values.lang,
  };
}

/**
 * The recorded run as wrapped transcript lines, the shape trace and play read. A stdout line that
 * was no message is kept with the reason connect gave and what it held (as serve --trace-file
 * keeps one), so trace reports the pollution as connect reported it.
 */
function wrappedLines(run: Pick<ConnectRun, 'steps'>): string {
  return run.steps
    .flatMap((step, n) => {
      // The messages of a batch it read (2025-03-26) go back on their one line, as one array.
      if (step.kind === 'message' && step.batch !== null) {
        if (step.batch.index > 0) return [];
        const members = run.steps.slice(n, n + step.batch.size).map((s) => s.message);
        return [{ direction: step.direction, message: members }];
      }
      // Over HTTP a request keeps the headers it was POSTed with, and a closed response stream is
      // a line of its own, as serve --http's transcripts keep them.
      if (step.kind === 'message' && step.headers)
        return [{ direction: step.direction, message: step.message, headers: step.headers }];
      if (step.kind === 'message') return [{ direction: step.direction, message: step.message }];
      if (step.kind === 'unreadable') return [unreadableRecord(step)];
      if (step.kind === 'abandon' && step.abandoned)
        return [{ direction: step.direction, abandon: step.abandoned.id }];
      return [];
    })
    .map((line) => `${jsonText(line)}\n`)
    .join('');
}

/**
 * The transcripts of the run: one per session, as serve --http writes them (a second session,
 * after the server ended the first, beside the file: `talk.2.jsonl`). In one file two sessions
 * would read as one that initializes twice.
 */
function writeTraces(file: string, sessions: ReadonlyArray<readonly Step[]>): void {
  sessions.forEach((steps, n) => {
    writeFileSync(sessionTracePath(file, n + 1), wrappedLines({ steps }));
  });
}

/** The transcript so far, when a signal ends connect: nothing more can be said if it fails. */
function keepTrace(file: string, sessions: ReadonlyArray<readonly Step[]>): void {
  try {
    writeTraces(file, sessions);
  } catch {
    // The command is ending on the signal: it was writable at the start, and cannot say more now.
  }
}

/** The line shown while the client waits for the server's first answer. */
function connecting(era: ConnectEra): Bilingual {
  return era === 'legacy'
    ? {
        en: 'connecting to {command}… (opening with initialize)',
        zh: '正在连接 {command}……（以 initialize 开始握手）',
      }
    : {
        en: 'connecting to {command}… (probing with server/discover)',
        zh: '正在连接 {command}……（用 server/discover 探测）',
      };
}

/**
 * A command line cut to fit one line beside the spinner. The line's own "…" follows it, which
 * then also says it was cut (its own "…" made "……").
 */
const clipped = (text: string) => (text.length > 50 ? text.slice(0, 50) : text);

/** What the handout's goal says crossed the pipe: its steps, or that nothing did. */
function crossed(commandLine: string, n: number, url: boolean): Bilingual {
  if (url) {
    const talks = {
      en: `The simulated client talks to a real server at ${commandLine} over Streamable HTTP`,
      zh: `模拟客户端通过 Streamable HTTP 与 ${commandLine} 上的真实服务器通信`,
    };
    if (n === 0) {
      return {
        en: `${talks.en}: no message crossed.`,
        zh: `${talks.zh}：没有任何消息往来。`,
      };
    }
    return {
      en: `${talks.en}: ${n === 1 ? 'one step' : `${n} steps`}, in the order they crossed.`,
      zh: `${talks.zh}：共 ${n} 步，按实际收发顺序排列。`,
    };
  }
  const talks = {
    en: `The simulated client talks to a real server (${commandLine}) over stdio`,
    zh: `模拟客户端通过 stdio 与真实服务器（${commandLine}）通信`,
  };
  if (n === 0) {
    return {
      en: `${talks.en}: nothing crossed the pipe.`,
      zh: `${talks.zh}：管道上没有任何消息。`,
    };
  }
  return {
    en: `${talks.en}: ${n === 1 ? 'one step' : `${n} steps`}, as they crossed the pipe.`,
    zh: `${talks.zh}：共 ${n} 步，按实际收发顺序排列。`,
  };
}

const prefixed = (head: Bilingual, text: Bilingual): Bilingual => ({
  en: `${head.en}${text.en}`,
  zh: `${head.zh}${text.zh}`,
});

/** How many rule violations the referee found, as the recap says it. */
function violationCount(n: number): Bilingual {
  if (n === 0) return { en: 'no rule violations', zh: '没有发现违规' };
  return { en: counted(n, 'rule violation'), zh: `${n} 处违规` };
}

/** Said on the first step of the session the client starts after the server ended the first. */
const NEW_SESSION: Bilingual = {
  en: 'A new session starts here: the server ended the first one (HTTP 404 to its Mcp-Session-Id), so the client starts over with a new initialize sent without a session id, and a referee of its own (2025-11-25/basic/transports › Session Management).',
  zh: '从这里开始一个新会话：服务器结束了第一个会话（对它的 Mcp-Session-Id 回应 HTTP 404），所以客户端重新开始，发送一个不带会话 ID 的新 initialize，由新的裁判评判（2025-11-25/basic/transports › Session Management）。',
};

/** The index in the run's steps where each session begins (the first at 0). */
function sessionStarts(sessions: ReadonlyArray<readonly Step[]>): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const steps of sessions) {
    starts.push(at);
    at += steps.length;
  }
  return starts;
}

/** The run as the lesson screen and the handout show it. */
export function asLesson(run: ConnectRun, commandLine: string, url = false): OpenedLesson {
  // The run's own steps, as its referee judged them while the envelopes crossed the pipe; a line
  // that is no message (or a broken envelope) is a step with trace's words, as `play` shows it.
  const steps = screenSteps(run.steps, { invalid: 'problem' });
  // Over HTTP the server may have ended the first session (a 404): the second starts where the
  // first one's steps end, and its first step says so.
  const second = run.sessions.length > 1 ? (run.sessions[0]?.length ?? 0) : -1;
  const first = steps[second];
  if (first) steps[second] = withEvents(first, [NEW_SESSION]);
  const timeline = { steps };
  // A modern session (2026-07-28) negotiates nothing: its recap names the revision it followed.
  const last = timeline.steps.at(-1);
  const modern = last?.era === 'modern' ? last : null;
  const violations = violationCount(
    timeline.steps.reduce((n, s) => n + (s.report?.violations.length ?? 0), 0),
  );
  const server = run.serverInfo
    ? `${String(run.serverInfo.name)} ${String(run.serverInfo.version ?? '')}`.trim()
    : commandLine;
  // Each problem is also a stderr line after `mcp-sim connect: `; in the recap it starts a sentence
  // (Chinese sentences follow each other without a space).
  // A problem is a clause ("could not start …: spawn … ENOENT"): it gets its full stop here.
  const sentence = (p: string) => {
    const text = p.charAt(0).toUpperCase() + p.slice(1);
    return /[.!?]$/.test(text) ? text : `${text}.`;
  };
  const sentenceZh = (p: string) => (/[。！？.!?]$/.test(p) ? p : `${p}。`);
  const fell = run.fallback
    ? { en: `${sentence(run.fallback.en)} `, zh: run.fallback.zh }
    : { en: '', zh: '' };
  // What the modern session did beyond lists and calls, then what went wrong.
  const trouble = {
    en: run.notes.map((p) => ` ${sentence(p.en)}`).join(''),
    zh: run.notes.map((p) => p.zh).join(''),
  };
  // What went wrong leads: on a 24-row screen the recap's first lines are the ones in view.
  const wrong = {
    en: run.problems.map((p) => `${sentence(p.en)} `).join(''),
    zh: run.problems.map((p) => sentenceZh(p.zh)).join(''),
  };
  return {
    id: 'connect',
    title: { en: `A real session with ${server}`, zh: `与 ${server} 的真实会话` },
    goal: crossed(commandLine, timeline.steps.length, url),
    recap: prefixed(
      wrong,
      run.era === null
        ? {
            en: `No session: the client never found an era to speak in; ${violations.en}.${trouble.en}`,
            zh: `没有建立会话：客户端没能确定使用哪个时代；${violations.zh}。${trouble.zh}`,
          }
        : modern
          ? {
              en: `Modern era, revision ${modern.revision}, no handshake: each request declared it; ${violations.en}.${trouble.en}`,
              zh: `新时代，版本 ${modern.revision}，没有握手：每个请求各自声明；${violations.zh}。${trouble.zh}`,
            }
          : {
              en: `${fell.en}Legacy era (the handshake). Negotiated version: ${run.negotiatedVersion ?? 'none'}; ${violations.en}.${trouble.en}`,
              zh: `${fell.zh}旧时代（握手）。协商版本：${run.negotiatedVersion ?? '无'}；${violations.zh}。${trouble.zh}`,
            },
    ),
    steps: timeline.steps,
  };
}

/** `mcp-sim connect`: the simulated client against a real server started as a child process. */
export async function connectCommand(
  values: ConnectValues,
  env: { lang: (value: string | undefined) => Promise<Lang>; requireTty: () => void },
): Promise<number> {
  const args = parseConnectArgs(values);
  const lang = await env.lang(args.lang);
  // Checked before the server starts: a path found unwritable only at the end would cost the
  // whole session (and its output) for a typo. And before the terminal: the arguments come first.
  if (args.traceFile) {
    const reason = cannotWrite(args.traceFile);
    if (reason) {
      throw new UsageError(USAGE_STRINGS.traceFileUnwritable, { file: args.traceFile, reason });
    }
  }
  if (args.format === 'ui') env.requireTty();
  const traceFile = args.traceFile;
  const commandLine = args.url ?? [args.command, ...args.args].join(' ');
  // The screen: a line that says what it waits for (the probe alone may take --probe-timeout).
  const stopBusy =
    args.format === 'ui'
      ? await (await import('../../ui/run.js')).showBusy(
          visible(tr(connecting(args.era), lang, { command: clipped(commandLine) })),
        )
      : null;
  const run = await runConnect({
    ...(args.url ? { url: args.url } : {}),
    command: args.command,
    args: args.args,
    capabilities: args.capabilities,
    calls: args.calls,
    era: args.era,
    ...(args.version ? { version: args.version } : {}),
    ...(args.probeTimeoutMs ? { probeTimeoutMs: args.probeTimeoutMs } : {}),
    ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
    // Ctrl+C (or SIGTERM, SIGHUP) before the end: the busy line goes at once; what crossed until
    // the server was shut down is kept, the command ending.
    ...(stopBusy ? { onInterrupt: stopBusy } : {}),
    ...(traceFile
      ? { onSignal: (sessions: ReadonlyArray<readonly Step[]>) => keepTrace(traceFile, sessions) }
      : {}),
  });
  stopBusy?.();
  const tell = () => {
    for (const problem of run.problems)
      process.stderr.write(`mcp-sim connect: ${visible(tr(problem, lang))}\n`);
  };
  // On the screen they are told after it closes, where they stay in view (before it they would
  // scroll away under it).
  if (args.format !== 'ui') tell();
  let traceFailed = false;
  if (args.traceFile) {
    // It was writable at the start; if it no longer is, the session's result is still shown.
    try {
      writeTraces(args.traceFile, run.sessions);
    } catch (error) {
      traceFailed = true;
      const line = tr(SERVE_STRINGS.traceWriteFailed, lang, { error: reasonOf(error) });
      process.stderr.write(`mcp-sim connect: ${visible(line)}\n`);
    }
  }
  const lesson = asLesson(run, commandLine, args.url !== undefined);
  const code = run.problems.length > 0 || traceFailed ? 1 : 0;
  if (args.format === 'json') {
    // Which session each step belongs to, counted from 1: over HTTP, after a 404 to the session's
    // id the client starts a new one (2025-11-25 basic/transports › Session Management), and its
    // steps follow the first session's in `steps`. The number is the one --trace-file gives that
    // session's transcript (2 → `talk.2.jsonl`).
    const firstOf = sessionStarts(run.sessions);
    const steps = lesson.steps.map((step, i) => ({
      session: firstOf.filter((start) => start <= i).length,
      direction: step.direction,
      message: step.message,
      // A line that is no message: trace's words for it, by the line --trace-file gives it.
      ...(step.problem ? { line: step.line, problem: tr(step.problem, lang) } : {}),
      // Over HTTP, a response stream the client closed (no message): the request it belonged to.
      ...(step.abandoned ? { abandon: step.abandoned.id } : {}),
      era: step.report?.era ?? null,
      note: tr(step.note, lang),
      violations: (step.report?.violations ?? []).map((v) => ({
        rule: v.rule,
        severity: v.severity,
        message: violationText(v, lang),
        spec: specText(v, lang),
      })),
    }));
    const out = {
      id: lesson.id,
      title: tr(lesson.title, lang),
      // The server: the command started (stdio), or the URL reached (Streamable HTTP).
      ...(args.url ? { url: args.url } : { command: [args.command, ...args.args] }),
      negotiatedVersion: run.negotiatedVersion,
      // The era the session ended in as trace says it (`dual` after a fallback): the session log's,
      // also when the client found no session (its probe was a modern message); null only when
      // nothing crossed the pipe.
      era: lesson.steps.at(-1)?.era ?? run.era,
      revision: run.revision,
      fallback: run.fallback ? tr(run.fallback, lang) : null,
      steps,
      problems: run.problems.map((p) => tr(p, lang)),
      notes: run.notes.map((p) => tr(p, lang)),
    };
    // The server's strings go out as JSON: what JSON.stringify leaves raw (DEL, C1, bidi) escaped.
    // An id past 2^53 − 1 (a bigint) as its digits, a JSON number, as trace --json writes it.
    process.stdout.write(`${visibleJson(jsonText(out, 2))}\n`);
    return code;
  }
  if (args.format === 'plain') {
    const frame = { title: lesson.title, goal: lesson.goal, recap: lesson.recap, spec: [] };
    process.stdout.write(lessonHandout({ scenario: frame }, { steps: lesson.steps }, lang));
    return code;
  }
  if (lesson.steps.length === 0) {
    tell();
    return code;
  }
  const { runPlay } = await import('../../ui/run.js');
  // A run that went wrong opens at its last step, where the recap explains it.
  const startAt = run.problems.length > 0 ? lesson.steps.length - 1 : 0;
  await runPlay({ lesson, lang, mode: 'recording', startAt });
  tell();
  return code;
}
