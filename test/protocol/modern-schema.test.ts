// Cases are the spec's own JSON examples (docs/specification/2026-07-28/…, cited per case) and the
// recorded transcripts summarised in the stateless-era notes; each invalid case is one the
// schema must flag.
import { describe, expect, it } from 'vitest';
import {
  compiledModernDefs,
  inputRequestIssues,
  inputRequiredMethods,
  inputResponseIssues,
  type ModernSchemaIssue,
  modernErrorDataIssues,
  modernMessageIssues,
  modernResultIssues,
} from '../../src/protocol/modern-schema.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'ExampleClient', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const at = (issues: readonly ModernSchemaIssue[]) => issues.map((i) => `${i.keyword} ${i.pointer}`);

// server/discover.mdx §Request and §Response.
const discover = {
  jsonrpc: '2.0',
  id: 'discover-1',
  method: 'server/discover',
  params: { _meta: ENVELOPE },
};
const discovered = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {}, resources: {} },
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'ExampleServer', version: '1.0.0' } },
  instructions: 'This server provides weather and resource utilities.',
  ttlMs: 3600000,
  cacheScope: 'public',
};
// server/tools.mdx §Calling Tools (its examples leave out _meta "for brevity"; added here).
const call = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'get_weather', arguments: { location: 'New York' }, _meta: ENVELOPE },
};
// server/tools.mdx §Listing Tools, the response.
const listed = {
  resultType: 'complete',
  tools: [
    {
      name: 'get_weather',
      title: 'Weather Information Provider',
      description: 'Get current weather information for a location',
      inputSchema: {
        type: 'object',
        properties: { location: { type: 'string', description: 'City name or zip code' } },
        required: ['location'],
      },
      icons: [
        { src: 'https://example.com/weather-icon.png', mimeType: 'image/png', sizes: ['48x48'] },
      ],
    },
  ],
  nextCursor: 'next-page-cursor',
  ttlMs: 300000,
  cacheScope: 'public',
};
// basic/patterns/mrtr.mdx §InputRequests.
const github = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Please provide your GitHub username',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    },
  },
};
const capital = {
  method: 'sampling/createMessage',
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
    systemPrompt: 'You are a helpful assistant.',
    maxTokens: 100,
  },
};

describe('compiling', () => {
  it('compiles nothing at import, then one $def per message type on first use', () => {
    expect(compiledModernDefs()).toEqual([]);
    modernMessageIssues('tools/call', 'request', call);
    modernMessageIssues('tools/call', 'request', call);
    expect(compiledModernDefs()).toEqual(['CallToolRequest']);
  });
});

describe('modernMessageIssues', () => {
  it('accepts the spec examples', () => {
    expect(modernMessageIssues('server/discover', 'request', discover)).toEqual([]);
    expect(modernMessageIssues('tools/call', 'request', call)).toEqual([]);
    // basic/patterns/subscriptions.mdx §Opening a subscription, and its acknowledgement.
    const listen = {
      jsonrpc: '2.0',
      id: 1,
      method: 'subscriptions/listen',
      params: {
        _meta: ENVELOPE,
        notifications: {
          toolsListChanged: true,
          resourceSubscriptions: ['file:///project/config.json'],
        },
      },
    };
    expect(modernMessageIssues('subscriptions/listen', 'request', listen)).toEqual([]);
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { 'io.modelcontextprotocol/subscriptionId': 1 },
        notifications: {
          toolsListChanged: true,
          resourceSubscriptions: ['file:///project/config.json'],
        },
      },
    };
    expect(modernMessageIssues(ack.method, 'notification', ack)).toEqual([]);
  });

  it('flags the legacy call without the envelope (tools.mdx as printed)', () => {
    const { _meta, ...legacyParams } = call.params;
    const issues = modernMessageIssues('tools/call', 'request', { ...call, params: legacyParams });
    expect(at(issues)).toEqual(['required /params/_meta']);
    expect(issues[0]?.messageZh).toContain('_meta');
  });

  it('names each missing envelope key with an escaped pointer, in a stable order', () => {
    const bare = { ...discover, params: { _meta: {} } };
    expect(at(modernMessageIssues('server/discover', 'request', bare))).toEqual([
      'required /params/_meta/io.modelcontextprotocol~1clientCapabilities',
      'required /params/_meta/io.modelcontextprotocol~1protocolVersion',
    ]);
  });

  it('reports every issue, not the first', () => {
    const bad = {
      jsonrpc: '1.0',
      id: null,
      method: 'tools/call',
      params: { name: 7, _meta: ENVELOPE },
    };
    expect(at(modernMessageIssues('tools/call', 'request', bad))).toEqual([
      'type /id',
      'const /jsonrpc',
      'type /params/name',
    ]);
  });

  it('knows nothing of methods 2026-07-28 removed', () => {
    expect(modernMessageIssues('initialize', 'request', {})).toEqual([]);
    expect(modernMessageIssues('ping', 'request', {})).toEqual([]);
  });
});

