import { describe, expect, it, vi } from 'vitest';
import { playLesson } from '../../src/cli/commands/lessons.js';
import { sandboxAtLesson } from '../../src/sim/sandbox/from-lesson.js';
import { sandboxDefaults } from '../../src/sim/sandbox/peers.js';
import { RecapBox } from '../../src/ui/components/recap-box.js';
import { RecapLessonContext } from '../../src/ui/recap-lesson.js';
import { SandboxApp } from '../../src/ui/sandbox-app.js';
import { renderAt, widest } from '../ui/render-at.js';
import { pick } from './helpers.js';
import { openSandbox } from './open.js';

const ENTER = '\r';
const DOWN = '\u001B[B';
const ESC = '\u001B';
const END = '\u001B[F';

/** Every frame drawn since the screen took its size fits 80×24, measured as Ink measures (wide characters take two columns). */
function expectFits80x24(screen: ReturnType<typeof renderAt>) {
  for (const frame of screen.framesSinceResize()) {
    expect(widest(frame)).toBeLessThanOrEqual(80);
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
  }
}

describe('the sandbox screen', () => {
  it('sends initialize through its form, shows the answer, then a request that breaks a rule', async () => {
    const { screen } = await openSandbox('en');
    expect(screen.frame()).toContain('✗ tools/list — initialize-not-first');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('Params of initialize'));
    expect(screen.frame()).toContain('protocolVersion: "2025-11-25"');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('← server response initialize #1 ✓'));
    // h, then Enter: the server's answer (the history's newest step) as a field tree, every
    // field of it, and back with q.
    expect(screen.frame()).toMatch(/q quit/);
    screen.type('h');
    await vi.waitFor(() => expect(screen.frame()).toContain('Step 2:'));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('fields · envelope · server → client'));
    // The server declares tasks (2025-11-25): long_running_task may run as one.
    expect(screen.frame()).toContain('"tasks": {');
    screen.type('j');
    await vi.waitFor(() => expect(screen.frame()).toMatch(/^\d+ \/jsonrpc$/m));
    screen.type('q');
    await vi.waitFor(() => expect(screen.frame()).toContain('Step 2:'));
    screen.type('q');
    await vi.waitFor(() => expect(screen.frame()).toContain('What your client may send now'));
    // tools/list before notifications/initialized (after the allowed ones, the close among them,
    // and initialize, forbidden now: the cursor left it for the first row): the referee names the
    // rule the list named.
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ notifications/initialized'));
    for (let i = 0; i < 5; i++) screen.type(DOWN);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✗ tools/list'));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('✗ rule broken: initialized-not-sent'));
    expectFits80x24(screen);
    screen.unmount();
  });

  it('a form takes keys that come in one burst, Enter last, as typed then sent', async () => {
    const { screen } = await openSandbox('en');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('Params of initialize'));
    // The protocolVersion field, its closing quote deleted and typed again with Enter, at once.
    screen.type('\u007f');
    await vi.waitFor(() => expect(screen.frame()).toContain('protocolVersion: "2025-11-25\n'));
    screen.type('"\r');
    await vi.waitFor(() => expect(screen.frame()).toContain('← server response initialize #1 ✓'));
    screen.unmount();
  });

  it('edits the envelope as pretty-printed JSON, keeps what does not parse, and sends it once fixed', async () => {
    const session = sandboxDefaults('legacy', 'client');
    const screen = renderAt(<SandboxApp session={session} lang="zh" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(screen.frame()).toContain('你的客户端现在可以发送什么'));
    screen.type('e');
    await vi.waitFor(() =>
      expect(screen.frame()).toContain('以 JSON 表示的消息，第 1 行，共 22 行'),
    );
    expect(screen.frame()).toMatch(/^ {2}"method": "initialize",$/m);
    expect(screen.frame()).toContain('←/→/↑/↓ 移动');
    // To the last line, the closing brace deleted: not JSON, and the place it stops being JSON.
    for (let i = 0; i < 21; i++) screen.type(DOWN);
    await vi.waitFor(() => expect(screen.frame()).toContain('第 22 行，共 22 行'));
    screen.type(END);
    screen.type('\u007F');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toMatch(/✗ 不是 JSON（第 22 行第 \d+ 列）：/));
    expect(screen.frame()).not.toContain('position');
    // A move keeps the error in sight; typing changes the text, and the old error goes.
    screen.type('\u001B[D');
    screen.type('\u001B[C');
    await vi.waitFor(() => expect(screen.frame()).toMatch(/✗ 不是 JSON/));
    screen.type('}');
    await vi.waitFor(() => expect(screen.frame()).not.toMatch(/✗ 不是 JSON/));
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('目前的会话（2 条消息）'));
    expectFits80x24(screen);
    screen.unmount();
  });

  it('names a control character pasted into the JSON, by line and column, and puts the cursor there', async () => {
    const session = sandboxDefaults('legacy', 'client');
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 80, rows: 24 });
    await vi.waitFor(() => expect(screen.frame()).toContain('What your client may send now'));
    screen.type('e');
    await vi.waitFor(() => expect(screen.frame()).toContain('line 1 of 22'));
    screen.type(DOWN);
    screen.type(END);
    screen.type(' \u0001'); // pasted: a control character after a space
    screen.type(DOWN);
    screen.type(ENTER);
    const flat = () => screen.frame().replace(/\n/g, ' ');
    await vi.waitFor(() =>
      expect(flat()).toContain(
        'control character the screen cannot show: U+0001 at line 2, column 21',
      ),
    );
    expect(screen.frame()).toContain('line 2 of 22');
    screen.type(ESC);
    await vi.waitFor(() => expect(screen.frame()).toContain('What your client may send now'));
    screen.unmount();
  });

  it('edits a field of the form: a burst of Backspaces deletes, and a long value stays on its line', async () => {
    const { session, screen } = await openSandbox('en', { columns: 70, rows: 24 });
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('Params of initialize'));
    // Backspace held down (or typed faster than Ink reads) comes as one chunk of DEL bytes.
    screen.type('\u007F\u007F\u007F');
    screen.type('30"');
    await vi.waitFor(() => expect(screen.frame()).toContain('› protocolVersion: "2025-11-30"'));
    // The capabilities are wider than the screen (70 columns): one line, cut with `…`, not wrapped.
    expect(screen.frame()).toMatch(/^ {2}capabilities: \{"roots":.*…$/m);
    expect(screen.frame()).not.toMatch(/^\s+"elicitation":\{"form"/m);
    // Focused, the line scrolls to the cursor at its end.
    screen.type(DOWN);
    await vi.waitFor(() =>
      expect(screen.frame()).toMatch(
        /^› capabilities: ….*"elicitation":\{"form":\{\},"url":\{\}\}\} ?$/m,
      ),
    );
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('← server response initialize #1'));
    const sent = session.log.steps[0]?.message as { params: { protocolVersion: string } };
    expect(sent.params.protocolVersion).toBe('2025-11-30');
    expectFits80x24(screen);
    screen.unmount();
  });

  it('a modern client marks the requests the server has not advertised ?, with why, until server/discover answers', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('modern', 'client', { serverCapabilities: { tools: {} } });
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const tag = lang === 'en' ? 'not advertised' : '未公布';
      await vi.waitFor(() => expect(screen.frame()).toContain(`? prompts/list — ${tag}`));
      // server/discover, subscriptions/listen, then the first request in doubt.
      screen.type(DOWN);
      screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toContain(`› ? tools/list — ${tag}`));
      expect(screen.frame()).toContain(
        lang === 'en'
          ? '? tools not advertised: call server/discover first, or risk -32601'
          : '? 服务器未公布 tools：请先调用 server/discover，否则可能得到 -32601',
      );
      expectFits80x24(screen);
      // server/discover sent: the client knows; what the server lacks, the referee flags (!).
      for (let i = 0; i < 2; i++) screen.type('k');
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ server/discover'));
      screen.type(ENTER);
      await vi.waitFor(() => expect(session.log.steps).toHaveLength(2));
      await vi.waitFor(() =>
        expect(screen.frame()).toContain('! prompts/list — capability-not-negotiated'),
      );
      expect(screen.frame()).not.toContain(tag);
      screen.unmount();
    }
  });

  it('? shows the whole help at 80×24, in English and Chinese, from its title to its last key', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('modern', 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ server/discover'));
      screen.type('?');
      const last = lang === 'en' ? 'q in the list quits' : '在列表中按 q 退出';
      await vi.waitFor(() => expect(screen.frame()).toContain(last));
      expect(screen.frame().split('\n')[0]).toBe(lang === 'en' ? 'The sandbox' : '沙盒');
      expect(screen.frame()).toContain(lang === 'en' ? 'marked ? (in doubt)' : '标为 ?（存疑）');
      expectFits80x24(screen);
      screen.unmount();
    }
  });

  it('says how many offers the list leaves out above and below, in English and Chinese', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('modern', 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const below =
        lang === 'en'
          ? /\(3 allowed, 8 in doubt, 6 not\): ↓ (\d+) more$/m
          : /（3 条允许，8 条存疑，6 条不允许）： ↓ 还有 (\d+) 行$/m;
      await vi.waitFor(() => expect(screen.frame()).toMatch(below));
      const hidden = Number(below.exec(screen.frame())?.[1]);
      expect(hidden).toBeGreaterThan(0);
      for (let i = 0; i < 16; i++) screen.type(DOWN);
      const above = lang === 'en' ? `↑ ${hidden} above` : `↑ 上面 ${hidden} 行`;
      await vi.waitFor(() => expect(screen.frame()).toContain(above));
      expect(screen.frame()).not.toMatch(below);
      expectFits80x24(screen);
      screen.unmount();
    }
  });

  it('h: the history takes the focus, ↑ scrolls back to the first message, Enter opens it as a field tree', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const sent = () => session.log.steps.length;
      // initialize (its form, sent as it is), notifications/initialized, then the first offer
      // (a request and its answer) until the history holds more than it can show.
      await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toContain('protocolVersion'));
      screen.type(ENTER);
      await vi.waitFor(() => expect(sent()).toBe(2));
      const form = lang === 'en' ? 'Params of' : '的参数';
      // A send leaves the cursor on the offer sent: back to the first offer before each.
      const top = () => {
        for (let i = 0; i < 25; i++) screen.type('\u001B[A');
      };
      while (sent() < 9) {
        const before = sent();
        top();
        screen.type(ENTER);
        // A request opens its form first: Enter again sends it as it is.
        await vi.waitFor(() => expect(sent() > before || screen.frame().includes(form)).toBe(true));
        if (sent() === before) screen.type(ENTER);
        await vi.waitFor(() => expect(sent()).toBeGreaterThan(before));
      }
      top();
      const above = lang === 'en' ? /↑ (\d+) above/ : /↑ 上面 (\d+) 行/;
      await vi.waitFor(() => expect(screen.frame()).toMatch(above));
      expect(screen.frame()).not.toContain('› → ');
      screen.type('h');
      // The newest step is chosen; the key bar says what the keys do now.
      await vi.waitFor(() =>
        expect(screen.frame()).toContain(lang === 'en' ? 'choose a message' : '选择消息'),
      );
      for (let i = 0; i < sent(); i++) screen.type('\u001B[A');
      const below = lang === 'en' ? /↓ (\d+) more/ : /↓ 还有 (\d+) 行/;
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› → .*initialize #1/));
      expect(screen.frame()).toMatch(below);
      expect(screen.frame()).not.toMatch(above);
      screen.type(ENTER);
      await vi.waitFor(() => expect(screen.frame()).toContain('"method": "initialize"'));
      screen.type('q');
      // Back in the history, still at the first message; Esc gives the list its keys back.
      await vi.waitFor(() => expect(screen.frame()).toMatch(/› → .*initialize #1/));
      screen.type(ESC);
      await vi.waitFor(() => expect(screen.frame()).not.toMatch(/› → /));
      expect(screen.frame()).toMatch(above);
      expectFits80x24(screen);
      screen.unmount();
    }
  });

  it('closes the connection from the list: then nothing is allowed, in English and Chinese', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxDefaults('legacy', 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      const close = lang === 'en' ? 'close the connection' : '关闭连接';
      await vi.waitFor(() => expect(screen.frame()).toContain(`✓ ${close}`));
      screen.type(DOWN);
      await vi.waitFor(() => expect(screen.frame()).toContain(`› ✓ ${close}`));
      expect(screen.frame()).toContain(
        lang === 'en' ? '(no message: this acts on the transport itself)' : '不发送消息',
      );
      // e has no JSON to edit here: the list stays.
      screen.type('e');
      screen.type(ENTER);
      await vi.waitFor(() =>
        expect(screen.frame()).toContain(
          lang === 'en' ? 'the client closes the transport' : '客户端关闭了传输',
        ),
      );
      expect(screen.frame()).toContain(lang === 'en' ? '(0 allowed,' : '（0 条允许');
      expect(screen.frame()).toContain('message-after-shutdown');
      expect(screen.frame()).not.toContain(close);
      expectFits80x24(screen);
      screen.unmount();
    }
  });

  it('at 80 columns names the lesson it opened at by its title in full, even a long one, in both languages', async () => {
    const played = await playLesson('modern-faults-gallery');
    const lesson = { id: 'modern-faults-gallery', title: played.lesson.scenario.title };
    for (const lang of ['en', 'zh'] as const) {
      const session = sandboxAtLesson(played, 'client');
      const screen = renderAt(<SandboxApp session={session} lang={lang} lesson={lesson} />, {
        columns: 80,
        rows: 24,
      });
      // The title is 62 columns in English: the id would not fit after it, so it is left out.
      const from =
        lang === 'en'
          ? 'from the lesson “A modern faults gallery: the rules 2026-07-28 brought, broken one by one”'
          : '接续课程“现代故障陈列馆：逐条违反 2026-07-28 带来的规则”（modern-faults-gallery）';
      await vi.waitFor(() => expect(screen.frame()).toContain(from));
      const [title] = screen.frame().split('\n');
      expect(title).toContain('2026-07-28');
      expect(title).not.toContain('…');
      expectFits80x24(screen);
      screen.unmount();
    }
  });

  it('as the server in the modern era, answers the client’s probe', async () => {
    const session = sandboxDefaults('modern', 'server');
    const screen = renderAt(<SandboxApp session={session} lang="en" />, { columns: 120, rows: 40 });
    await vi.waitFor(() => expect(screen.frame()).toContain('you are the server'));
    expect(screen.frame()).toContain('✗ sampling/createMessage — server-request');
    screen.type(ENTER);
    await vi.waitFor(() => expect(screen.frame()).toContain('← client request tools/list #1 ✓'));
    screen.unmount();
  });
});

