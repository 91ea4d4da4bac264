/**
 * The program the child process runs, confined, over the learner's module as plain JavaScript (the
 * grader transpiled it). It loads the learner's module and calls what the grader asks over the IPC channel; the
 * functions the learner gets post events back and wait for the grader's reply. The checks stay in
 * the parent; nothing the learner prints reaches the parent's stdout. Kept as source text because
 * the CLI is one bundle and the child needs a file of its own: it is passed to `node -e`.
 */
import { firstNonFinite } from './runner.js';

export const HARNESS_SOURCE = `
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
const file = process.argv[1];
// The permission model does not cover signals: only this process may be signalled, so the learner's
// code cannot kill the grader (process.ppid) or anything else. process.kill calls process._kill.
const rawKill = process._kill;
Object.defineProperty(process, '_kill', {
  value: (pid, signal) => (pid === process.pid ? rawKill.call(process, pid, signal) : -1),
  writable: false,
  configurable: false,
});
// Nor may it reach Node's module loaders by another door: getBuiltinModule('vm') would give it what
// the bundle refuses to import, binding() and dlopen() native code. The error's stack starts at the
// learner's call, so the report names their line, not this one.
for (const name of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen']) {
  const refuse = () => {
    const error = new Error('process.' + name + ' is not available to exercise code');
    Error.captureStackTrace(error, refuse);
    throw error;
  };
  Object.defineProperty(process, name, { value: refuse, writable: false, configurable: false });
}
// Nor reach the network, which the permission model leaves open: the learner's code could send its
// inputs to a program elsewhere and return that program's answers (the bundle refuses node:net,
// node:http and the like; these are the globals that reach it).
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  if (!(name in globalThis)) continue;
  const refuse = () => {
    const error = new Error(name + ' is not available to exercise code (it reaches the network)');
    Error.captureStackTrace(error, refuse);
    throw error;
  };
  Object.defineProperty(globalThis, name, { value: refuse, writable: false, configurable: false });
}
const send = (message) => { if (process.connected) process.send(message); };
// Where in the learner's own files an error was thrown: the first frame of its stack under the
// exercise folder (the cwd), mapped back to the .ts source by the bundle's inline source map.
const where = (e) => {
  const stack = typeof e.stack === 'string' ? e.stack : '';
  const folder = process.cwd() + '/';
  for (const line of stack.split('\\n').slice(1)) {
    // \`at fn (<path>:1:2)\` or \`at <path>:1:2\`; the path may hold spaces (a folder "my course").
    const m = /(?:\\(|\\bat )((?:file:\\/\\/)?\\/[^()]*?):(\\d+):(\\d+)\\)?\\s*$/.exec(line);
    if (!m) continue;
    let path = m[1];
    if (path.startsWith('file://')) {
      try { path = decodeURIComponent(path.slice(7)); } catch { path = path.slice(7); }
    }
    // This harness runs as \`node -e\` in the exercise folder: its frames are <folder>/[eval1].
    if (/\\[eval\\d*\\]$/.test(path)) continue;
    if (path.startsWith(folder)) return ' (at ' + path.slice(folder.length) + ':' + m[2] + ':' + m[3] + ')';
  }
  return '';
};
const describe = (e) => (e instanceof Error ? e.name + ': ' + e.message + where(e) : 'thrown value: ' + String(e));
const nonFinite = (${firstNonFinite.toString()});
const toJson = (v) => {
  if (v === undefined) return undefined;
  const text = JSON.stringify(v);
  const bad = nonFinite(v);
  if (bad !== null) throw new TypeError(bad + ', which JSON cannot hold');
  return text === undefined ? undefined : JSON.parse(text);
};
const waiting = new Map();
const controllers = new Map();
// The calls still running: a cancellation reaches only those (a call that has returned has
// nothing left to stop, and its result is already on its way).
const running = new Set();
let seq = 0;
let generation = 0;
let mod = {};
// Which call an uncaught error came from: the call's id follows its timers and promises.
const calling = new AsyncLocalStorage();
let lastCall;
async function load() {
  const loaded = await import(pathToFileURL(file).href + '?v=' + generation++);
  const inner = loaded.default;
  mod = inner && typeof inner === 'object' ? { ...inner, ...loaded } : loaded;
}
function revive(value, id) {
  if (Array.isArray(value)) return value.map((v) => revive(v, id));
  if (value && typeof value === 'object') {
    if (typeof value.$fn === 'string') {
      const name = value.$fn;
      const fn = (...args) => {
        const s = seq++;
        // Where the learner called it: an error it rejects with (the peer answered with an error,
        // say) points there, not into this harness, whose frames alone the reply would carry.
        const origin = {};
        Error.captureStackTrace(origin, fn);
        let payload;
        try { payload = toJson(args); } catch (e) { return Promise.reject(new TypeError('arguments are not JSON: ' + describe(e))); }
        send({ t: 'event', id, seq: s, name, args: payload });
        return new Promise((resolve, reject) => waiting.set(s, { resolve, reject, origin }));
      };
      return fn;
    }
    if (value.$signal === true) {
      const controller = new AbortController();
      controllers.set(id, controller);
      return controller.signal;
    }
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = revive(v, id);
    return out;
  }
  return value;
}
const crashed = (error) => send({ t: 'crash', error, id: calling.getStore() ?? lastCall });
process.on('uncaughtException', (e) => crashed('uncaught ' + describe(e)));
process.on('unhandledRejection', (e) => crashed('unhandled rejection: ' + describe(e)));
process.on('message', async (m) => {
  if (m.t === 'reply') {
    const w = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (!w) return;
    if (m.ok) return w.resolve(m.value);
    const error = new Error(m.error);
    error.stack = 'Error: ' + m.error + '\\n' + String(w.origin.stack).split('\\n').slice(1).join('\\n');
    w.reject(error);
  } else if (m.t === 'abort') {
    if (!running.has(m.id)) return;
    send({ t: 'event', id: m.id, seq: seq++, name: '$aborted', args: [] });
    controllers.get(m.id)?.abort();
  } else if (m.t === 'get') {
    try { send({ t: 'result', id: m.id, ok: true, value: toJson(mod[m.name]) }); }
    catch (e) { send({ t: 'result', id: m.id, ok: false, error: describe(e) }); }
  } else if (m.t === 'flush') {
    // Answered after two turns of the event loop: a reply delivered before this message that
    // rejected a promise nothing awaits has been reported by then (Node reports an unhandled
    // rejection when the callback that rejected it ends), and IPC keeps the order of messages, so
    // the grader reads the crash before this answer. Answering at once loses that race when the
    // reply and this message arrive in one read (seen on Node 24).
    setImmediate(() => setImmediate(() => send({ t: 'result', id: m.id, ok: true })));
  } else if (m.t === 'reload') {
    try { await load(); send({ t: 'result', id: m.id, ok: true }); }
    catch (e) { send({ t: 'result', id: m.id, ok: false, error: describe(e) }); }
  } else if (m.t === 'call') {
    const f = mod[m.name];
    if (typeof f !== 'function') {
      send({ t: 'result', id: m.id, ok: false, missing: true, error: 'no function ' + m.name });
      return;
    }
    lastCall = m.id;
    running.add(m.id);
    try {
      const value = await calling.run(m.id, () => f(...revive(m.args, m.id)));
      running.delete(m.id);
      let json;
      try { json = toJson(value); } catch (e) {
        send({ t: 'result', id: m.id, ok: false, error: 'the result is not JSON: ' + (e instanceof Error ? e.message : String(e)) });
        return;
      }
      send({ t: 'result', id: m.id, ok: true, value: json });
    } catch (e) {
      running.delete(m.id);
      send({ t: 'result', id: m.id, ok: false, error: describe(e) });
    }
  }
});
try {
  await load();
  send({ t: 'ready' });
} catch (e) {
  send({ t: 'load-error', error: describe(e) });
}
`;
