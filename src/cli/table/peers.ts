import { type CommandSpec, LANG_OPTION } from './types.js';

export const serve = {
  summary: {
    en: 'run the simulated server as a real MCP server (stdio, or Streamable HTTP with --http); --http --ui shows the live session (a classroom demo)',
    zh: '把模拟服务器作为真正的 MCP 服务器运行（stdio，或用 --http 提供 Streamable HTTP）；--http --ui 显示实时会话（课堂演示）',
  },
  about: {
    en: 'Runs the simulated server as a real MCP server: stdio by default (one JSON-RPC message per line on stdout, logs and the referee’s verdicts on stderr), or Streamable HTTP at /mcp.',
    zh: '把模拟服务器作为真正的 MCP 服务器运行：默认使用 stdio（stdout 上每行一条 JSON-RPC 消息，日志和裁判的判断写到 stderr），或在 /mcp 上提供 Streamable HTTP。',
  },
  positionals: [],
  options: {
    without: {
      kind: 'repeatable',
      value: '<path>',
      help: {
        en: 'leave a capability out: tools.listChanged, resources, logging…',
        zh: '去掉一项能力：tools.listChanged、resources、logging……',
      },
    },
    versions: {
      kind: 'string',
      value: 'v1,v2',
      help: {
        en: 'the protocol revisions the server supports (default: all four)',
        zh: '服务器支持的协议版本（默认：全部四个）',
      },
    },
    era: {
      kind: 'string',
      choices: ['dual', 'modern', 'legacy'],
      help: {
        en: 'the eras the server speaks, on stdio and over HTTP (default dual: the opening message fixes the era, server/discover or a request with the 2026-07-28 _meta envelope → modern, initialize → legacy); modern answers initialize with -32022, legacy answers server/discover with an error',
        zh: '服务器使用的时代，stdio 和 HTTP 都适用（默认 dual：由开场消息决定时代，server/discover 或带 2026-07-28 _meta 信封的请求 → 现代，initialize → 旧时代）；modern 对 initialize 回应 -32022，legacy 对 server/discover 回应错误',
      },
    },
    'trace-file': {
      kind: 'string',
      value: '<file>',
      help: {
        en: 'record the session as a transcript that trace and play read; over HTTP each session gets its own: <file>, then <stem>.2<ext>, <stem>.3<ext>… (the bodies POSTed outside any session that are no message share one of their own, <stem>.unread<ext>, so the first session keeps <file>); on stdio one per process (a process that only answered a server/discover probe, or finds <file> in use by another serve, takes the next number)',
        zh: '把会话录制为 trace 和 play 能读的会话记录；使用 HTTP 时每个会话各有一份：<file>，然后是 <stem>.2<ext>、<stem>.3<ext>……（在任何会话之外 POST 的、不是消息的请求体另外共用一份 <stem>.unread<ext>，因此第一个会话仍记录在 <file>）；使用 stdio 时每个进程一份（只回应了 server/discover 探测的进程，或发现 <file> 正被另一个 serve 使用的进程，改用下一个编号）',
      },
    },
    http: {
      kind: 'string',
      value: '<port>',
      help: {
        en: 'Streamable HTTP on http://127.0.0.1:<port>/mcp (0: any free port)',
        zh: '在 http://127.0.0.1:<port>/mcp 上提供 Streamable HTTP（0：任意空闲端口）',
      },
    },
    host: {
      kind: 'string',
      value: '<address>',
      help: {
        en: 'with --http: listen on another address (Host and Origin are still checked)',
        zh: '与 --http 一起使用：监听另一个地址（仍会检查 Host 和 Origin）',
      },
    },
    idle: {
      kind: 'string',
      value: '<minutes>',
      help: {
        en: 'with --http: end a session after this long without a request (default 30: a client that never sends DELETE leaves it behind); its id then gets 404',
        zh: '与 --http 一起使用：会话在这么长时间内没有请求就结束（默认 30：从不发送 DELETE 的客户端会把会话留下）；之后这个 id 得到 404',
      },
    },
    ui: {
      kind: 'boolean',
      help: {
        en: 'with --http: show the live session in the terminal (needs a terminal); it follows the newest envelope of the newest session; ← p g step back (paused), G follows again, s next session, ? help, q stops the server. Log lines are kept and written to stderr when the UI ends.',
        zh: '与 --http 一起使用：在终端中显示实时会话（需要终端）；界面跟随最新会话的最新消息；← p g 后退（暂停），G 重新跟随，s 下一个会话，? 帮助，q 停止服务器。日志行先保留，界面结束时写到 stderr。',
      },
    },
    lang: {
      ...LANG_OPTION,
      help: { en: 'language of the UI and of the log lines', zh: '界面和日志行的语言' },
    },
  },
  notes: {
    en: 'Tools, in either era: calculator_arithmetic, weather_current, db_query, long_running_task (a progress step every 250 ms; failAtStep makes the work fail at that step with an isError result), summarize_text, collect_feedback and list_project_roots (they need the client’s sampling, elicitation or roots), connect_account (needs URL-mode elicitation: 2025-11-25 asks with -32042, 2026-07-28 with an input_required round), toggle_tool (makes the tool list change) and add_note (changes file:///project/notes.txt). serve declares no tasks capability, so no tool runs as a task here. Exits 0 when stdin ends (stdio) or on Ctrl+C / SIGTERM (HTTP).',
    zh: '工具（两个时代都有）：calculator_arithmetic、weather_current、db_query、long_running_task（每 250 毫秒一步进度；给出 failAtStep 时，工作在那一步失败，返回 isError 结果）、summarize_text、collect_feedback 和 list_project_roots（分别需要客户端的 sampling、elicitation 或 roots）、connect_account（需要 URL 模式的 elicitation：2025-11-25 用 -32042 发起，2026-07-28 用 input_required 轮次发起）、toggle_tool（让工具列表发生变化）和 add_note（修改 file:///project/notes.txt）。serve 不声明 tasks 能力，因此这里没有工具会以任务方式运行。stdin 结束时（stdio）或收到 Ctrl+C / SIGTERM 时（HTTP）以 0 退出。',
  },
} as const satisfies CommandSpec;

