import { type CallToolResult, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dbQueryTool,
  MAX_ROWS,
  prepareDbQuery,
  runOnPrivateCopy,
} from '../../../src/sim/tools/db-query.js';
import { firstText, toolHarness } from './harness.js';

const { definition } = dbQueryTool;
const harness = toolHarness(dbQueryTool);
const call = (sql: unknown, extra: Record<string, unknown> = {}): CallToolResult =>
  harness.call({ sql, ...extra });
const expectError = (sql: unknown, pattern: RegExp, extra: Record<string, unknown> = {}): void =>
  harness.expectError({ sql, ...extra }, pattern);

const rowsOf = (sql: string): unknown[][] => {
  const result = call(sql);
  expect(result.isError, firstText(result)).toBeFalsy();
  return (result.structuredContent as { rows: unknown[][] }).rows;
};

const customerCount = (): unknown => rowsOf('SELECT count(*) FROM customers')[0]?.[0];

describe('db_query definition', () => {
  it('is a valid MCP Tool with a title, description and object output schema', () => {
    expect(ToolSchema.safeParse(definition).success).toBe(true);
    expect(definition.name).toBe('db_query');
    expect(definition.title).toBeTruthy();
    expect(definition.description).toContain('customers(id, name, city, country)');
    expect(definition.outputSchema?.type).toBe('object');
    expect(definition.inputSchema.required).toEqual(['sql']);
  });
});

describe('db_query before prepare', () => {
  it('answers "tool not ready" instead of throwing', () => {
    expectError('SELECT 1', /not ready/);
  });
});

