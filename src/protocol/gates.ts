import { type CapabilityPath, capabilityExistsIn } from './capabilities.js';
import { baseGate, type MethodName } from './catalogue.js';
import type { Direction } from './direction.js';
import { isObject } from './json.js';
import type { KnownVersion } from './versions.js';

export type Gate = {
  /** The path shown as the message's capability label. */
  readonly label: CapabilityPath | null;
  /** Every path that must have been declared for the message to be allowed. */
  readonly requires: readonly CapabilityPath[];
};

/** Methods whose params can add to their gate. */
const PARAM_GATED = new Set<MethodName>([
  'elicitation/create',
  'sampling/createMessage',
  'tools/call',
]);
const PLAIN = new Map<string, Gate>();

/**
 * The catalogue's gate, refined by what the params ask for: a URL-mode elicitation needs
 * `elicitation.url`, tool-enabled sampling needs `sampling.tools`, a task-augmented request needs
 * the receiver's `tasks.requests.*` entry (Client › Elicitation, Client › Sampling, Utilities › Tasks).
 */
export function gateFor(
  method: MethodName,
  direction: Direction,
  params: unknown,
  version: KnownVersion,
): Gate {
  const label = baseGate(method, direction, version);
  if (!PARAM_GATED.has(method)) {
    // The common case: the catalogue's gate is the whole story; share one frozen answer.
    const key = `${method}|${direction}|${version}`;
    let gate = PLAIN.get(key);
    if (!gate) {
      gate = Object.freeze({ label, requires: Object.freeze(label ? [label] : []) });
      PLAIN.set(key, gate);
    }
    return gate;
  }
  const requires: CapabilityPath[] = label ? [label] : [];
  const p = isObject(params) ? params : {};
  const add = (path: CapabilityPath) => {
    if (capabilityExistsIn(path, version) && !requires.includes(path)) requires.push(path);
  };
  switch (method) {
    case 'elicitation/create':
      if (p.mode === 'url') {
        add('client.elicitation.url');
        return { label: 'client.elicitation.url', requires };
      }
      add('client.elicitation.form');
      break;
    case 'sampling/createMessage':
      if (isObject(p.task)) add('client.tasks.requests.sampling.createMessage');
      // Tool-enabled sampling is gated by sampling.tools, as URL-mode elicitation by
      // elicitation.url: the label names the sub-capability (where the revision has it).
      if (
        ('tools' in p || 'toolChoice' in p) &&
        capabilityExistsIn('client.sampling.tools', version)
      ) {
        add('client.sampling.tools');
        return { label: 'client.sampling.tools', requires };
      }
      break;
    case 'tools/call':
      if (isObject(p.task)) add('server.tasks.requests.tools.call');
      break;
    default:
      break;
  }
  if (method === 'elicitation/create' && isObject(p.task)) {
    add('client.tasks.requests.elicitation.create');
  }
  return { label, requires };
}

/**
 * `includeContext: "thisServer" | "allServers"` is soft-deprecated: servers SHOULD NOT use it
 * unless the client declared `sampling.context` (a SHOULD, so a warning rather than an error).
 */
export function softGatesFor(method: MethodName, params: unknown): CapabilityPath[] {
  if (method !== 'sampling/createMessage' || !isObject(params)) return [];
  const ctx = params.includeContext;
  return ctx === 'thisServer' || ctx === 'allServers' ? ['client.sampling.context'] : [];
}
