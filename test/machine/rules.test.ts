import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RULE_IDS,
  RULES,
  type RuleDefinition,
  type RuleId,
  ruleSpecText,
} from '../../src/machine/index.js';
import {
  HANDSHAKE_VERSIONS,
  type HandshakeVersion,
  METHOD_NAMES,
  versionAtLeast,
} from '../../src/protocol/index.js';
import { englishPhrases } from '../helpers/english-in-zh.js';
import { createReferee } from '../helpers/referee.js';
import { discovered, modernRequest, modernResult } from './modern-builder.js';
import {
  CASES,
  cancel,
  elicit,
  FURTHER_CASES,
  hs,
  progress,
  REQUIRED_TASK_TOOL,
  slowCall,
  TASK_SERVER,
  toolResult,
  URI,
} from './rule-cases.js';
import {
  C2S,
  CLIENT_CAPS,
  initializeRequest as initRequest,
  initializeResult as initResult,
  rpc,
  S2C,
  type SessionBuilder,
  session,
} from './session-builder.js';

const triggered = new Set<RuleId>();
/** Rules whose every finding cites its own section of the page the rule names. */
const CITES_ITS_SECTION = new Set<RuleId>(['invalid-params', 'invalid-result', 'wrong-direction']);

describe('every rule has a trigger and a nearest legal case', () => {
  it('the table covers exactly RULE_IDS', () => {
    expect(Object.keys(CASES).sort()).toEqual([...RULE_IDS].sort());
    expect(RULE_IDS.length).toBe(122);
  });

  describe.each(RULE_IDS)('%s', (rule) => {
    const c = CASES[rule];

    it('fires on the exact step, with its severity and bilingual text', () => {
      const { reports, last } = c.trigger().run();
      const hit = last.violations.find((v) => v.rule === rule);
      expect(hit, `${rule} should fire on step ${last.index}`).toBeDefined();
      if (!hit) return;
      expect(hit.severity).toBe(RULES[rule].severity);
      if (CITES_ITS_SECTION.has(rule)) {
        // The finding names the section it breaks (the method's, on the schema page).
        expect(hit.spec).toMatch(/^2025-11-25\/schema › [a-z/]+ \(/);
        const def: RuleDefinition = RULES[rule];
        expect(hit.spec.endsWith(`(${def.specNote?.en})`)).toBe(true);
      } else {
        expect(hit.spec).toBe(ruleSpecText(RULES[rule], 'en'));
        expect(hit.specZh).toBe(ruleSpecText(RULES[rule], 'zh'));
      }
      expect(hit.spec.startsWith(RULES[rule].spec)).toBe(true);
      expect(hit.message.trim().length).toBeGreaterThan(0);
      expect(hit.messageZh.trim().length).toBeGreaterThan(0);
      expect(hit.message).not.toBe(hit.messageZh);
      expect(englishPhrases(hit.messageZh), hit.messageZh).toEqual([]);
      // ... and on no earlier step.
      for (const report of reports.slice(0, -1)) {
        expect(report.violations.map((v) => v.rule)).not.toContain(rule);
      }
      triggered.add(rule);
    });

    it('does not fire in the nearest legal session (which is clean)', () => {
      const { reports } = c.legal().run();
      for (const report of reports) {
        expect(report.violations, `step ${report.index}`).toEqual([]);
      }
    });
  });

  describe.each(FURTHER_CASES.map((c) => [c.rule, c.what, c] as const))(
    '%s, %s',
    (rule, _what, c) => {
      it('fires on the exact step, with its severity and the rule’s own citation', () => {
        const { reports, last } = c.trigger().run();
        const hit = last.violations.find((v) => v.rule === rule);
        expect(hit, `${rule} should fire on step ${last.index}`).toBeDefined();
        if (!hit) return;
        expect(hit.severity).toBe(RULES[rule].severity);
        if (CITES_ITS_SECTION.has(rule)) {
          const def: RuleDefinition = RULES[rule];
          expect(hit.spec).toMatch(/^2025-11-25\/schema › [a-z/]+ \(/);
          expect(hit.spec.endsWith(`(${def.specNote?.en})`)).toBe(true);
        } else {
          expect(hit.spec).toBe(ruleSpecText(RULES[rule], 'en'));
          expect(hit.specZh).toBe(ruleSpecText(RULES[rule], 'zh'));
        }
        expect(hit.message).not.toBe(hit.messageZh);
        expect(englishPhrases(hit.messageZh), hit.messageZh).toEqual([]);
        for (const report of reports.slice(0, -1)) {
          expect(report.violations.map((v) => v.rule)).not.toContain(rule);
        }
      });

      it('does not fire in the nearest legal session (which is clean)', () => {
        for (const report of c.legal().run().reports) {
          expect(report.violations, `step ${report.index}`).toEqual([]);
        }
      });
    },
  );

  it('triggered every rule id (meta)', () => {
    const missing = RULE_IDS.filter((rule) => !triggered.has(rule));
    expect(missing).toEqual([]);
  });
});

describe('every rule speaks Simplified Chinese', () => {
  describe.each(RULE_IDS)('%s', (rule) => {
    const def: RuleDefinition = RULES[rule];

    it('has a Chinese title, not the English one', () => {
      expect(def.title.zh).toMatch(/\p{Script=Han}/u);
      expect(englishPhrases(def.title.zh)).toEqual([]);
    });

    it('names its spec section as an identifier, with any English explanation in the note', () => {
      // `page › Section`: no parenthesised prose that would stay English in the zh interface.
      // A section is a heading (`Version Negotiation`, or a keyword such as `x-mcp-header`) or,
      // on the schema page, a method's name. A heading may hold a colon (the tasks extension's
      // "Streamable HTTP: Routing Headers").
      expect(def.spec).toMatch(
        /^[\w./-]+(?: › (?:[A-Z][\w /():-]*|[a-z]+(?:\/[a-z_]+)+|[a-z]+(?:-[a-z]+)+))?$/,
      );
    });

    it('gives its spec note in Chinese, and the zh reference uses it', () => {
      if (!def.specNote) {
        expect(ruleSpecText(def, 'zh')).toBe(def.spec);
        return;
      }
      expect(def.specNote.zh).toMatch(/\p{Script=Han}/u);
      expect(englishPhrases(def.specNote.zh)).toEqual([]);
      expect(ruleSpecText(def, 'zh')).toBe(`${def.spec}（${def.specNote.zh}）`);
      expect(ruleSpecText(def, 'en')).toBe(`${def.spec} (${def.specNote.en})`);
    });
  });

  it('finds English left in a Chinese text (the check can fail)', () => {
    expect(englishPhrases('basic/index › Requests（an id MUST NOT be reused）')).toEqual([
      'an id MUST NOT be reused',
    ]);
    expect(englishPhrases('basic/index › Requests（同一会话中不得重复使用 id）')).toEqual([]);
    expect(englishPhrases('只使用 tools 和 resources.subscribe，requestId，JSON-RPC 2.0')).toEqual(
      [],
    );
    expect(englishPhrases('用 `a b c` 代码，{"id": "a", "method": "ping"}')).toEqual([]);
  });
});

describe('rule details', () => {
  it('capability-not-negotiated is an error from 2025-06-18 and a warning before', () => {
    const expected: Record<HandshakeVersion, 'error' | 'warning'> = {
      '2024-11-05': 'warning',
      '2025-03-26': 'warning',
      '2025-06-18': 'error',
      '2025-11-25': 'error',
    };
    for (const version of HANDSHAKE_VERSIONS) {
      const { last } = session()
        .handshake({ version, server: { tools: {} } })
        .server(rpc.notification('notifications/tools/list_changed'))
        .run();
      expect(last.violations.map((v) => [v.rule, v.severity])).toEqual([
        ['capability-not-negotiated', expected[version]],
      ]);
      expect(versionAtLeast(version, '2025-06-18')).toBe(expected[version] === 'error');
    }
  });

  it('method-not-in-version is an error from 2025-06-18 and a warning before', () => {
    // The same Operation sentence: "Respect the negotiated protocol version" was a SHOULD in
    // 2024-11-05 and 2025-03-26, a MUST from 2025-06-18 on.
    const severityIn = (version: HandshakeVersion, steps: SessionBuilder) =>
      steps
        .run()
        .last.violations.filter((v) => v.rule === 'method-not-in-version')
        .map((v) => [version, v.severity]);
    for (const version of ['2024-11-05', '2025-03-26'] as const) {
      const early = session().handshake({ version, client: { elicitation: {} } });
      expect(severityIn(version, early.server(elicit))).toEqual([[version, 'warning']]);
    }
    const later = session().handshake({ version: '2025-06-18', server: { tasks: {} } });
    expect(
      severityIn('2025-06-18', later.client(rpc.request(1, 'tasks/get', { taskId: 't-1' }))),
    ).toEqual([['2025-06-18', 'error']]);
  });

  it('capability-not-negotiated covers client capabilities and param refinements', () => {
    const noSampling = session()
      .handshake({ client: { roots: { listChanged: true } } })
      .server(
        rpc.request(1, 'sampling/createMessage', {
          messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
          maxTokens: 10,
        }),
      )
      .run();
    expect(noSampling.last.capability).toBe('client.sampling');
    expect(noSampling.last.violations.map((v) => v.rule)).toEqual(['capability-not-negotiated']);

    const urlOnly = session()
      .handshake({ client: { elicitation: { url: {} } } })
      .server(elicit)
      .run();
    expect(urlOnly.last.violations.map((v) => v.message).join()).toContain(
      'client.elicitation.form',
    );

    const formOnly = session()
      .handshake({ client: { elicitation: {} } })
      .server(
        rpc.request(1, 'elicitation/create', {
          mode: 'url',
          message: 'Sign in, please',
          elicitationId: 'e-1',
          url: 'https://example.com/login',
        }),
      )
      .run();
    expect(formOnly.last.capability).toBe('client.elicitation.url');
    expect(formOnly.last.violations.map((v) => v.rule)).toEqual(['capability-not-negotiated']);
  });

  it('unsupported-version also fires for a version no revision has', () => {
    const { last } = session().initialize().initializeResult({ serverVersion: '1999-01-01' }).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['unsupported-version']);
  });

  it('request-before-initialized fires for a server request before notifications/initialized', () => {
    const early = session().initialize().initializeResult().server(rpc.request(1, 'roots/list'));
    expect(early.run().last.violations.map((v) => v.rule)).toEqual(['request-before-initialized']);
    const ping = session().initialize().initializeResult().server(rpc.request(1, 'ping'));
    expect(ping.run().last.violations).toEqual([]);
  });

  it("the server's roots/list id 0 is not a duplicate of the client's initialize id 0", () => {
    const { reports } = hs()
      .server(rpc.request(0, 'roots/list'))
      .client(rpc.result(0, { roots: [{ uri: 'file:///project', name: 'project' }] }))
      .run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('the client reusing its initialize id is a duplicate; 1 and "1" are different ids', () => {
    const reuse = hs().client(rpc.request(0, 'ping')).run();
    expect(reuse.last.violations.map((v) => v.rule)).toEqual(['duplicate-request-id']);
    const { reports } = hs()
      .client(rpc.request(1, 'ping'))
      .client(rpc.request('1', 'ping'))
      .server(rpc.result(1))
      .server(rpc.result('1'))
      .run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
  });

  it('an answer whose id is the request’s with another JSON type says so: 1 does not answer "1"', () => {
    const { last } = hs().client(rpc.request('7', 'ping')).server(rpc.result(7)).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['response-without-request']);
    expect(last.violations[0]?.message).toContain('its ping has id "7", a string');
    expect(last.violations[0]?.messageZh).toContain('字符串 "7"');
    const back = hs().client(rpc.request(7, 'ping')).server(rpc.result('7')).run().last;
    expect(back.violations[0]?.message).toContain('its ping has id 7, a number');
    // No twin, no hint.
    const plain = hs().client(rpc.request(7, 'ping')).server(rpc.result(8)).run().last;
    expect(plain.violations[0]?.message).not.toContain('JSON-RPC 2.0 matches');
  });

  it('a reused id still waiting blames the client once: each of the two requests gets its own answer, a third answer is the duplicate', () => {
    const { reports } = hs()
      .client(slowCall(3, 'a'))
      .client(rpc.request(3, 'ping'))
      .server(rpc.result(3))
      .server(progress('a', 0.5))
      .server(toolResult(3))
      .server(toolResult(3))
      .run();
    expect(reports.slice(-6).map((r) => r.violations.map((v) => v.rule))).toEqual([
      [],
      ['duplicate-request-id'],
      [], // the ping's answer
      [], // the call's progress: its token is still the call's
      [], // the call's answer: the call was still waiting, so this is no second answer
      ['duplicate-response'],
    ]);
    expect(reports.at(-1)?.violations[0]?.message).toContain('tools/call #3 was already answered');
  });

  it('a response from the requester itself answers nothing', () => {
    const { last } = hs().client(rpc.request(1, 'ping')).client(rpc.result(1)).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['response-without-request']);
  });

  it('only the requester can cancel: the server cancelling the client’s request is flagged', () => {
    const { last } = hs().client(slowCall(1)).server(cancel(1)).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['cancel-unknown-request']);
  });

  it('progress-not-increasing also fires when progress goes down', () => {
    const { last } = hs()
      .client(slowCall(1, 'p'))
      .server(progress('p', 0.6))
      .server(progress('p', 0.4))
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['progress-not-increasing']);
  });

  it('id-beyond-safe-integer cites what bounds an id in practice: JSON, RFC 8259 § 6', () => {
    // Neither JSON-RPC 2.0 nor MCP (basic/index › Requests: a string or integer) bounds an id;
    // RFC 8259 § 6 lets readers limit numbers and calls ±(2^53 − 1) the interoperable integers.
    const { last } = hs()
      .client(rpc.request(2 ** 53, 'ping'))
      .run();
    const [found] = last.violations;
    expect(found?.rule).toBe('id-beyond-safe-integer');
    expect(found?.spec).toContain('RFC 8259 § 6');
    expect(found?.specZh).toContain('RFC 8259 第 6 节');
  });

  it('two ids past 2^53 that JavaScript reads as one number are not called a reuse', () => {
    // 9007199254740992 and 9007199254740993 are different integers; JSON.parse rounds both to
    // 2^53. The warning says the ids are fragile; the referee cannot tell them apart.
    const run = hs()
      .client(rpc.request(2 ** 53, 'ping'))
      .server(rpc.result(2 ** 53))
      .client(rpc.request(2 ** 53, 'ping'))
      .server(rpc.result(2 ** 53))
      .run();
    const found = run.reports.flatMap((r) => r.violations.map((v) => v.rule));
    expect(new Set(found)).toEqual(new Set(['id-beyond-safe-integer']));
    // A safe id reused is still an error.
    const reused = hs()
      .client(rpc.request(5, 'ping'))
      .server(rpc.result(5))
      .client(rpc.request(5, 'ping'));
    expect(reused.run().last.violations.map((v) => v.rule)).toEqual(['duplicate-request-id']);
  });

  it('a 2024-11-05 session cites the page that revision had: basic/messages, not basic/index', () => {
    const old = session()
      .handshake({ version: '2024-11-05' })
      .client(rpc.request(1, 'ping'))
      .server(rpc.result(1))
      .client(rpc.request(1, 'ping'));
    const [found] = old.run().last.violations;
    expect(found?.rule).toBe('duplicate-request-id');
    expect(found?.spec).toMatch(/^2024-11-05\/basic\/messages › Requests \(/);
    const later = session()
      .handshake({ version: '2025-03-26' })
      .client(rpc.request(1, 'ping'))
      .server(rpc.result(1))
      .client(rpc.request(1, 'ping'));
    expect(later.run().last.violations[0]?.spec).toMatch(/^2025-11-25\/basic\/index › Requests \(/);
  });

  it('after a refused initialize nothing is negotiated: a notification is as early as a request; ping may wait', () => {
    const refused = session()
      .client(initRequest({ version: '2025-11-1' }))
      .server(rpc.error(0, -32602, 'Unsupported protocol version'));
    const rulesAt = (b: SessionBuilder) => b.run().last.violations.map((v) => v.rule);
    expect(rulesAt(refused.client(rpc.notification('notifications/roots/list_changed')))).toEqual([
      'initialize-not-first',
    ]);
    const again = session()
      .client(initRequest({ version: '2025-11-1' }))
      .server(rpc.error(0, -32602, 'Unsupported protocol version'))
      .client(rpc.request(2, 'ping'));
    expect(rulesAt(again)).toEqual([]);
  });

  it('era-mixed without an answered probe cites versioning, not the probe’s "Do not fall back"', () => {
    const found = session()
      .client(modernRequest(1, 'tools/list'))
      .server(modernResult(1, { tools: [], ttlMs: 0, cacheScope: 'private' }))
      .client(initRequest({ id: 2 }))
      .run()
      .last.violations.find((v) => v.rule === 'era-mixed');
    expect(found?.spec).toMatch(
      /^2026-07-28\/basic\/versioning › Backward Compatibility with Initialization-Based Versions \(/,
    );
  });

  it('wrong-direction cites where its revision says who sends the method', () => {
    const spec = (b: SessionBuilder) => {
      const found = b.run().last.violations.find((v) => v.rule === 'wrong-direction');
      return [found?.spec, found?.specZh];
    };
    const roots = rpc.request(1, 'roots/list');
    expect(spec(hs().client(roots))).toEqual([
      '2025-11-25/schema › roots/list (the method’s type, whose description says which side sends it)',
      '2025-11-25/schema › roots/list（该方法的类型，其说明写明由哪一方发送）',
    ]);
    // 2024-11-05 had no schema page: its schema.ts lists each side's messages in unions.
    expect(spec(session().handshake({ version: '2024-11-05' }).client(roots))[0]).toBe(
      '2024-11-05/schema.ts › ClientRequest / ServerRequest / ClientNotification / ServerNotification (the unions of the messages each side may send)',
    );
    const changed = rpc.notification('notifications/tools/list_changed');
    expect(spec(discovered().client(changed))[0]).toBe(
      '2026-07-28/schema › notifications/tools/list_changed (the method’s type, whose description says which side sends it)',
    );
    // 2026-07-28: roots/list is no message of its own, only an input request.
    expect(spec(discovered().client(roots))[0]).toBe(
      '2026-07-28/schema › Multi Round-Trip (requests to the client travel inside an input_required result)',
    );
  });

  it('an MCP-Protocol-Version header naming another revision than the negotiated one is a warning (a SHOULD)', () => {
    const other = hs()
      .clientOverHttp(rpc.request(1, 'tools/list'), { 'mcp-protocol-version': '2025-06-18' })
      .run().last.violations;
    expect(other.map((v) => `${v.severity} ${v.rule}`)).toEqual([
      'warning protocol-version-header',
    ]);
    expect(other[0]?.message).toContain('but the session negotiated 2025-11-25');
    const invalid = hs()
      .clientOverHttp(rpc.request(1, 'tools/list'), { 'mcp-protocol-version': 'banana' })
      .run().last.violations;
    expect(invalid.map((v) => `${v.severity} ${v.rule}`)).toEqual([
      'error protocol-version-header',
    ]);
  });

  it('task-support-mismatch judges both sides of a call against the tool’s taskSupport (2025-11-25 tasks)', () => {
    const tools = [
      REQUIRED_TASK_TOOL,
      { name: 'plain', inputSchema: { type: 'object' } },
      { name: 'either', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } },
    ];
    const listed = (server: Record<string, unknown> = TASK_SERVER, version = '2025-11-25') =>
      session()
        .handshake({ server, version })
        .client(rpc.request(1, 'tools/list'))
        .server(rpc.result(1, { tools }));
    const severities = (run: ReturnType<ReturnType<typeof listed>['run']>) =>
      run.last.violations.map((v) => `${v.severity} ${v.rule}`);
    const call = (name: string, task: boolean) =>
      rpc.request(2, 'tools/call', { name, ...(task ? { task: { ttl: 1000 } } : {}) });
    // A tool without execution.taskSupport is "forbidden": the client MUST NOT ask for a task.
    expect(severities(listed().client(call('plain', true)).run())).toEqual([
      'error task-support-mismatch',
    ]);
    // The server answering a plain call of a "required" tool with a result (server-everything's
    // isError result) MUST have answered -32601 instead.
    const answered = listed()
      .client(call('research', false))
      .server(rpc.result(2, { content: [{ type: 'text', text: 'needs a task' }], isError: true }))
      .run();
    expect(severities(answered)).toEqual(['error task-support-mismatch']);
    expect(answered.last.violations[0]?.message).toContain('MUST answer -32601');
    const refused = listed()
      .client(call('research', false))
      .server(rpc.error(2, -32601, 'Method not found'))
      .run();
    expect(severities(refused)).toEqual([]);
    // A forbidden tool's task answered with a result: the server SHOULD have said -32601.
    const forbidden = listed()
      .client(call('plain', true))
      .server(rpc.result(2, { content: [] }))
      .run();
    expect(severities(forbidden)).toEqual(['warning task-support-mismatch']);
    // "optional" allows both; a tool never listed is not judged.
    expect(severities(listed().client(call('either', true)).run())).toEqual([]);
    expect(severities(listed().client(call('either', false)).run())).toEqual([]);
    expect(severities(listed().client(call('unlisted', false)).run())).toEqual([]);
    // Without the server's tasks.requests.tools.call, capability-not-negotiated speaks instead;
    // before 2025-11-25 there are no tasks at all.
    expect(severities(listed({ tools: {} }).client(call('research', false)).run())).toEqual([]);
    expect(
      severities(listed(TASK_SERVER, '2025-06-18').client(call('research', false)).run()),
    ).toEqual([]);
  });

  it('a progress above its total breaks no rule: neither era bounds progress by total', () => {
    // basic/utilities/progress (2025-11-25), basic/patterns/progress (2026-07-28): progress MUST
    // increase and total MAY be left out; nothing more. The field note of total says so.
    const { reports } = hs()
      .client(slowCall(1, 'p'))
      .server(progress('p', 2))
      .server(progress('p', 3))
      .run();
    expect(reports.flatMap((r) => r.violations)).toEqual([]);
    expect(reports.at(-1)?.progress).toMatchObject({ progress: 3, total: 1 });
  });

  it('progress-not-increasing names the notification just before, and the highest so far', () => {
    const { reports } = hs()
      .client(slowCall(1, 'p'))
      .server(progress('p', 6))
      .server(progress('p', 5))
      .server(progress('p', 4))
      .run();
    const violations = reports.flatMap((r) => r.violations);
    expect(violations.map((v) => v.message)).toEqual([
      'progress went from 6 to 5; it must increase with every notification',
      'progress went from 5 to 4 (it had reached 6); it must increase with every notification',
    ]);
    expect(violations[1]?.messageZh).toBe('进度从 5 变为 4（此前已到 6）；每次通知都必须增加');
  });

  it('a token the server never used is unknown when the server sends progress for it', () => {
    // Progress flows from the receiver to the requester: a client reporting progress on its own
    // request's token is reporting on a token the server never handed out.
    const { last } = hs().client(slowCall(1, 'p')).client(progress('p', 0.5)).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['unknown-progress-token']);
  });

  it('resource-not-subscribed: a sub-resource of a subscribed URI is covered, a look-alike is not', () => {
    const subscribed = () =>
      hs()
        .client(rpc.request(1, 'resources/subscribe', { uri: 'file:///logs' }))
        .server(rpc.result(1, {}));
    const updated = (uri: string) => rpc.notification('notifications/resources/updated', { uri });
    for (const uri of ['file:///logs', 'file:///logs/app.log', 'file:///logs?tail=10']) {
      expect(subscribed().server(updated(uri)).run().last.violations, uri).toEqual([]);
    }
    const { last } = subscribed().server(updated('file:///logs-old/app.log')).run();
    expect(last.violations.map((v) => v.rule)).toEqual(['resource-not-subscribed']);
  });

  it('resource-not-subscribed fires again after unsubscribe', () => {
    const { last } = hs()
      .client(rpc.request(1, 'resources/subscribe', { uri: URI }))
      .server(rpc.result(1, {}))
      .client(rpc.request(2, 'resources/unsubscribe', { uri: URI }))
      .server(rpc.result(2, {}))
      .server(rpc.notification('notifications/resources/updated', { uri: URI }))
      .run();
    expect(last.violations.map((v) => v.rule)).toEqual(['resource-not-subscribed']);
  });

  it('a duplicate initialize renegotiates nothing, and rejecting it does not undo the session', () => {
    const run = hs()
      .initialize({ id: 1, version: '2024-11-05', client: {} })
      .server(rpc.error(1, -32600, 'Already initialized'))
      .client(rpc.notification('notifications/roots/list_changed'))
      .client(rpc.request(2, 'tools/list'))
      .run();
    expect(run.reports.slice(-3).flatMap((r) => r.violations)).toEqual([]);
    const ctx = run.referee.snapshot().context;
    expect(ctx.ruleVersion).toBe('2025-11-25');
    expect(ctx.handshake.initialize).toBe('succeeded');
    expect(ctx.capabilities.client).toEqual(CLIENT_CAPS);
    expect(run.referee.phases()).toEqual({ client: 'operation', server: 'operation' });
  });

  it('notifications/initialized from the server is wrong-direction and completes nothing', () => {
    const run = session()
      .initialize()
      .initializeResult()
      .server(rpc.notification('notifications/initialized'))
      .run();
    expect(run.last.violations.map((v) => v.rule)).toEqual(['wrong-direction']);
    expect(run.referee.phases()).toEqual({ client: 'operation', server: 'initialization' });
  });

  it('a version string that names an Object.prototype key is not a known version', () => {
    for (const version of ['constructor', '__proto__', 'toString']) {
      const run = session()
        .initialize({ version })
        .initializeResult({ serverVersion: `${version}-x` })
        .run();
      expect(run.referee.snapshot().context.ruleVersion).toBe('2025-11-25');
      expect(run.last.violations.map((v) => v.rule)).toEqual(['unsupported-version']);
    }
  });
});