describe('db_query', () => {
  beforeAll(async () => {
    await prepareDbQuery();
    await prepareDbQuery(); // idempotent
  });

  it('runs a SELECT: an aligned table as text, columns and rows as structured content', () => {
    const result = call('SELECT id, name, city FROM customers WHERE id <= 2 ORDER BY id');
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe(
      [
        'id | name        | city',
        '---+-------------+--------------',
        ' 1 | Alice Chen  | San Francisco',
        ' 2 | Bruno Costa | Lisbon',
        '(2 rows)',
      ].join('\n'),
    );
    expect(result.structuredContent).toEqual({
      columns: ['id', 'name', 'city'],
      rows: [
        [1, 'Alice Chen', 'San Francisco'],
        [2, 'Bruno Costa', 'Lisbon'],
      ],
      rowCount: 2,
      truncated: false,
    });
  });

  it('holds the sample data: customers, products and orders', () => {
    expect(customerCount()).toBe(8);
    expect(rowsOf('SELECT count(*) FROM products')).toEqual([[6]]);
    expect(rowsOf('SELECT count(*) FROM orders')).toEqual([[12]]);
    expect(
      rowsOf(`SELECT c.name, sum(o.quantity * p.price) AS spent
              FROM orders o JOIN customers c ON c.id = o.customer_id
              JOIN products p ON p.id = o.product_id
              GROUP BY c.id ORDER BY spent DESC LIMIT 1`),
    ).toEqual([['Kenji Sato', 84.9]]);
  });

  it('says "1 row" and "0 rows"', () => {
    expect(firstText(call('SELECT 1 AS one'))).toMatch(/\n\(1 row\)$/);
    const none = call("SELECT name FROM customers WHERE city = 'Atlantis'");
    expect(firstText(none)).toBe('name\n----\n(0 rows)');
    expect(none.structuredContent).toMatchObject({ rows: [], rowCount: 0, truncated: false });
  });

  it(`returns at most ${MAX_ROWS} rows and says when it cut the result`, () => {
    const result = call('SELECT a.id, b.id FROM customers a, customers b');
    expect(result.structuredContent).toMatchObject({ rowCount: MAX_ROWS, truncated: true });
    expect((result.structuredContent as { rows: unknown[] }).rows).toHaveLength(MAX_ROWS);
    expect(firstText(result)).toMatch(/first 50 rows shown; the query returned more/);
  });

  it('carries NULL, blobs, infinities and line breaks in a JSON-safe, one-line-per-row form', () => {
    const result = call("SELECT NULL AS n, x'00ff' AS b, 1e999 AS inf, 'a\nb' AS s");
    expect(result.structuredContent).toMatchObject({
      rows: [[null, "x'00ff'", 'Infinity', 'a\nb']],
    });
    expect(firstText(result).split('\n')[2]).toBe("NULL | x'00ff' | Infinity | a b");
  });

  it.each([
    ['DELETE FROM customers', /got DELETE\.$/],
    ['DROP TABLE products', /got DROP\.$/],
    ['SELECT 1; DELETE FROM customers', /got 2 statements \(SELECT, DELETE\)\.$/],
    ['PRAGMA writable_schema=1', /got PRAGMA\.$/],
    ["ATTACH DATABASE 'x' AS y", /got ATTACH\.$/],
    ["INSERT INTO customers VALUES (9, 'Eve', 'Paris', 'France')", /got INSERT\.$/],
    ['UPDATE products SET price = 0', /got UPDATE\.$/],
    ['CREATE TABLE t (a)', /got CREATE\.$/],
    ["REPLACE INTO products VALUES (1, 'x', 1)", /got REPLACE\.$/],
    ['VACUUM', /got VACUUM\.$/],
    ['  -- comment\n  pragma query_only = 0', /got PRAGMA\.$/],
    ['EXPLAIN SELECT 1', /got EXPLAIN\.$/],
    ['SELECT 1; SELECT 2', /got 2 statements \(SELECT, SELECT\)\.$/],
    ["SELECT load_extension('evil')", /load_extension\(\), which could load native code/],
    ['SELECT random()', /random\(\), whose answer changes/],
    ['SELECT hex(randomblob(300000000))', /randomblob\(\)/],
    [
      "SELECT name FROM customers WHERE date('now') > '2025-01-01'",
      /date\('now'\), whose answer depends on the clock/,
    ],
    ['SELECT datetime()', /datetime\('now'\)/],
    ['SELECT CURRENT_TIMESTAMP', /CURRENT_TIMESTAMP, whose answer depends on the clock/],
    [
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
      /recursive WITH \(c\), which could run forever/,
    ],
    [
      'SELECT count(*) FROM orders a, orders b, orders c, orders d, orders e, orders f, orders g',
      /7 table references, more than the 6 allowed/,
    ],
  ])('refuses %j', (sql, reason) => {
    expectError(sql, /^db_query only runs a single read-only SELECT; got /);
    expectError(sql, reason);
  });

  it('refused statements change nothing: the data is still all there', () => {
    const before = customerCount();
    for (const sql of [
      'DELETE FROM customers',
      'DROP TABLE products',
      'SELECT 1; DELETE FROM customers',
      'PRAGMA writable_schema=1',
      "ATTACH DATABASE 'x' AS y",
    ]) {
      expect(call(sql).isError).toBe(true);
    }
    expect(customerCount()).toBe(before);
    expect(before).toBe(8);
    expect(rowsOf('SELECT count(*) FROM products')).toEqual([[6]]);
  });

  it('runs the allowed kinds of SELECT: CTEs, subqueries, joins, unions, date functions', () => {
    expect(rowsOf('WITH t AS (SELECT * FROM customers) SELECT count(*) FROM t')).toEqual([[8]]);
    expect(
      rowsOf('SELECT name FROM products WHERE price = (SELECT max(price) FROM products)'),
    ).toEqual([['Backpack']]);
    expect(rowsOf('SELECT 1 UNION SELECT 2 ORDER BY 1')).toEqual([[1], [2]]);
    expect(rowsOf("SELECT strftime('%m', ordered_at) FROM orders WHERE id = 5")).toEqual([['02']]);
    expect(rowsOf('SELECT 1 AS a; -- trailing comment')).toEqual([[1]]);
  });

  it('reports parse errors on one line, with the position', () => {
    expectError(
      'SELEC 1',
      /^db_query could not parse the SQL: Expected .* found \(line 1, column \d+\)\.$/,
    );
    expectError('SELECT FROM WHERE', /could not parse the SQL/);
  });

  it('reports SQLite errors', () => {
    expectError('SELECT * FROM nope', /^SQLite could not run the query: no such table: nope\.$/);
    expectError('SELECT missing FROM customers', /no such column: missing/);
  });

  it('refuses bad arguments', () => {
    expectError(undefined, /sql argument is required/);
    expectError('', /sql argument is required/);
    expectError(42, /must be a non-empty string/);
    expectError('-- only a comment', /holds no SQL statement/);
    expectError(`SELECT ${'1 + '.repeat(600)}1`, /characters long; the limit is 2000/);
    expectError('SELECT 1', /Unexpected argument limit/, { limit: 5 });
  });

  it('is deterministic', () => {
    const queries = [
      'SELECT * FROM orders ORDER BY id',
      'SELECT count(*) FROM customers',
      'DELETE FROM x',
    ];
    expect(queries.map((sql) => call(sql))).toEqual(queries.map((sql) => call(sql)));
  });
});

describe('the second safety net, without the parser in front of it', () => {
  beforeAll(prepareDbQuery);

  it('SQLite itself refuses writes', () => {
    for (const sql of [
      'DELETE FROM customers',
      'DROP TABLE products',
      "INSERT INTO products VALUES (7, 'x', 1)",
      'CREATE TABLE t (a)',
    ]) {
      expect(runOnPrivateCopy(sql)).toEqual({
        kind: 'failed',
        message: 'attempt to write a readonly database',
      });
    }
    expect(customerCount()).toBe(8);
  });

  it('SQLite must see exactly one statement', () => {
    expect(runOnPrivateCopy('SELECT 1; DELETE FROM customers')).toEqual({
      kind: 'refused',
      reason: 'more than one statement',
    });
    expect(runOnPrivateCopy('SELECT 1; SELEC')).toEqual({
      kind: 'refused',
      reason: 'more than one statement',
    });
    expect(runOnPrivateCopy('SELECT 1;  -- done\n')).toMatchObject({ kind: 'rows', rows: [[1]] });
  });

  it('each call gets its own copy: a setting one call changes does not reach the next', () => {
    // The parser refuses this PRAGMA; were it let through, the next call would still be read-only.
    expect(runOnPrivateCopy('PRAGMA query_only = OFF')).toMatchObject({ kind: 'rows' });
    expect(runOnPrivateCopy('DELETE FROM customers')).toMatchObject({ kind: 'failed' });
    expect(customerCount()).toBe(8);
  });
});
