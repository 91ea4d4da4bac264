import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { expect } from 'vitest';
import type { PureTool } from '../../../src/sim/tools/types.js';

const ajv = new AjvJsonSchemaValidator();
/** The SDK types Tool schemas loosely; its validator wants the JSON Schema type. */
export const validator = (schema: object) => ajv.getValidator(schema as JsonSchemaType);

export const firstText = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};

/** Calls a tool with every result checked, and expects errors the way all the tools give them. */
export function toolHarness(tool: PureTool) {
  /** Runs the tool and checks the result against the SDK schema and the tool's own outputSchema. */
  const call = (args: Record<string, unknown>): CallToolResult => {
    const result = tool.run(args);
    expect(CallToolResultSchema.safeParse(result).success).toBe(true);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    if (!result.isError) {
      const check = validator(tool.definition.outputSchema ?? {})(result.structuredContent);
      expect(check.errorMessage).toBeUndefined();
      // The same JSON as text, for clients without structuredContent.
      expect(
        result.content.some(
          (c) => c.type === 'text' && c.text === JSON.stringify(result.structuredContent),
        ),
      ).toBe(true);
    }
    return result;
  };
  /** An error result: one sentence, no structured content. */
  const expectError = (args: Record<string, unknown>, pattern: RegExp): void => {
    const result = call(args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = firstText(result);
    expect(text).toMatch(pattern);
    expect(text).not.toContain('\n');
  };
  return { call, expectError };
}
