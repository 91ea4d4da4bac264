import { createRequire } from 'node:module';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { MathJsInstance, MathNode } from 'mathjs';
import type { PureTool } from './types.js';

export const MAX_EXPRESSION_LENGTH = 200;

/**
 * Functions an expression may call: plain-number maths whose cost is bounded by the length of the
 * expression. Left out on purpose: anything random (the tool is deterministic), anything that
 * builds matrices of a requested size or loops a requested number of times (`zeros(1e9)`, `1:1e9`,
 * `combinations(1e15, 5e14)` would hang or kill the simulator), exact arithmetic that can grow
 * without bound (`fraction`, `bigint`), and everything that parses or defines code.
 */
const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  'abs',
  'acos',
  'acosh',
  'acot',
  'acoth',
  'acsc',
  'acsch',
  'asec',
  'asech',
  'asin',
  'asinh',
  'atan',
  'atan2',
  'atanh',
  'cbrt',
  'ceil',
  'cos',
  'cosh',
  'cot',
  'coth',
  'csc',
  'csch',
  'cube',
  'exp',
  'expm1',
  'factorial',
  'fix',
  'floor',
  'gamma',
  'gcd',
  'hypot',
  'lcm',
  'log',
  'log10',
  'log1p',
  'log2',
  'max',
  'mean',
  'median',
  'min',
  'mod',
  'nthRoot',
  'pow',
  'prod',
  'round',
  'sec',
  'sech',
  'sign',
  'sin',
  'sinh',
  'sqrt',
  'square',
  'std',
  'sum',
  'tan',
  'tanh',
  'variance',
]);

const ALLOWED_CONSTANTS: ReadonlySet<string> = new Set([
  'pi',
  'PI',
  'e',
  'E',
  'tau',
  'phi',
  'LN2',
  'LN10',
  'LOG2E',
  'LOG10E',
  'SQRT2',
  'SQRT1_2',
]);

/**
 * What the mathjs security guide says to switch off inside expressions (they alter the instance or
 * parse arbitrary input into a manipulable tree), plus `compile`, which is `parse` by another name,
 * and the random functions, which would make the tool non-deterministic. The allow-list above
 * already keeps expressions from calling them; this is the second lock.
 */
const DISABLED_FUNCTIONS = [
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
] as const;

type Engine = {
  /** The instance's own parser, kept before `parse` was disabled inside expressions. */
  readonly parse: (expression: string) => MathNode;
  readonly math: MathJsInstance;
};

let engine: Engine | undefined;

/**
 * Loads mathjs and restricts it. mathjs is loaded here rather than at module load because its ESM
 * entry (well over a thousand files) costs one to several seconds to import; its single-file
 * bundle, same version and API, loads in about a tenth of that. The bundle exports a ready-made
 * instance built from all factories, which is what `create(all)` would give. It is taken out of
 * the require cache at once, so this instance is private: restricting it touches nobody else, and
 * a second copy of this module (a test runner's, or src and dist side by side) gets an unrestricted
 * one to restrict, rather than one whose `parse` is already disabled.
 */
export async function prepareCalculator(): Promise<void> {
  if (engine !== undefined) return;
  const require = createRequire(import.meta.url);
  const bundle = require.resolve('mathjs/lib/browser/math.js');
  const math = require(bundle) as MathJsInstance;
  delete require.cache[bundle];
  const parse = math.parse;
  math.import(
    Object.fromEntries(
      DISABLED_FUNCTIONS.map((name) => [
        name,
        () => {
          throw new Error(`Function ${name} is disabled`);
        },
      ]),
    ),
    { override: true },
  );
  engine = { parse: (expression) => parse(expression), math };
}

const failure = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
});

/** A mathjs error message as the end of one sentence. */
const clause = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').replace(/\.$/, '');

