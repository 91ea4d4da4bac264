import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptScreen } from '../../src/cli/commands/play.js';
import { openSession } from '../../src/grader/session.js';
import {
  readTranscript,
  SessionLog,
  type Step,
  splitLines,
  stepProblem,
} from '../../src/session/index.js';
import { prepareTools } from '../../src/sim/tools/index.js';
import { createTracer } from '../../src/trace/index.js';
import { runConnect } from '../../src/transport/child-session.js';
import { serveConfig } from '../../src/transport/serve-config.js';
import { serveStdio } from '../../src/transport/stdio-server.js';
import { TraceWriter } from '../../src/transport/trace-writer.js';
import { CLI, ROOT } from '../helpers/cli.js';
import { initializeLine } from '../helpers/envelopes.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'real', 'everything-basics.jsonl');
const dir = mkdtempSync(join(tmpdir(), 'mcp-sim-seam-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => prepareTools());

/**
 * What a step says about the session, whatever carried it: where it came from (a transcript's line,
 * the wire's clock, a lesson's notes) and its place in a log that also holds closes are left out.
 */
function said(step: Step) {
  const { verdict } = step;
  return {
    kind: step.kind,
    direction: step.direction,
    message: step.message,
    verdict: verdict && { ...verdict, index: undefined },
    phases: step.phases,
    session: step.session,
    tools: step.tools,
  };
}

const messagesOf = (steps: readonly Step[]) => steps.filter((s) => s.kind === 'message').map(said);

/** A transcript file read back through the transcript source into a log of its own. */
function reread(file: string): Step[] {
  const log = new SessionLog();
  return [...readTranscript(splitLines(readFileSync(file, 'utf8')), log)];
}

describe('one recorded session through every path gives the same steps', () => {
  it('trace and play read a transcript into the same steps, and label exactly those', () => {
    const text = readFileSync(FIXTURE, 'utf8');
    const steps = [...readTranscript(splitLines(text), new SessionLog())];
    expect(steps.length).toBeGreaterThan(10);
    const tracer = createTracer();
    const labels = splitLines(text).flatMap((raw) => tracer.push(raw));
    const fromSteps = steps.filter((s) => stepProblem(s) === null);
    expect(labels.map((e) => (e.type === 'message' ? e.report : null))).toEqual(
      fromSteps.map((s) => s.verdict),
    );
    const played = transcriptScreen(splitLines(text));
    expect(played.timeline.steps.map((s) => s.report)).toEqual(fromSteps.map((s) => s.verdict));
    expect(played.timeline.steps.map((s) => s.phases)).toEqual(fromSteps.map((s) => s.phases));
  });

  /** serve over stdio with its steps kept and written to a --trace-file, as `serve` writes it. */
  const servedWithTrace = (name: string, maxLineBytes?: number) => {
    const config = serveConfig({});
    if ('problem' in config) throw new Error(config.problem.en);
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const file = join(dir, name);
    const writer = new TraceWriter(file);
    const live: Step[] = [];
    const session = serveStdio({
      config,
      input,
      output,
      log: () => {},
      ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
      onStep: (step) => {
        live.push(step);
        writer.writeStep(step);
      },
    });
    return { input, file, live, session, writer };
  };

  it('serve over stdio: its live steps equal its --trace-file read back', async () => {
    const { input, file, live, session, writer } = servedWithTrace('serve.jsonl');
    // The client's half of a real session (server-everything's answers left out: mcp-sim answers).
    for (const raw of splitLines(readFileSync(FIXTURE, 'utf8'))) {
      if (!('text' in raw)) continue;
      const line = JSON.parse(raw.text) as { direction: string; message: unknown };
      if (line.direction === 'client->server') input.write(`${JSON.stringify(line.message)}\n`);
    }
    // One the server cannot read, and one it must answer as a broken request (-32600, same id).
    input.write('this is not JSON\n');
    input.write('{"jsonrpc":"1.0","id":991,"method":"tools/list"}\n');
    input.end();
    await session.done;
    await writer.close();
    expect(live.filter((s) => s.kind === 'message').length).toBeGreaterThan(10);
    expect(messagesOf(reread(file))).toEqual(messagesOf(live));
  });

  it('serve over stdio: each line it could not read is read back from --trace-file with the reason it gave live', async () => {
    const { input, file, live, session, writer } = servedWithTrace('unreadable.jsonl', 4096);
    input.write(`${initializeLine('2025-11-25')}\n`);
    input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    input.write('this is not JSON\n');
    input.write(Buffer.from([0x7b, 0xff, 0x7d, 0x0a])); // {\xff}: not UTF-8, though "{}" would parse
    input.write(`${'x'.repeat(5000)}\n`); // over the limit: no text kept at all
    input.write(
      `{"jsonrpc":"2.0","id":9,"method":"ping","params":${'['.repeat(1000)}${']'.repeat(1000)}}\n`,
    );
    input.write('{"jsonrpc":"2.0","id":10,"method":"ping"}\n');
    input.end();
    await session.done;
    await writer.close();
    const problems = (steps: readonly Step[]) =>
      steps.filter((s) => s.kind === 'unreadable').map((s) => [s.problem, s.problemZh]);
    const said = problems(live);
    expect(said).toHaveLength(4);
    expect(said.map(([en]) => en)).toEqual([
      expect.stringMatching(/^not valid JSON/),
      expect.stringMatching(/^not valid UTF-8/),
      expect.stringMatching(/^a line of 5000 bytes, over the limit/),
      expect.stringMatching(/^nested deeper than 1000 levels/),
    ]);
    expect(problems(reread(file))).toEqual(said);
    expect(messagesOf(reread(file))).toEqual(messagesOf(live));
  });

  it('serve over stdio: JSON that is no object (42, "str", null) is judged invalid-envelope live and read back', async () => {
    const { input, file, live, session, writer } = servedWithTrace('not-objects.jsonl');
    input.write(`${initializeLine('2025-11-25')}\n`);
    for (const line of ['42', '"str"', 'null', 'true']) input.write(`${line}\n`);
    input.end();
    await session.done;
    await writer.close();
    const rules = (steps: readonly Step[]) =>
      steps.flatMap((s) => s.verdict?.violations.map((v) => v.rule) ?? []);
    expect(rules(live)).toEqual(Array(4).fill('invalid-envelope'));
    const back = reread(file);
    expect(rules(back)).toEqual(rules(live));
    expect(messagesOf(back)).toEqual(messagesOf(live));
  });

  it('connect: its steps equal its own transcript read back, and the served side’s', async () => {
    const served = join(dir, 'served.jsonl');
    const run = await runConnect({
      command: process.execPath,
      args: [CLI, 'serve', '--trace-file', served],
      calls: [{ name: 'add', arguments: { a: 2, b: 3 } }],
    });
    expect(run.problems).toEqual([]);
    expect(run.steps.length).toBeGreaterThan(5);
    const own = join(dir, 'connect.jsonl');
    const writer = new TraceWriter(own);
    for (const step of run.steps) writer.writeStep(step);
    await writer.close();
    expect(messagesOf(reread(own))).toEqual(messagesOf(run.steps));
    // The same session as the server saw it, recorded by the other end of the pipe.
    expect(messagesOf(reread(served))).toEqual(messagesOf(run.steps));
  }, 30_000);

  it('a grader session: its steps equal its envelopes read back as a transcript', () => {
    const session = openSession({ serverCapabilities: { tools: {} } });
    session.fromClient({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    session.answer(9, { ok: true, value: { tools: [] } });
    const text = session.log
      .map((s) => `${JSON.stringify({ direction: s.direction, message: s.message })}\n`)
      .join('');
    const log = new SessionLog();
    expect(messagesOf(readTranscript(splitLines(text), log))).toEqual(messagesOf(session.log));
  });
});

describe('serve’s transcript, traced, agrees with serve’s own referee', () => {
  it('an invalid request answered with its id is not a response without a request', () => {
    // Written by `serve --trace-file`: a broken request (jsonrpc 1.0) and serve's -32600 answer.
    const text = [
      { direction: 'client->server', message: { jsonrpc: '1.0', id: 1, method: 'ping' } },
      {
        direction: 'server->client',
        message: { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid Request' } },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const tracer = createTracer();
    const events = splitLines(text).flatMap((raw) => tracer.push(raw));
    expect(events.map((e) => e.type)).toEqual(['problem', 'message']);
    const answer = events[1];
    expect(answer?.type === 'message' ? answer.label.violations : null).toEqual([]);
    // It was never a request: a proper one may use its id afterwards (no duplicate-request-id; the
    // ping before any initialize is early, which is another matter).
    const again = tracer.push({ line: 3, text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(again.map((e) => (e.type === 'message' ? e.label.violations : e.type))).toEqual([
      ['initialize-not-first'],
    ]);
  });

  it('so is one whose method is missing or not a string, answered as serve answers it', () => {
    // serve answers both with -32600 and the id (JSON-RPC 2.0 § 5.1); a broken response (a
    // result with something wrong) asks for no answer, so an error naming its id is stray.
    const answered = (broken: object) => {
      const text = [
        { direction: 'client->server', message: broken },
        {
          direction: 'server->client',
          message: { jsonrpc: '2.0', id: 5, error: { code: -32600, message: 'Invalid Request' } },
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n');
      const tracer = createTracer();
      const events = splitLines(text).flatMap((raw) => tracer.push(raw));
      const answer = events[1];
      return answer?.type === 'message' ? answer.label.violations : null;
    };
    expect(answered({ jsonrpc: '2.0', id: 5 })).toEqual([]);
    expect(answered({ jsonrpc: '2.0', id: 5, method: 7 })).toEqual([]);
    expect(answered({ jsonrpc: '2.0', id: 5, result: 'not an object' })).toEqual([
      'response-without-request',
    ]);
  });
});
