import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/scenario/engine.js';
import { conformingHeaders, headerRefusal } from '../../src/sim/scenario/http-headers.js';
import { lessonHandout } from '../../src/ui/handout.js';
import { screenStep } from '../../src/ui/screen-step.js';
import { lessonOf } from '../helpers/lesson-scenario.js';

const META = 'io.modelcontextprotocol/protocolVersion';
const call = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'weather_current', arguments: {}, _meta: { [META]: '2026-07-28' } },
};

describe('a lesson request’s HTTP headers (2026-07-28 streamable-http › Server Validation)', () => {
  it('a conforming client mirrors version, method and name', () => {
    expect(conformingHeaders(call)).toEqual({
      'mcp-method': 'tools/call',
      'mcp-protocol-version': '2026-07-28',
      'mcp-name': 'weather_current',
    });
    expect(headerRefusal(call, {})).toBeNull();
  });

  it('a header that differs or is missing gets -32020 with the id, as serve --http writes it', () => {
    expect(headerRefusal(call, { 'Mcp-Name': 'db_query' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32020,
        message:
          "Header mismatch: Mcp-Name header value 'db_query' does not match body value 'weather_current'",
      },
    });
    expect(headerRefusal(call, { 'MCP-Protocol-Version': null })).toMatchObject({
      error: {
        code: -32020,
        message: 'Header mismatch: the MCP-Protocol-Version header is required',
      },
    });
  });

  it('in a lesson, the refused request never reaches the server', async () => {
    const scenario = lessonOf(
      '2026-07-28',
      { era: 'modern', versions: ['2026-07-28'] },
      { era: 'modern', versions: ['2026-07-28'], capabilities: { tools: {} } },
      [
        {
          client: {
            request: 'tools/call',
            params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
            headers: { 'Mcp-Name': 'db_query' },
          },
        },
        { server: 'next' },
        { server: 'next' },
      ],
    );
    const played = await runScenario(scenario);
    // Only the -32020 is there to send: the tool never ran.
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error).toMatchObject({ step: 2 });
  });
});

describe('a lesson request’s headers reach the referee through the session log', () => {
  const note = { en: 'n', zh: '注' };
  const play = (headers: Record<string, string | null>) =>
    runScenario(
      lessonOf(
        '2026-07-28',
        { era: 'modern', versions: ['2026-07-28'] },
        { era: 'modern', versions: ['2026-07-28'], capabilities: { tools: {} } },
        [
          {
            client: {
              request: 'tools/call',
              params: { name: 'weather_current', arguments: { location: 'Lisbon' } },
              headers,
            },
          },
          { server: 'next' },
        ],
      ),
    );

  it('a mismatched Mcp-Name is a header-mismatch error on the request, and the -32020 is legal', async () => {
    const played = await play({ 'Mcp-Name': 'db_query' });
    if (!played.ok) throw new Error(played.error.message);
    const [request, refusal] = played.value.steps;
    expect(request?.headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'db_query',
    });
    expect(request?.notes?.fault).toBe('mismatched-headers');
    const found = request?.verdict?.violations ?? [];
    expect(found.map((v) => [v.rule, v.severity])).toEqual([['header-mismatch', 'error']]);
    expect(found[0]?.message).toContain("the Mcp-Name header says 'db_query'");
    expect(found[0]?.messageZh).toContain('Mcp-Name 请求头');
    expect(found[0]?.spec).toContain(
      '2026-07-28/basic/transports/streamable-http › Server Validation',
    );
    expect(refusal?.verdict?.violations).toEqual([]);
  });

  it('the handout shows the POST the envelope travelled in', async () => {
    const played = await play({ 'Mcp-Name': 'db_query' });
    if (!played.ok) throw new Error(played.error.message);
    const frame = { title: note, goal: note, recap: note, spec: [] };
    const steps = played.value.steps.map((step) => screenStep(step));
    const text = lessonHandout({ scenario: frame }, { steps }, 'en');
    expect(text).toContain(
      '```http\nPOST /mcp\nMCP-Protocol-Version: 2026-07-28\nMcp-Method: tools/call\nMcp-Name: db_query\n```',
    );
  });

  it('a missing MCP-Protocol-Version is one too', async () => {
    const played = await play({ 'MCP-Protocol-Version': null });
    if (!played.ok) throw new Error(played.error.message);
    const found = played.value.steps[0]?.verdict?.violations ?? [];
    expect(found.map((v) => v.message)).toEqual([
      expect.stringContaining('the MCP-Protocol-Version header is missing'),
    ]);
  });

  it('headers that mirror the body are allowed, and the step keeps them', async () => {
    const played = await play({});
    if (!played.ok) throw new Error(played.error.message);
    const [request, answer] = played.value.steps;
    expect(request?.headers?.['mcp-name']).toBe('weather_current');
    expect(request?.notes?.fault).toBeNull();
    expect(request?.verdict?.violations).toEqual([]);
    expect(answer?.verdict?.kind).toBe('response');
  });
});