/** The first part of the tree the calculator will not run, described for the user; else undefined. */
function refusal(tree: MathNode, math: MathJsInstance): string | undefined {
  let problem: string | undefined;
  tree.traverse((node, path, parent) => {
    if (problem !== undefined) return;
    switch (node.type) {
      case 'ConstantNode':
      case 'OperatorNode':
      case 'ParenthesisNode':
      case 'ConditionalNode':
      case 'ArrayNode':
      case 'RelationalNode':
        return;
      case 'FunctionNode': {
        const fn = math.isFunctionNode(node) ? node.fn : undefined;
        if (!math.isSymbolNode(fn)) {
          problem = 'only named functions such as sqrt(2) can be called';
        } else if (!ALLOWED_FUNCTIONS.has(fn.name)) {
          problem = `the function ${fn.name} is not available in this calculator`;
        }
        return;
      }
      case 'SymbolNode': {
        // A function's name was checked with its FunctionNode.
        if (path === 'fn' && parent !== null && math.isFunctionNode(parent)) return;
        const name = math.isSymbolNode(node) ? node.name : '';
        if (ALLOWED_CONSTANTS.has(name) || math.Unit.isValuelessUnit(name)) return;
        problem =
          name in math
            ? `${name} is not available in this calculator`
            : `the symbol ${name} is unknown`;
        return;
      }
      case 'AssignmentNode':
      case 'FunctionAssignmentNode':
        problem = 'assignments are not supported, only a single expression';
        return;
      case 'BlockNode':
        problem = 'only a single expression is supported, not several';
        return;
      case 'RangeNode':
        problem = 'ranges such as 1:10 are not supported';
        return;
      default:
        problem = `${node.type.replace(/Node$/, '').toLowerCase()} expressions are not supported`;
    }
  });
  return problem;
}

/** Why a value is not a single finite number, or undefined when it is one. */
function notANumber(value: unknown, math: MathJsInstance): string | undefined {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'the result is not a number (NaN)';
    if (!Number.isFinite(value)) return 'the result is infinite (division by zero or overflow)';
    return undefined;
  }
  if (math.isMatrix(value) || Array.isArray(value)) return 'the result is a matrix, not a number';
  if (math.isUnit(value)) return `the result has a unit (${value.toString()}), not a plain number`;
  if (math.isComplex(value)) return `the result is a complex number (${value.toString()})`;
  if (typeof value === 'boolean') return `the result is ${value}, not a number`;
  if (typeof value === 'string') return 'the result is a string, not a number';
  return 'the result is not a plain number';
}

export const calculatorTool: PureTool = {
  definition: {
    name: 'calculator_arithmetic',
    title: 'Calculator',
    description:
      'Evaluates one arithmetic expression and returns the number, e.g. "2 * (3 + 4)", "sqrt(2) / 2" or "sin(pi / 6)". Supports + - * / ^ % !, parentheses, constants (pi, e, tau, phi) and common functions (sqrt, abs, round, log, exp, sin, min, max, mean…).',
    inputSchema: {
      type: 'object',
      properties: {
        expression: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_EXPRESSION_LENGTH,
          description: 'The arithmetic expression to evaluate.',
        },
      },
      required: ['expression'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        expression: { type: 'string' },
        result: { type: 'number' },
      },
      required: ['expression', 'result'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },

  run(args) {
    const unexpected = Object.keys(args).filter((key) => key !== 'expression');
    if (unexpected.length > 0) {
      return failure(
        `Unexpected argument ${unexpected.join(', ')}: calculator_arithmetic takes only expression.`,
      );
    }
    const raw = args.expression;
    if (typeof raw !== 'string' || raw.trim() === '') {
      return failure('The expression argument is required and must be a non-empty string.');
    }
    const expression = raw.trim();
    if (expression.length > MAX_EXPRESSION_LENGTH) {
      return failure(
        `The expression is ${expression.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}.`,
      );
    }
    if (engine === undefined) {
      return failure(
        'Tool not ready: calculator_arithmetic is still loading, so the server must await prepareTools() first.',
      );
    }
    const { math, parse } = engine;
    // Quoted as JSON so that an expression with line breaks still gives a one-line message.
    const quoted = JSON.stringify(expression);

    let tree: MathNode;
    try {
      tree = parse(expression);
    } catch (error) {
      return failure(`Could not parse ${quoted}: ${clause(error)}.`);
    }
    const refused = refusal(tree, math);
    if (refused !== undefined) return failure(`Cannot evaluate ${quoted}: ${refused}.`);

    let value: unknown;
    try {
      // A fresh scope each call: nothing one call does can change the next one's answer.
      value = tree.compile().evaluate(new Map());
    } catch (error) {
      return failure(`Cannot evaluate ${quoted}: ${clause(error)}.`);
    }
    const why = notANumber(value, math);
    if (why !== undefined || typeof value !== 'number') {
      return failure(`Cannot evaluate ${quoted}: ${why ?? 'the result is not a number'}.`);
    }

    // 15 significant digits hide binary floating-point noise (0.1 + 0.2 = 0.3); `+ 0` drops -0.
    const result = Number(value.toPrecision(15)) + 0;
    const structuredContent = { expression, result };
    return {
      content: [
        { type: 'text', text: `${expression} = ${result}` },
        // Server › Tools › Structured Content: the same JSON as text, for clients that predate it.
        { type: 'text', text: JSON.stringify(structuredContent) },
      ],
      structuredContent,
    };
  },
};
