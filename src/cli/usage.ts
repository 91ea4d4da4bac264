/** A usage error: one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const HELP = `mcp-sim — learn the Model Context Protocol one JSON-RPC envelope at a time

Usage:
  mcp-sim [--lang en|zh]                     the lesson menu (interactive)
  mcp-sim lessons [--json]                   list the lessons with their status
  mcp-sim lesson <id> [--plain|--json] [--lang en|zh] [--autoplay <seconds>]
                                             play a lesson; --plain prints a Markdown handout
  mcp-sim play <file> [--plain] [--lang en|zh]
                                             step through a transcript in the lesson screen
  mcp-sim trace <file> [--json] [--strict]   label every message of a transcript
  mcp-sim diagram [--format mermaid|json]    print the lifecycle model (from the machine itself)
  mcp-sim serve [--http <port> [--ui]] [--without <capability>]... [--versions v1,v2]
                [--trace-file <file>]        run the simulated server as a real MCP server (stdio);
                                             --http --ui shows the live session (classroom demo)
  mcp-sim connect [--plain|--json] [--call <tool> <json>]... -- <command> [args...]
                                             drive a real MCP server with the simulated client
  mcp-sim exercises [--json] [--init]        list the graded exercises (--init copies them here)
  mcp-sim check [<id>] [--json] [--format classroom|exercism] [--watch]
                                             grade your exercise code (all exercises without <id>)
  mcp-sim check <id> --play [--plain]        run your code's session in the lesson screen
  mcp-sim hint <id> [--all]                  the next hint for an exercise
  mcp-sim solution <id>                      the reference solution, once the exercise passes
  mcp-sim help [command]                     show this help

Transcript lines may be wrapped ({"direction": "client->server", "message": {...}}), bare JSON-RPC
messages (direction inferred), or host log lines ("... Message from client: {...}").

Exit codes: 0 success · 1 problems found (bad lines; violations with --strict) · 2 usage error.`;

export const COMMAND_HELP: Record<string, string> = {
  trace: `Usage: mcp-sim trace <file> [--json] [--strict]

Labels every message of a transcript with its direction, kind, method, primitive, phase, gating
capability and the rules it breaks, then prints a summary.
  --json     machine-readable output: {messages, summary, problems}
  --strict   exit 1 when any message breaks a rule (default: only unreadable lines do)
Use "-" as the file to read standard input.`,
  lessons: `Usage: mcp-sim lessons [--json] [--lang en|zh]

Lists the lessons in order with their status (new, in progress, done). A lesson file that cannot
be loaded is reported with its file and line; the others are still listed, and the exit code is 1.`,
  lesson: `Usage: mcp-sim lesson <id> [--plain|--json] [--lang en|zh] [--autoplay <seconds>]

Plays a lesson one envelope at a time in the terminal.
  --plain            print the whole walkthrough as a Markdown handout and exit
  --json             print the run as JSON: {id, title, steps: [{direction, message, note, violations}]}
  --lang en|zh       language (default: remembered, then LC_ALL / LANG)
  --autoplay <s>     advance by itself every <s> seconds (for a projector)
Keys: → n space next · ← p back · g/G first/last · ? help · q quit (progress saved).`,
  play: `Usage: mcp-sim play <file> [--plain] [--lang en|zh]

Steps through a recorded session (any format trace reads) in the lesson screen: every envelope,
what its fields mean, each side's phase, and the referee's verdict.
  --plain    print the walkthrough as Markdown instead (no terminal needed)`,
  serve: `Usage: mcp-sim serve [--without <capability>]... [--versions v1,v2] [--trace-file <file>]
                     [--lang en|zh]
       mcp-sim serve --http <port> [--host <address>] [--idle <minutes>] [--ui] [same options]

Runs the simulated server as a real MCP server: stdio by default (one JSON-RPC message per line
on stdout, logs and the referee's verdicts on stderr), or Streamable HTTP at /mcp.
  --without <path>     leave a capability out (repeatable): tools.listChanged, resources, logging…
  --versions v1,v2     the protocol revisions the server supports (default: all four)
  --trace-file <file>  record the session as a transcript that trace and play read; over HTTP
                       each session gets its own: <file>, then <stem>.2<ext>, <stem>.3<ext>…
  --http <port>        Streamable HTTP on http://127.0.0.1:<port>/mcp (0: any free port)
  --host <address>     listen on another address (Host and Origin are still checked)
  --idle <minutes>     with --http: end a session after this long without a request (default
                       30: a client that never sends DELETE leaves it behind); its id gets 404
  --ui                 with --http: show the live session in the terminal (needs a terminal);
                       it follows the newest envelope of the newest session; ← p g step back
                       (paused), G follows again, s next session, ? help, q stops the server.
                       Log lines are kept and written to stderr when the UI ends.
  --lang en|zh         language of the UI and of the log lines
Tools: calculator_arithmetic, weather_current, db_query, long_running_task (a progress step every
250 ms), summarize_text, collect_feedback, list_project_roots. Exits 0 when stdin ends (stdio)
or on Ctrl+C / SIGTERM (HTTP).`,
  connect: `Usage: mcp-sim connect [--plain|--json] [options] -- <command> [args...]

Starts a real MCP server as a child process and runs a session with the simulated client:
initialize, notifications/initialized, then tools/list, resources/list and prompts/list as the
server's capabilities allow, then the calls you ask for. Shows the recorded exchange in the
lesson screen (default), as Markdown (--plain) or as JSON like lesson --json (--json).
  --version <v>              the protocol version to offer (default 2025-11-25)
  --capability <path>        declare a client capability (repeatable): roots, sampling, elicitation…
  --call <tool> <json>       call a tool with these arguments, with a progress token (repeatable)
  --timeout <ms>             how long to wait for each answer (default 10000)
  --trace-file <file>        also save the exchange as a transcript
  --lang en|zh               language of the notes
A server that writes other text to stdout, exits early or never answers is explained; exit 1.`,
  exercises: `Usage: mcp-sim exercises [--json] [--init] [--lang en|zh]

Lists the graded exercises with their status and points. You edit the files in exercises/<id>/
and run mcp-sim check <id>.
  --json   {exercises: [{id, number, title, status, points, maxPoints, files}]}
  --init   copy the exercises into ./exercises (nothing already there is overwritten)`,
  check: `Usage: mcp-sim check [<id>] [--json] [--format classroom|exercism] [--watch] [--lang en|zh]
       mcp-sim check <id> --play [--plain] [--lang en|zh]

Grades your code for one exercise (or all of them): it runs in a separate process with a time
limit, plugged into a simulated peer, and the referee judges every envelope. Each check is all or
nothing; a failed one says what was expected and what was seen. Progress goes to .mcp-sim/.
  --json                {points, maxPoints, exercises: [{id, title, points, maxPoints, status, checks}]}
  --format classroom    the GitHub Classroom autograding result object
  --format exercism     an Exercism results.json (version 3)
  --watch               check again whenever you save one of the exercise's files
  --play                run your code against the exercise's scenario and step through the
                        session in the lesson screen (progress bar, the referee's callouts);
                        nothing is graded. Exercises 1-4 have a session to play.
  --plain               with --play: print that walkthrough as Markdown (no terminal needed)
<id> is the folder name (01-progress), its number (1) or its title (progress-notifications).
Exit 0 when every check passes, else 1.`,
  hint: `Usage: mcp-sim hint <id> [--all] [--lang en|zh]

Shows the next hint for an exercise, a little more help each time.
  --all   show every hint at once`,
  solution: `Usage: mcp-sim solution <id> [--lang en|zh]

Shows the reference solution, once mcp-sim check has seen the exercise pass.`,
  diagram: `Usage: mcp-sim diagram [--format mermaid|json]

Prints the session lifecycle model, generated from the XState machine definition.
  --format mermaid   a Mermaid stateDiagram-v2 (default)
  --format json      the states, their descriptions and transitions as JSON`,
};
