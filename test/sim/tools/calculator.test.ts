import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculatorTool, prepareCalculator } from '../../../src/sim/tools/calculator.js';
import { firstText, toolHarness, validator } from './harness.js';

const { definition } = calculatorTool;
const { call, expectError } = toolHarness(calculatorTool);

describe('calculator_arithmetic definition', () => {
  it('is a valid MCP Tool with a title, description and object output schema', () => {
    expect(ToolSchema.safeParse(definition).success).toBe(true);
    expect(definition.name).toBe('calculator_arithmetic');
    expect(definition.title).toBeTruthy();
    expect(definition.description).toBeTruthy();
    expect(definition.outputSchema?.type).toBe('object');
    expect(definition.inputSchema.required).toEqual(['expression']);
  });

  it('its input schema accepts what run accepts and rejects what run rejects', () => {
    const input = validator(definition.inputSchema);
    expect(input({ expression: '1 + 1' }).valid).toBe(true);
    expect(input({}).valid).toBe(false);
    expect(input({ expression: 'x'.repeat(201) }).valid).toBe(false);
    expect(input({ expression: '1', extra: 1 }).valid).toBe(false);
  });
});

describe('calculator_arithmetic before prepare', () => {
  it('answers "tool not ready" instead of throwing', () => {
    expectError({ expression: '1 + 1' }, /not ready/);
  });
});

describe('calculator_arithmetic', () => {
  beforeAll(async () => {
    await prepareCalculator();
    await prepareCalculator(); // idempotent
  });

  it('evaluates an expression, as text and structured content', () => {
    const result = call({ expression: '2 * (3 + 4)' });
    expect(result.isError).toBeFalsy();
    expect(firstText(result)).toBe('2 * (3 + 4) = 14');
    expect(result.structuredContent).toEqual({ expression: '2 * (3 + 4)', result: 14 });
  });

  it.each([
    ['sqrt(16) + 2^3', 12],
    ['0.1 + 0.2', 0.3],
    ['10 / 4', 2.5],
    ['-7 % 3', 2],
    ['5!', 120],
    ['round(e, 2)', 2.72],
    ['cos(pi)', -1],
    ['sin(pi / 6)', 0.5],
    ['max(3, 9, 4) - min(3, 9, 4)', 6],
    ['mean([1, 2, 3, 4])', 2.5],
    ['log(e^2)', 2],
    ['1e3 * 2', 2000],
    ['-0', 0],
    ['2 > 1 ? 10 : 20', 10],
    ['sin(90 deg)', 1],
    ['(1 m) / (1 cm)', 100],
  ])('%s = %s', (expression, expected) => {
    const result = call({ expression });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ expression, result: expected });
    expect(firstText(result)).toBe(`${expression} = ${expected}`);
  });

  it('trims the expression it echoes', () => {
    expect(call({ expression: '  1 + 2 ' }).structuredContent).toEqual({
      expression: '1 + 2',
      result: 3,
    });
  });

  it('refuses results that are not a single finite number', () => {
    expectError({ expression: '1 / 0' }, /infinite \(division by zero/);
    expectError({ expression: '-1 / 0' }, /infinite/);
    expectError({ expression: '2^2000' }, /infinite/);
    expectError({ expression: '0 / 0' }, /NaN/);
    expectError({ expression: '[1, 2; 3, 4]' }, /matrix/);
    expectError({ expression: '5 cm + 2 inch' }, /unit \(10\.08 cm\)/);
    expectError({ expression: 'sqrt(-4)' }, /complex number \(2i\)/);
    expectError({ expression: '"hello"' }, /string/);
    expectError({ expression: '2 > 1' }, /true, not a number/);
    expectError({ expression: 'true' }, /true, not a number/);
  });

  it('reports syntax errors', () => {
    expectError({ expression: '2 +' }, /^Could not parse "2 \+": Unexpected end of expression/);
    expectError({ expression: '(1 + 2' }, /Could not parse/);
    expectError({ expression: '1 +* 2' }, /Could not parse/);
  });

  it('reports unknown symbols and unavailable functions', () => {
    expectError({ expression: 'x + 1' }, /the symbol x is unknown/);
    expectError({ expression: 'foo(2)' }, /function foo is not available/);
    expectError({ expression: 'i * 2' }, /i is not available/);
  });

  it('refuses what the mathjs security guide disables, and randomness', () => {
    for (const name of [
      'import',
      'createUnit',
      'evaluate',
      'parse',
      'compile',
      'simplify',
      'derivative',
      'resolve',
      'reviver',
      'random',
      'randomInt',
      'pickRandom',
    ]) {
      expectError({ expression: `${name}("1")` }, new RegExp(`function ${name} is not available`));
    }
  });

  it('refuses assignments, several expressions, ranges, indexing and property access', () => {
    expectError({ expression: 'x = 5' }, /assignments are not supported/);
    expectError({ expression: 'f(x) = x^2' }, /assignments are not supported/);
    expectError({ expression: '1; 2' }, /single expression/);
    expectError({ expression: '1\n2' }, /single expression/);
    expectError({ expression: 'sum(1:1e9)' }, /ranges/);
    expectError({ expression: 'zeros(1e9)' }, /function zeros is not available/);
    expectError({ expression: '[1, 2][1]' }, /not supported/);
    expectError({ expression: 'pi.constructor' }, /not supported/);
    expectError({ expression: '{a: 1}' }, /not supported/);
  });

  it('refuses expressions over 200 characters', () => {
    expect(call({ expression: `1${' + 1'.repeat(39)}` }).isError).toBeFalsy(); // 196 chars
    expectError({ expression: '1'.repeat(201) }, /201 characters long; the limit is 200/);
  });

  it('refuses bad arguments', () => {
    expectError({}, /expression argument is required/);
    expectError({ expression: '' }, /expression argument is required/);
    expectError({ expression: '   ' }, /expression argument is required/);
    expectError({ expression: 42 }, /must be a non-empty string/);
    expectError({ expression: '1', precision: 3 }, /Unexpected argument precision/);
  });

  it('is deterministic: the same input gives the same output, calls do not leak state', () => {
    const expressions = ['sqrt(2)', 'x = 5', 'x', '1 / 0', 'round(e, 4)'];
    const first = expressions.map((expression) => call({ expression }));
    const second = expressions.map((expression) => call({ expression }));
    expect(second).toEqual(first);
  });
});
