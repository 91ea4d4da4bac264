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
  diagram: `Usage: mcp-sim diagram [--format mermaid|json]

Prints the session lifecycle model, generated from the XState machine definition.
  --format mermaid   a Mermaid stateDiagram-v2 (default)
  --format json      the states, their descriptions and transitions as JSON`,
};