describe('phases per side', () => {
  it('follow the handshake: the client operates before the server does', () => {
    const referee = createReferee();
    expect(referee.phases()).toEqual({ client: 'initialization', server: 'initialization' });
    referee.feed(C2S, initRequest());
    expect(referee.phases()).toEqual({ client: 'initialization', server: 'initialization' });
    const result = referee.feed(S2C, initResult());
    expect(result.phase).toBe('initialization');
    expect(referee.phases()).toEqual({ client: 'operation', server: 'initialization' });
    const initialized = referee.feed(C2S, rpc.notification('notifications/initialized'));
    expect(initialized.phase).toBe('initialization');
    expect(referee.phases()).toEqual({ client: 'operation', server: 'operation' });
    expect(referee.feed(C2S, rpc.request(1, 'tools/list')).phase).toBe('operation');
    referee.close();
    expect(referee.phases()).toEqual({ client: 'shutdown', server: 'shutdown' });
    const late = referee.feed(S2C, rpc.result(1, { tools: [] }));
    expect(late.phase).toBe('shutdown');
    expect(late.violations.map((v) => v.rule)).toEqual(['message-after-shutdown']);
    expect(referee.phases()).toEqual({ client: 'shutdown', server: 'shutdown' });
  });

  it('a failed initialize sends the client back to initialization', () => {
    const referee = createReferee();
    referee.feed(C2S, initRequest({ version: '1.0.0' }));
    referee.feed(S2C, rpc.error(0, -32602, 'Unsupported protocol version'));
    expect(referee.phases()).toEqual({ client: 'initialization', server: 'initialization' });
    referee.feed(C2S, initRequest({ id: 1 }));
    referee.feed(S2C, initResult({ id: 1 }));
    expect(referee.phases()).toEqual({ client: 'operation', server: 'initialization' });
  });

  it('closing during initialization shuts both sides down', () => {
    const referee = createReferee();
    referee.feed(C2S, initRequest());
    referee.close();
    expect(referee.phases()).toEqual({ client: 'shutdown', server: 'shutdown' });
  });
});

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