describe('modernResultIssues', () => {
  it('accepts the spec results', () => {
    expect(modernResultIssues('server/discover', discovered)).toEqual([]);
    expect(modernResultIssues('tools/list', listed)).toEqual([]);
    // basic/patterns/subscriptions.mdx §Graceful Closure.
    const closed = {
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 1 },
    };
    expect(modernResultIssues('subscriptions/listen', closed)).toEqual([]);
    // basic/patterns/mrtr.mdx §InputRequiredResult.
    const pending = {
      resultType: 'input_required',
      inputRequests: { github_login: github, capital_of_france: capital },
      requestState: 'AEAD-protected blob',
    };
    expect(modernResultIssues('tools/call', pending)).toEqual([]);
  });

  it('flags a legacy tools/list result: no resultType, ttlMs or cacheScope', () => {
    expect(at(modernResultIssues('tools/list', { tools: listed.tools }))).toEqual([
      'required /result/cacheScope',
      'required /result/resultType',
      'required /result/ttlMs',
    ]);
  });

  it('picks the alternative by resultType instead of reporting both', () => {
    expect(at(modernResultIssues('tools/call', { resultType: 'complete' }))).toEqual([
      'required /result/content',
    ]);
    const pending = {
      resultType: 'input_required',
      inputRequests: { x: { method: 'tools/call' } },
    };
    const issues = modernResultIssues('tools/call', pending);
    expect(at(issues)).toEqual(['anyOf /result/inputRequests/x']);
    expect(issues[0]?.message).toContain('ElicitRequest (method "elicitation/create")');
  });

  it('reduces a failed content union to the branch the block meant', () => {
    const result = {
      resultType: 'complete',
      content: [{ type: 'text', text: 42 }, { type: 'txt' }],
    };
    expect(at(modernResultIssues('tools/call', result))).toEqual([
      'type /result/content/0/text',
      'anyOf /result/content/1',
    ]);
  });

  it('checks discover and listen results (stateless-era transcript, edge cases)', () => {
    const { ttlMs, ...noTtl } = discovered;
    expect(at(modernResultIssues('server/discover', { ...noTtl, ttlMs: -1 }))).toEqual([
      'minimum /result/ttlMs',
    ]);
    expect(at(modernResultIssues('subscriptions/listen', { resultType: 'complete' }))).toEqual([
      'required /result/_meta',
    ]);
  });

  it('lists the methods that may answer input_required, from the schema', () => {
    expect(inputRequiredMethods().sort()).toEqual(['prompts/get', 'resources/read', 'tools/call']);
  });
});

describe('inputRequestIssues and inputResponseIssues', () => {
  it('accepts the mrtr.mdx entries', () => {
    expect(inputRequestIssues('github_login', github)).toEqual([]);
    expect(inputRequestIssues('capital_of_france', capital)).toEqual([]);
    expect(inputRequestIssues('roots', { method: 'roots/list' })).toEqual([]);
    // mrtr.mdx §InputResponses.
    const answer = {
      role: 'assistant',
      content: { type: 'text', text: 'The capital of France is Paris.' },
      model: 'claude-3-sonnet-20240307',
      stopReason: 'endTurn',
    };
    expect(inputResponseIssues('capital_of_france', answer)).toEqual([]);
    expect(
      inputResponseIssues('github_login', { action: 'accept', content: { name: 'octocat' } }),
    ).toEqual([]);
  });

  it('flags entries against the branch their method names', () => {
    const { maxTokens, ...noMax } = capital.params;
    const issues = inputRequestIssues('capital_of_france', { ...capital, params: noMax });
    expect(at(issues)).toEqual([
      'required /result/inputRequests/capital_of_france/params/maxTokens',
    ]);
    expect(at(inputRequestIssues('a/b', { method: 'ping' }, ''))).toEqual(['anyOf /a~1b']);
  });

  it('flags a response by its request’s method, or by the shape it resembles', () => {
    expect(at(inputResponseIssues('k', { action: 'maybe' }))).toEqual([
      'enum /params/inputResponses/k/action',
    ]);
    expect(at(inputResponseIssues('k', { action: 'accept' }, 'roots/list'))).toEqual([
      'required /params/inputResponses/k/roots',
    ]);
  });
});

describe('modernErrorDataIssues', () => {
  it('checks the data of -32022 and -32021 (versioning.mdx, basic/index.mdx)', () => {
    const data = { supported: ['2026-07-28', '2025-11-25'], requested: '1900-01-01' };
    expect(modernErrorDataIssues(-32022, data)).toEqual([]);
    expect(at(modernErrorDataIssues(-32022, { supported: '2026-07-28' }))).toEqual([
      'required /error/data/requested',
      'type /error/data/supported',
    ]);
    expect(modernErrorDataIssues(-32021, { requiredCapabilities: { elicitation: {} } })).toEqual(
      [],
    );
    expect(at(modernErrorDataIssues(-32021, undefined))).toEqual(['required /error/data']);
    expect(modernErrorDataIssues(-32602, 'anything')).toEqual([]);
  });
});
