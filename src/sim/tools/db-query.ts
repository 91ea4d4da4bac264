import { createRequire } from 'node:module';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Parser } from 'node-sql-parser';
import type { Database, SqlJsStatic, SqlValue, Statement } from 'sql.js';
import { SAMPLE_DB_SCHEMA, SAMPLE_DB_SQL } from './sample-db.js';
import type { PureTool } from './types.js';

export const MAX_ROWS = 50;
export const MAX_SQL_LENGTH = 2000;
/**
 * sql.js offers no progress handler or interrupt, and `run` is synchronous, so a runaway query
 * would freeze the whole simulator. With tables of about ten rows, six table references bound a
 * query to roughly 10^6 row combinations, which SQLite finishes in well under a second.
 */
export const MAX_TABLE_REFERENCES = 6;
/** Longest cell shown in the text table; structuredContent keeps the whole value. */
const MAX_CELL_WIDTH = 40;

/**
 * Functions a SELECT may not call, with why, as the end of a sentence: those that touch anything
 * outside the query (most are missing from sql.js anyway), those whose answer is not the same on
 * every call, and a blob maker that can eat all memory.
 */
const REFUSED_FUNCTIONS: ReadonlyMap<string, string> = new Map([
  ['load_extension', 'which could load native code into the database'],
  ['writefile', 'which writes files'],
  ['readfile', 'which reads files'],
  ['edit', 'which runs an editor'],
  ['fts3_tokenizer', 'which can change how the database behaves'],
  ['random', 'whose answer changes from call to call'],
  ['randomblob', 'whose answer changes from call to call'],
  ['zeroblob', 'which can allocate huge blobs'],
  ['current_timestamp', 'whose answer depends on the clock'],
  ['current_date', 'whose answer depends on the clock'],
  ['current_time', 'whose answer depends on the clock'],
]);
/** Date functions that read the clock when given 'now' or, except strftime, no argument at all. */
const DATE_FUNCTIONS: ReadonlySet<string> = new Set([
  'date',
  'time',
  'datetime',
  'julianday',
  'unixepoch',
  'strftime',
  'timediff',
]);

/** Keywords that start an SQLite statement other than a query. */
const STATEMENT_KEYWORDS: ReadonlySet<string> = new Set([
  'ALTER',
  'ANALYZE',
  'ATTACH',
  'BEGIN',
  'COMMIT',
  'CREATE',
  'DELETE',
  'DETACH',
  'DROP',
  'END',
  'EXPLAIN',
  'INSERT',
  'PRAGMA',
  'REINDEX',
  'RELEASE',
  'REPLACE',
  'ROLLBACK',
  'SAVEPOINT',
  'UPDATE',
  'VACUUM',
  'VALUES',
]);

type SqlParserModule = { readonly default: { readonly Parser: new () => Parser } };

type Engine = {
  readonly SQL: SqlJsStatic;
  /** The sample database as an SQLite file image; every call opens its own copy. */
  readonly image: Uint8Array;
  readonly parser: Parser;
};

let engine: Engine | undefined;

/**
 * Loads sql.js (WebAssembly, so asynchronous) and the SQL parser, and builds the sample database
 * once. The parser's SQLite-only build is used: the package's main entry bundles every dialect and
 * costs about a second to import.
 */
export async function prepareDbQuery(): Promise<void> {
  if (engine !== undefined) return;
  const require = createRequire(import.meta.url);
  const [{ default: initSqlJs }, parserModule] = await Promise.all([
    import('sql.js'),
    import('node-sql-parser/build/sqlite.js') as Promise<unknown> as Promise<SqlParserModule>,
  ]);
  const SQL = await initSqlJs({ locateFile: (file) => require.resolve(`sql.js/dist/${file}`) });
  const db = new SQL.Database();
  try {
    db.run(SAMPLE_DB_SQL);
    engine = { SQL, image: db.export(), parser: new parserModule.default.Parser() };
  } finally {
    db.close();
  }
}

