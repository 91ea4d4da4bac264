import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonObject } from '../../protocol/index.js';
import {
  finishSessionTool,
  INPUT_TOOLS,
  type InputTool,
  type InputToolName,
  text,
} from './input-tools.js';

/**
 * What one input_required round of a tool asks and how the tool ends once answered
 * (2026-07-28 basic/patterns/mrtr): the key of its one input request, the request, and the final
 * result from the client's answer.
 */
export type RoundTool = {
  readonly key: string;
  readonly method: InputTool['method'];
  /** The request's params, as 2026-07-28 spells them (none for roots/list). */
  readonly params: (args: JsonObject) => JsonObject | undefined;
  /** The tool's result from the client's answer (already checked against the schema). */
  readonly finish: (args: JsonObject, answer: JsonObject) => CallToolResult;
  /** The client capability the round needs in the request's _meta (mrtr › Server Requirements). */
  readonly capability: InputTool['capability'];
  /** That capability in words, as the -32021 names it ("the client's … in this request's _meta"). */
  readonly needs: string;
  /** `data.requiredCapabilities` of the -32021 a request without it gets. */
  readonly required: JsonObject;
};

/** The round of an input tool (sampling, form-mode elicitation, roots). */
export function roundToolOf(name: InputToolName): RoundTool {
  const tool = INPUT_TOOLS[name];
  return {
    key: tool.key,
    method: tool.method,
    params: (args) => tool.params(args, true),
    finish: (_args, answer) => finishSessionTool(name, answer),
    capability: tool.capability,
    needs: `${tool.words} capability`,
    required: tool.required,
  };
}

/** The service connect_account links (calendar unless named). */
export function serviceOf(args: JsonObject): string {
  return typeof args.service === 'string' ? args.service : 'calendar';
}

/** Why the user is sent to the service's page, in both eras. */
export function signInMessage(service: string): string {
  return `Sign in to ${service} to let the server use your account.`;
}

/**
 * connect_account in 2026-07-28 (client/elicitation › URL Mode Elicitation Requests and › URL
 * Mode Flow): the round's input request is an elicitation/create in URL mode, with a message and
 * the url only; 2026-07-28 has no elicitationId (schema › ElicitRequestURLParams) and no
 * notifications/elicitation/complete. The client's accept is the user's consent to open the page,
 * not the end of the sign-in; the server learns from its own side whether the interaction is
 * done, and here the simulated user is taken to have signed in by the time the client retries.
 * decline and cancel leave the account unconnected (› Error Handling: servers MUST handle them).
 */
export const CONNECT_ROUND: RoundTool = {
  key: 'account',
  method: 'elicitation/create',
  params: (args) => {
    const service = serviceOf(args);
    return {
      mode: 'url',
      url: `https://accounts.example.com/connect?service=${encodeURIComponent(service)}`,
      message: signInMessage(service),
    };
  },
  finish: (args, answer) => {
    const service = serviceOf(args);
    if (answer.action === 'accept') return text(`Connected to ${service}.`);
    const how = answer.action === 'decline' ? 'declined' : 'cancelled';
    return text(`The user ${how} the sign-in; ${service} is not connected.`, true);
  },
  capability: 'client.elicitation.url',
  needs: 'elicitation capability in URL mode (elicitation.url)',
  required: { elicitation: { url: {} } },
};