describe('a lesson’s tasks/get over HTTP (tasks extension e434597 › Streamable HTTP: Routing Headers)', () => {
  const poll = { taskId: 'build-7' };
  const play = (headers: Record<string, string | null>) =>
    runScenario(
      lessonOf(
        '2026-07-28',
        {
          era: 'modern',
          versions: ['2026-07-28'],
          capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        },
        { era: 'modern', versions: ['2026-07-28'], capabilities: { tools: {} } },
        [{ client: { request: 'tasks/get', params: poll, headers } }, { server: 'next' }],
      ),
    );
  const modern = {
    jsonrpc: '2.0',
    id: 2,
    method: 'tasks/get',
    params: { ...poll, _meta: { [META]: '2026-07-28' } },
  };

  it('a conforming client names the task in Mcp-Name; a server is not asked to refuse another', () => {
    expect(conformingHeaders(modern)['mcp-name']).toBe('build-7');
    expect(headerRefusal(modern, { 'Mcp-Name': 'build-8' })).toBeNull();
  });

  it('another Mcp-Name is task-name-header on the request, which the server answers as it would', async () => {
    const played = await play({ 'Mcp-Name': 'build-8' });
    if (!played.ok) throw new Error(played.error.message);
    const [request, answer] = played.value.steps;
    expect(request?.verdict?.violations.map((v) => v.rule)).toEqual(['task-name-header']);
    expect(answer?.verdict?.kind).toBe('error');
    const conforming = await play({});
    if (!conforming.ok) throw new Error(conforming.error.message);
    expect(conforming.value.steps[0]?.headers?.['mcp-name']).toBe('build-7');
    expect(conforming.value.steps[0]?.verdict?.violations).toEqual([]);
  });
});

describe('server/discover and subscriptions/listen steps may name headers too', () => {
  const play = (first: Record<string, unknown>) =>
    runScenario(
      lessonOf(
        '2026-07-28',
        { era: 'modern', versions: ['2026-07-28'] },
        {
          era: 'modern',
          versions: ['2026-07-28'],
          capabilities: { tools: { listChanged: true } },
        },
        [{ client: first }, { server: 'next' }],
      ),
    );

  it.each([
    [{ discover: {} }, 'server/discover'],
    [{ listen: { toolsListChanged: true } }, 'subscriptions/listen'],
  ])('%o with the conforming headers: the POST is kept, nothing broken', async (action, method) => {
    const played = await play({ ...action, headers: {} });
    if (!played.ok) throw new Error(played.error.message);
    const [request] = played.value.steps;
    expect(request?.headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    });
    expect(request?.verdict?.violations).toEqual([]);
  });

  it('a discover POSTed with another Mcp-Method is refused: header-mismatch', async () => {
    const played = await play({ discover: {}, headers: { 'Mcp-Method': 'tools/list' } });
    if (!played.ok) throw new Error(played.error.message);
    const [request, refusal] = played.value.steps;
    expect(request?.notes?.fault).toBe('mismatched-headers');
    expect(request?.verdict?.violations.map((v) => v.rule)).toEqual(['header-mismatch']);
    expect(refusal?.message).toMatchObject({ error: { code: -32020 } });
  });
});

describe('a handshake-era lesson request over HTTP (2025-11-25 basic/transports › Protocol Version Header)', () => {
  const play = (headers: Record<string, string | null>, version = '2025-11-25') =>
    runScenario(
      lessonOf(
        '2025-11-25',
        { versions: [version] },
        { versions: [version], capabilities: { tools: {} } },
        [
          { client: 'initialize' },
          { server: 'next' },
          { client: 'initialized' },
          { client: { request: 'tools/list', headers } },
          { server: 'next' },
        ],
      ),
    );

  it('the conforming headers are MCP-Protocol-Version with the negotiated version, and nothing of 2026-07-28', async () => {
    const played = await play({});
    if (!played.ok) throw new Error(played.error.message);
    const [request, answer] = played.value.steps.slice(3);
    expect(request?.headers).toEqual({ 'mcp-protocol-version': '2025-11-25' });
    expect(request?.notes?.fault).toBeNull();
    expect(request?.verdict?.violations).toEqual([]);
    expect(answer?.message).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
  });

  it('before 2025-06-18 there is no such header: a 2025-03-26 session sends none', async () => {
    const played = await play({}, '2025-03-26');
    if (!played.ok) throw new Error(played.error.message);
    const request = played.value.steps[3];
    expect(request?.headers).toEqual({});
    expect(request?.verdict?.violations).toEqual([]);
  });

  it('without the header: protocol-version-header, and the server serves it as serve --http does', async () => {
    const played = await play({ 'MCP-Protocol-Version': null });
    if (!played.ok) throw new Error(played.error.message);
    const [request, answer] = played.value.steps.slice(3);
    expect(request?.headers).toEqual({});
    expect(request?.notes?.fault).toBe('protocol-version-header');
    expect(request?.verdict?.violations.map((v) => v.rule)).toEqual(['protocol-version-header']);
    expect(answer?.message).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    expect(answer?.verdict?.violations).toEqual([]);
  });

  it('an unsupported version is refused 400 with -32600 and the reason serve --http gives', async () => {
    const played = await play({ 'MCP-Protocol-Version': '2099-01-01' });
    if (!played.ok) throw new Error(played.error.message);
    const [request, refusal] = played.value.steps.slice(3);
    expect(request?.notes?.fault).toBe('protocol-version-header');
    expect(request?.verdict?.violations.map((v) => v.rule)).toEqual(['protocol-version-header']);
    expect(refusal?.message).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32600,
        message: 'Bad Request: Unsupported protocol version: 2099-01-01 (supported: 2025-11-25)',
      },
    });
  });
});