const failure = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
});

const refuse = (got: string): CallToolResult =>
  failure(`db_query only runs a single read-only SELECT; got ${got}.`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The first keyword after any whitespace and comments, upper-case. */
function leadingKeyword(sql: string): string | undefined {
  const rest = sql.replace(/^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, '');
  return /^[A-Za-z_]+/.exec(rest)?.[0]?.toUpperCase();
}

/** The parser's message on one short line, e.g. `Expected "=", … but "w" found`. */
function shortParseError(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
  const expected = /^Expected (.*) but (.*) found\.?$/.exec(message);
  const options = expected?.[1]?.split(/, (?:or )?| or /);
  const short =
    expected !== null && options !== undefined && options.length > 4
      ? `Expected ${options.slice(0, 4).join(', ')}, … but ${expected[2]} found`
      : message.replace(/\.$/, '');
  const start = isRecord(error) && isRecord(error.location) ? error.location.start : undefined;
  return isRecord(start) && typeof start.line === 'number' && typeof start.column === 'number'
    ? `${short} (line ${start.line}, column ${start.column})`
    : short;
}

/** The lower-case name of a function-call node, or undefined for any other node. */
function functionName(node: Record<string, unknown>): string | undefined {
  if (node.type === 'aggr_func' && typeof node.name === 'string') return node.name.toLowerCase();
  if (node.type !== 'function' || !isRecord(node.name)) return undefined;
  const parts = node.name.name;
  const last = Array.isArray(parts) ? parts.at(-1) : undefined;
  return isRecord(last) && typeof last.value === 'string' ? last.value.toLowerCase() : undefined;
}

/** Names of the tables that the `from` clauses anywhere under `node` read. */
function tablesRead(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) tablesRead(item, into);
  } else if (isRecord(node)) {
    if (Array.isArray(node.from)) {
      for (const item of node.from) {
        if (isRecord(item) && typeof item.table === 'string') into.push(item.table.toLowerCase());
      }
    }
    for (const value of Object.values(node)) tablesRead(value, into);
  }
  return into;
}

/**
 * Why this parsed SELECT may not run, or undefined. SQLite has no `SELECT … INTO` or `FOR UPDATE`,
 * so in SQLite a SELECT changes things only through the functions it calls; the other checks keep
 * the answer deterministic and the synchronous call short.
 */