export const connect = {
  summary: {
    en: 'drive a real MCP server with the simulated client',
    zh: '用模拟客户端驱动一个真正的 MCP 服务器',
  },
  about: {
    en: 'Starts a real MCP server as a child process (or reaches one over Streamable HTTP with --url) and runs a session with the simulated client: by default it probes with server/discover (the 2026-07-28 modern era, every request carrying its _meta envelope) and falls back to the handshake when the server does not answer as a modern one; in the handshake: initialize, notifications/initialized, then tools/list, resources/list and prompts/list as the server’s capabilities allow, then the calls you ask for. Shows the recorded exchange in the lesson screen (default), as Markdown (--plain) or as JSON like lesson --json (--json).',
    zh: '把一个真正的 MCP 服务器作为子进程启动（或用 --url 通过 Streamable HTTP 连接它），并用模拟客户端与它进行一次会话：默认先用 server/discover 探测（2026-07-28 新时代，每个请求都带 _meta 信封），服务器不以现代方式回应时退回握手；握手时依次是 initialize、notifications/initialized，然后在服务器能力允许时发送 tools/list、resources/list 和 prompts/list，最后执行你要求的调用。录下的交互显示在课程界面中（默认），或以 Markdown（--plain）或与 lesson --json 相同的 JSON（--json）输出。',
  },
  positionals: [
    {
      name: 'command',
      rest: true,
      // Not required by the table: --url stands in for it (connect says which one is missing).
      or: 'url',
      help: {
        en: 'the server to start, with its arguments: every word after --, which mcp-sim leaves alone (without --, from the first word that is not an option)',
        zh: '要启动的服务器及其参数：-- 之后的所有词，mcp-sim 不会解读它们（不写 -- 时，从第一个不是选项的词开始）',
      },
    },
  ],
  options: {
    plain: {
      kind: 'boolean',
      help: {
        en: 'print the exchange as Markdown (no terminal needed)',
        zh: '以 Markdown 输出这次交互（无需终端）',
      },
    },
    json: {
      kind: 'boolean',
      help: {
        en: 'print the exchange as JSON, like lesson --json',
        zh: '以 JSON 输出这次交互，格式同 lesson --json',
      },
    },
    url: {
      kind: 'string',
      value: '<url>',
      once: true,
      help: {
        en: 'connect to a server over Streamable HTTP at this http(s) URL instead of starting one (exactly one of --url and -- <command>); each message is POSTed with the headers its era asks for, answers read as JSON or SSE',
        zh: '不启动服务器，而是通过 Streamable HTTP 连接这个 http(s) 地址上的服务器（--url 和 -- <command> 只能且必须给出一个）；每条消息都带着其时代要求的请求头 POST 过去，回应按 JSON 或 SSE 读取',
      },
    },
    era: {
      kind: 'string',
      choices: ['auto', 'legacy', 'modern'],
      help: {
        en: 'how to find the server’s era (default auto): auto probes with server/discover and falls back to initialize on any other answer or none; legacy opens with initialize; modern probes and has no fallback',
        zh: '如何判断服务器的时代（默认 auto）：auto 先用 server/discover 探测，收到其他回应或没有回应时退回 initialize；legacy 直接以 initialize 开始；modern 只探测，不退回',
      },
    },
    version: {
      kind: 'string',
      value: '<v>',
      help: {
        en: 'pin the protocol version to offer (default 2025-11-25 for initialize, 2026-07-28 for the probe): 2026-07-28 means --era modern; a handshake version such as 2025-06-18 means --era legacy unless --era auto is given',
        zh: '固定要提供的协议版本（initialize 默认 2025-11-25，探测默认 2026-07-28）：2026-07-28 即 --era modern；2025-06-18 这样的握手版本即 --era legacy，除非另外给出 --era auto',
      },
    },
    'probe-timeout': {
      kind: 'string',
      value: '<ms>',
      help: {
        en: 'how long the server/discover probe waits before auto falls back (default 5000)',
        zh: 'server/discover 探测最多等待多久，超时后 auto 退回握手（默认 5000）',
      },
    },
    capability: {
      kind: 'repeatable',
      value: '<path>',
      help: {
        en: 'declare a client capability: roots, sampling, elicitation…',
        zh: '声明一项客户端能力：roots、sampling、elicitation……',
      },
    },
    call: {
      kind: 'repeatable',
      value: '<tool>',
      second: '[<json>]',
      help: {
        en: 'call a tool with these arguments (a JSON object), with a progress token; a tool that runs only as a task (2025-11-25) is called as one and polled',
        zh: '用这些参数（一个 JSON 对象）调用一个工具，并带上进度令牌；只能以任务方式运行的工具（2025-11-25）会以任务方式调用并轮询',
      },
    },
    timeout: {
      kind: 'string',
      value: '<ms>',
      help: {
        en: 'how long to wait for each answer (default 10000)',
        zh: '每个回应最多等待多久（默认 10000）',
      },
    },
    'trace-file': {
      kind: 'string',
      value: '<file>',
      help: {
        en: 'also save the exchange as a transcript',
        zh: '同时把这次交互保存为会话记录',
      },
    },
    lang: {
      ...LANG_OPTION,
      help: { en: 'language of the notes', zh: '说明文字的语言' },
    },
  },
  notes: {
    en: 'A server that writes other text to stdout, exits early or never answers is explained; exit 1.',
    zh: '服务器向 stdout 写入其他文本、提前退出或一直不回应时，会说明原因，并以 1 退出。',
  },
} as const satisfies CommandSpec;