const GARBAGE: ReadonlyArray<readonly [string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['zero', 0],
  ['a float', 1.5],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['an empty string', ''],
  ['a JSON string', '{"jsonrpc":"2.0","id":1,"method":"ping"}'],
  ['true', true],
  ['an empty array', []],
  ['a batch', [rpc.request(1, 'ping'), rpc.request(2, 'ping')]],
  ['nested arrays', [[[[]]]]],
  ['an empty object', {}],
  ['a null-prototype object', Object.create(null)],
  ['a symbol', Symbol('junk')],
  ['a bigint', 10n],
  ['a function', () => 1],
  ['a Date', new Date(0)],
  ['a Map', new Map([['jsonrpc', '2.0']])],
  ['deep nesting', deeplyNested(5000)],
  ['a JSON __proto__ key', JSON.parse('{"__proto__":{"jsonrpc":"2.0","id":1,"method":"ping"}}')],
  [
    'prototype names everywhere',
    JSON.parse(
      '{"jsonrpc":"2.0","id":"__proto__","method":"__proto__","params":{"__proto__":{"x":1}}}',
    ),
  ],
  ['method constructor', { jsonrpc: '2.0', id: 'constructor', method: 'constructor' }],
  ['notification toString', { jsonrpc: '2.0', method: 'toString' }],
  ['hasOwnProperty result', JSON.parse('{"jsonrpc":"2.0","id":"hasOwnProperty","result":{}}')],
  [
    'progress for a __proto__ token',
    rpc.notification('notifications/progress', { progressToken: '__proto__', progress: 1 }),
  ],
  [
    'cancel of a __proto__ id',
    rpc.notification('notifications/cancelled', { requestId: '__proto__' }),
  ],
  [
    'updated for a __proto__ uri',
    rpc.notification('notifications/resources/updated', { uri: '__proto__' }),
  ],
  [
    'initialize offering __proto__',
    JSON.parse(
      '{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"__proto__","capabilities":{"__proto__":{"tools":{}}},"clientInfo":{"name":"x","version":"1"}}}',
    ),
  ],
  [
    'deep params',
    rpc.request(3, 'tools/call', { name: 'x', arguments: { deep: deeplyNested(5000) } }),
  ],
  [
    'deep error data',
    { jsonrpc: '2.0', id: 3, error: { code: 1, message: 'x', data: deeplyNested(5000) } },
  ],
  ['an error with a bigint id', { jsonrpc: '2.0', id: 1n, error: { code: 1, message: 'x' } }],
  [
    'progress as a bigint',
    rpc.notification('notifications/progress', {
      progressToken: 1,
      progress: 2n as unknown as number,
    }),
  ],
  ['a negative-zero id', { jsonrpc: '2.0', id: -0, method: 'ping' }],
];