describe('the recap of a lesson', () => {
  it('offers the sandbox at the lesson’s last state, on a screen wide enough', async () => {
    const box = (width: number) => (
      <RecapLessonContext.Provider value="tools">
        <RecapBox recap="Tools are called by name." lang="en" width={width} />
      </RecapLessonContext.Provider>
    );
    const wide = renderAt(box(80), { columns: 80, rows: 10 });
    await vi.waitFor(() =>
      expect(wide.frame()).toContain('Try it yourself: mcp-sim sandbox --lesson tools'),
    );
    wide.unmount();
    const narrow = renderAt(box(60), { columns: 60, rows: 10 });
    await vi.waitFor(() => expect(narrow.frame()).toContain('Recap'));
    expect(narrow.frame()).not.toContain('sandbox');
    narrow.unmount();
  });

  it('q with the help open closes the help, back to the list; a second q quits', async () => {
    const { screen } = await openSandbox('en');
    const listening = () => screen.stdin.listenerCount('readable') > 0;
    screen.type('?');
    await vi.waitFor(() => expect(screen.frame()).toContain('close this help'));
    screen.type('q');
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
    expect(listening()).toBe(true);
    // Esc and ? close it too, as before.
    screen.type('?');
    await vi.waitFor(() => expect(screen.frame()).toContain('close this help'));
    screen.type(ESC);
    await vi.waitFor(() => expect(screen.frame()).toContain('› ✓ initialize'));
    screen.type('q');
    await vi.waitFor(() => expect(listening()).toBe(false));
    screen.unmount();
  });
});