function selectRefusal(select: unknown): string | undefined {
  let tableReferences = 0;
  const visit = (node: unknown): string | undefined => {
    if (Array.isArray(node)) {
      for (const item of node) {
        const found = visit(item);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isRecord(node)) return undefined;
    if (isRecord(node.into) && node.into.expr != null) return 'a SELECT … INTO, which writes';
    if (node.for_update || node.locking_read) return 'a SELECT that locks rows';
    if (Array.isArray(node.from)) tableReferences += node.from.length;
    if (Array.isArray(node.with)) {
      for (const cte of node.with) {
        const name = isRecord(cte) && isRecord(cte.name) ? cte.name.value : undefined;
        const body = isRecord(cte) && isRecord(cte.stmt) ? cte.stmt.ast : undefined;
        if (typeof name === 'string' && tablesRead(body).includes(name.toLowerCase())) {
          return `a recursive WITH (${name}), which could run forever`;
        }
      }
    }
    const name = functionName(node);
    if (name !== undefined) {
      const why = REFUSED_FUNCTIONS.get(name);
      // CURRENT_TIMESTAMP and its kin are keywords, written without parentheses.
      const call = name.startsWith('current_') ? name.toUpperCase() : `${name}()`;
      if (why !== undefined) return `a SELECT calling ${call}, ${why}`;
      const args = isRecord(node.args) && Array.isArray(node.args.value) ? node.args.value : [];
      const usesNow = args.some(
        (arg) => isRecord(arg) && typeof arg.value === 'string' && /^\s*now\s*$/i.test(arg.value),
      );
      if (DATE_FUNCTIONS.has(name) && (usesNow || args.length === 0)) {
        return `a SELECT calling ${name}('now'), whose answer depends on the clock`;
      }
    }
    for (const value of Object.values(node)) {
      const found = visit(value);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const found = visit(select);
  if (found !== undefined) return found;
  return tableReferences > MAX_TABLE_REFERENCES
    ? `a SELECT with ${tableReferences} table references, more than the ${MAX_TABLE_REFERENCES} allowed`
    : undefined;
}

/** A cell as JSON can carry it: blobs as SQL hex literals, infinities as text. */
function jsonCell(value: SqlValue): Cell {
  if (value instanceof Uint8Array) return `x'${Buffer.from(value).toString('hex')}'`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return value;
}

function displayCell(value: Cell): string {
  if (value === null) return 'NULL';
  const text = String(value).replace(/\s/g, ' ');
  const chars = [...text];
  return chars.length > MAX_CELL_WIDTH ? `${chars.slice(0, MAX_CELL_WIDTH - 1).join('')}…` : text;
}

/** A psql-style table: readable in a terminal, numbers right-aligned. */
function formatTable(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const names = columns.map(displayCell);
  const cells = rows.map((row) => row.map(displayCell));
  const widths = names.map((name, i) =>
    Math.max([...name].length, ...cells.map((row) => [...(row[i] ?? '')].length)),
  );
  const pad = (text: string, i: number, right: boolean): string => {
    const gap = ' '.repeat((widths[i] ?? 0) - [...text].length);
    return right ? gap + text : text + gap;
  };
  const header = names.map((name, i) => pad(name, i, false)).join(' | ');
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  const body = cells.map((row, r) =>
    row.map((cell, i) => pad(cell, i, typeof rows[r]?.[i] === 'number')).join(' | '),
  );
  return [header, rule, ...body].map((line) => line.trimEnd()).join('\n');
}

export type Cell = string | number | null;

export type QueryOutcome =
  | {
      readonly kind: 'rows';
      readonly columns: string[];
      readonly rows: Cell[][];
      readonly truncated: boolean;
    }
  /** `reason` finishes "db_query only runs a single read-only SELECT; got …". */
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Runs SQL that the parser has already vetted, as the second safety net should the parser ever
 * let a write through: each call opens its own copy of the database image, so nothing one call
 * changes can reach the next or the image, query_only makes SQLite itself refuse writes within the
 * call, and SQLite's own tokenizer must see exactly one statement. Exported so tests can check this
 * net without the parser in front of it.
 */
export function runOnPrivateCopy(sql: string): QueryOutcome {
  if (engine === undefined) return { kind: 'failed', message: 'tool not ready' };
  const db: Database = new engine.SQL.Database(engine.image);
  let statement: Statement | undefined;
  try {
    db.run('PRAGMA query_only = ON');
    const statements = db.iterateStatements(sql);
    const first = statements.next();
    if (first.done) return { kind: 'refused', reason: 'no statement' };
    statement = first.value;
    // Only compiled, never run; a separate iterator, since moving this one on frees `statement`.
    const rest = db.iterateStatements(statements.getRemainingSQL());
    let more: boolean;
    try {
      const next = rest.next();
      more = !next.done;
      if (!next.done) next.value.free();
    } catch {
      more = true;
    }
    if (more) return { kind: 'refused', reason: 'more than one statement' };
    const columns = statement.getColumnNames();
    const rows: Cell[][] = [];
    let truncated = false;
    while (statement.step()) {
      if (rows.length === MAX_ROWS) {
        truncated = true;
        break;
      }
      rows.push(statement.get().map(jsonCell));
    }
    return { kind: 'rows', columns, rows, truncated };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
    return { kind: 'failed', message: message.replace(/\.$/, '') };
  } finally {
    statement?.free();
    db.close();
  }
}

export const dbQueryTool: PureTool = {
  definition: {
    name: 'db_query',
    title: 'Query the sample database',
    description: `Runs one read-only SQL SELECT (SQLite dialect) on a small sample shop database and returns the rows, at most ${MAX_ROWS}. Tables: ${SAMPLE_DB_SCHEMA}. Statements that change anything are refused.`,
    inputSchema: {
      type: 'object',
      properties: {
        sql: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_SQL_LENGTH,
          description:
            'A single SELECT statement, e.g. "SELECT name, city FROM customers ORDER BY name".',
        },
      },
      required: ['sql'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'string' } },
        rows: {
          type: 'array',
          description: "One array per row, in column order; blobs appear as hex literals (x'…').",
          // anyOf rather than a type array: clients that map schemas onto a one-type dialect
          // (the MCP Inspector's portability check, Gemini function declarations) accept it.
          items: {
            type: 'array',
            items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
          },
        },
        rowCount: { type: 'integer', description: 'How many rows are in rows.' },
        truncated: {
          type: 'boolean',
          description: `True when the query returned more than the ${MAX_ROWS} rows shown.`,
        },
      },
      required: ['columns', 'rows', 'rowCount', 'truncated'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },

  run(args) {
    const unexpected = Object.keys(args).filter((key) => key !== 'sql');
    if (unexpected.length > 0) {
      return failure(`Unexpected argument ${unexpected.join(', ')}: db_query takes only sql.`);
    }
    const { sql } = args;
    if (typeof sql !== 'string' || sql.trim() === '') {
      return failure('The sql argument is required and must be a non-empty string.');
    }
    if (sql.length > MAX_SQL_LENGTH) {
      return failure(`The SQL is ${sql.length} characters long; the limit is ${MAX_SQL_LENGTH}.`);
    }
    if (engine === undefined) {
      return failure(
        'Tool not ready: db_query is still loading, so the server must await prepareTools() first.',
      );
    }

    let parsed: unknown;
    try {
      parsed = engine.parser.astify(sql, { database: 'sqlite' });
    } catch (error) {
      // The parser does not know every statement SQLite has (PRAGMA, VACUUM, …): name the
      // statement when it is plainly not a SELECT, rather than report a syntax error.
      const keyword = leadingKeyword(sql);
      if (keyword !== undefined && STATEMENT_KEYWORDS.has(keyword)) return refuse(keyword);
      return failure(`db_query could not parse the SQL: ${shortParseError(error)}.`);
    }
    const statements = Array.isArray(parsed) ? parsed : [parsed];
    const kinds = statements.map((statement) =>
      isRecord(statement) && typeof statement.type === 'string'
        ? statement.type.toUpperCase()
        : 'UNKNOWN',
    );
    if (statements.length === 0) return failure('The sql argument holds no SQL statement.');
    if (statements.length > 1)
      return refuse(`${statements.length} statements (${kinds.join(', ')})`);
    if (kinds[0] !== 'SELECT') return refuse(kinds[0] ?? 'UNKNOWN');
    const refused = selectRefusal(statements[0]);
    if (refused !== undefined) return refuse(refused);

    const outcome = runOnPrivateCopy(sql);
    if (outcome.kind === 'refused') return refuse(outcome.reason);
    if (outcome.kind === 'failed') {
      return failure(`SQLite could not run the query: ${outcome.message}.`);
    }
    const { columns, rows, truncated } = outcome;
    const structuredContent = { columns, rows, rowCount: rows.length, truncated };
    const footer = truncated
      ? `(first ${MAX_ROWS} rows shown; the query returned more: add a LIMIT or a WHERE clause)`
      : `(${rows.length} ${rows.length === 1 ? 'row' : 'rows'})`;
    return {
      content: [
        { type: 'text', text: `${formatTable(columns, rows)}\n${footer}` },
        // Server › Tools › Structured Content: the same JSON as text, for clients that predate it.
        { type: 'text', text: JSON.stringify(structuredContent) },
      ],
      structuredContent,
    };
  },
};