const NOT_OBJECTS = new Set([
  'undefined',
  'null',
  'zero',
  'a float',
  'NaN',
  'Infinity',
  'an empty string',
  'a JSON string',
  'true',
  'an empty array',
  'a batch',
  'nested arrays',
  'a symbol',
  'a bigint',
  'a function',
]);

describe('the referee never throws on garbage', () => {
  it.each(GARBAGE)('%s, in every phase and both directions', (name, junk) => {
    const sessions: Array<() => SessionBuilder> = [
      () => session(),
      () => session().initialize(),
      () => session().initialize().initializeResult(),
      () => hs(),
      () => hs().close(),
    ];
    for (const make of sessions) {
      for (const direction of [C2S, S2C]) {
        const builder = make();
        const run = (direction === C2S ? builder.client(junk) : builder.server(junk)).run();
        expect(Array.isArray(run.last.violations)).toBe(true);
        if (NOT_OBJECTS.has(name)) {
          expect(run.last.kind).toBe('invalid');
          expect(run.last.violations.map((v) => v.rule)).toContain('invalid-envelope');
        }
        // The referee keeps working after the junk.
        const next = run.referee.feed(C2S, rpc.request('after-junk', 'ping'));
        expect(next.index).toBe(run.last.index + 1);
      }
    }
  });

  it('survives arbitrary sequences of JSON values and near-valid envelopes', () => {
    const envelope = fc.oneof(
      fc.jsonValue(),
      fc.record({
        jsonrpc: fc.constantFrom('2.0', '1.0'),
        id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', '__proto__', null)),
        method: fc.constantFrom(...METHOD_NAMES, 'nope'),
        params: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
      }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        id: fc.integer({ min: 0, max: 3 }),
        result: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.constantFrom<unknown>(
        initRequest(),
        initResult(),
        rpc.notification('notifications/initialized'),
      ),
    );
    const step = fc.tuple(fc.boolean(), envelope, fc.integer({ min: 0, max: 40 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const referee = createReferee();
        for (const [fromClient, message, roll] of steps) {
          if (roll === 0) referee.close();
          const report = referee.feed(fromClient ? C2S : S2C, message);
          for (const v of report.violations) {
            expect(RULE_IDS).toContain(v.rule);
            expect(v.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