describe('the sandbox history reopens the verdict of any earlier step', () => {
  it.each(['en', 'zh'] as const)(
    '%s: the flagged request, after later messages, with its rule, severity, section and explanation; the peer’s steps and a close too',
    async (lang) => {
      const session = sandboxDefaults('legacy', 'client');
      const pickEnvelope = (key: string) => pick(session, key).envelope;
      // tools/list before initialize (flagged), then the handshake: the flagged one is two sends back.
      session.send(pickEnvelope('request:tools/list'));
      session.send(pickEnvelope('request:initialize'));
      session.send(pickEnvelope('notification:notifications/initialized'));
      session.act({ type: 'close' });
      const steps = session.log.steps;
      expect(steps[0]?.verdict?.violations.map((v) => v.rule)).toEqual(['initialize-not-first']);
      const screen = renderAt(<SandboxApp session={session} lang={lang} />, {
        columns: 80,
        rows: 24,
      });
      await vi.waitFor(() =>
        expect(screen.frame()).toContain(lang === 'en' ? 'The session so far' : '目前的会话'),
      );
      screen.type('h');
      // The newest step is chosen: the close, which no rule judges.
      await vi.waitFor(() =>
        expect(screen.frame()).toContain(
          lang === 'en' ? `Step ${steps.length}: ` : `第 ${steps.length} 步：`,
        ),
      );
      expect(screen.frame()).toContain(
        lang === 'en' ? 'no message, so no rule judges it' : '没有消息，所以没有规则评判它',
      );
      // One step up at a time (keys typed at once may arrive as one input), each label waited for.
      const stepTitle = (n: number) => (lang === 'en' ? `Step ${n}: ` : `第 ${n} 步：`);
      for (let n = steps.length - 1; n >= 1; n--) {
        screen.type('\u001B[A');
        await vi.waitFor(() => expect(screen.frame()).toContain(stepTitle(n)));
        // The server's answer to initialize: allowed.
        if (n === 4)
          expect(screen.frame()).toContain(
            lang === 'en'
              ? 'Step 4: server response initialize #2'
              : '第 4 步：服务器 回应 initialize #2',
          );
      }
      // The first step: the flagged tools/list, as the verdict box showed it when it was sent.
      expect(screen.frame()).toContain(
        lang === 'en'
          ? 'Step 1: client request tools/list #1'
          : '第 1 步：客户端 请求 tools/list #1',
      );
      const frame = screen.frame();
      const violation = steps[0]?.verdict?.violations[0];
      if (!violation) throw new Error('no violation');
      expect(frame).toContain(
        lang === 'en' ? '✗ rule broken: initialize-not-first' : '✗ 违反规则：initialize-not-first',
      );
      expect(frame.replace(/\s*[┃│]\s*/g, ' ')).toContain(
        (lang === 'en' ? violation.message : violation.messageZh).slice(0, 20),
      );
      expect(frame).toContain('§ 2025-11-25/basic/lifecycle');
      expectFits80x24(screen);
      // Esc: back to the list, whose verdict box is the learner's last message's again (none: a close).
      screen.type(ESC);
      await vi.waitFor(() =>
        expect(screen.frame()).not.toContain(lang === 'en' ? 'Step 1:' : '第 1 步：'),
      );
      screen.unmount();
    },
  );
});
