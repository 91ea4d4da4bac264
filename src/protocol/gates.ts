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
  let shown: CapabilityPath | null = label;
  switch (method) {
    case 'elicitation/create':
      if (p.mode === 'url') {
        add('client.elicitation.url');
        shown = 'client.elicitation.url';
      } else add('client.elicitation.form');
      break;
    case 'sampling/createMessage':
      // Tool-enabled sampling is gated by sampling.tools, as URL-mode elicitation by
      // elicitation.url: the label names the sub-capability (where the revision has it).
      if (
        ('tools' in p || 'toolChoice' in p) &&
        capabilityExistsIn('client.sampling.tools', version)
      ) {
        add('client.sampling.tools');
        shown = 'client.sampling.tools';
      }
      break;
    default:
      break;
  }
  // A task-augmented request (2025-11-25 basic/utilities/tasks › Capabilities) needs the
  // receiver's tasks.requests entry for its method besides the method's own gate; the label
  // names that entry, the one thing that makes this request different from a plain one.
  const task = TASK_GATES[method];
  if (task !== undefined && isObject(p.task) && capabilityExistsIn(task, version)) {
    add(task);
    shown = task;
  }
  return { label: shown, requires };
}

/** The tasks.requests entry a task-augmented request of each method needs. */
const TASK_GATES: Partial<Record<MethodName, CapabilityPath>> = {
  'tools/call': 'server.tasks.requests.tools.call',
  'sampling/createMessage': 'client.tasks.requests.sampling.createMessage',
  'elicitation/create': 'client.tasks.requests.elicitation.create',
};

/**
 * Can a request of this method run as a task? Only those a tasks.requests entry names: 2025-11-25
 * basic/utilities/tasks › Capability Negotiation calls that set exhaustive ("If a request type is
 * not present, it does not support task-augmentation").
 */
export function isTaskAugmentable(method: string): boolean {
  return Object.hasOwn(TASK_GATES, method);
}

/** The receiver's tasks.requests entry that lets a request of this method run as a task. */
export function taskCapabilityOf(method: string): CapabilityPath | undefined {
  return isTaskAugmentable(method) ? TASK_GATES[method as MethodName] : undefined;
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
