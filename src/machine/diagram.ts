import type { AnyStateNode } from 'xstate';
import { sessionMachine } from './session-machine.js';

export type DiagramTransition = {
  readonly event: string;
  readonly targets: readonly string[];
  readonly guard: string | null;
};

export type DiagramState = {
  readonly id: string;
  readonly key: string;
  readonly type: string;
  readonly description: string | null;
  readonly initial: string | null;
  readonly transitions: readonly DiagramTransition[];
  readonly states: readonly DiagramState[];
};

function guardName(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return null;
}

function describe(node: AnyStateNode): DiagramState {
  const transitions: DiagramTransition[] = [];
  for (const [event, list] of node.transitions) {
    for (const t of list) {
      const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
      if (targets.length === 0) continue; // actions only: no edge to draw
      transitions.push({ event, targets, guard: guardName(t.guard) });
    }
  }
  for (const t of node.always ?? []) {
    const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
    transitions.push({ event: 'always', targets, guard: guardName(t.guard) });
  }
  const initialTarget = node.initial?.target?.[0];
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    description: node.description ?? null,
    initial: initialTarget ? initialTarget.id : null,
    transitions,
    states: Object.values(node.states as Record<string, AnyStateNode>).map(describe),
  };
}

/** The model as data (the era decision, then each era's states), read from the machine itself. */
export function diagramJson(): DiagramState {
  return describe(sessionMachine.root);
}

const mermaidId = (id: string) => id.replace(/\./g, '_');

/** The lifecycle model as a Mermaid state diagram, generated from the machine definition. */
export function diagramMermaid(): string {
  const root = diagramJson();
  const lines = ['stateDiagram-v2'];
  const walk = (state: DiagramState, depth: number) => {
    const pad = '  '.repeat(depth);
    lines.push(`${pad}state "${state.key}" as ${mermaidId(state.id)} {`);
    if (state.type === 'parallel') {
      state.states.forEach((child, i) => {
        if (i > 0) lines.push(`${pad}  --`);
        walk(child, depth + 1);
      });
    } else {
      if (state.initial) lines.push(`${pad}  [*] --> ${mermaidId(state.initial)}`);
      for (const child of state.states) {
        if (child.states.length > 0) walk(child, depth + 1);
        else lines.push(`${pad}  state "${child.key}" as ${mermaidId(child.id)}`);
        if (child.type === 'final') lines.push(`${pad}  ${mermaidId(child.id)} --> [*]`);
      }
    }
    lines.push(`${pad}}`);
  };
  const byId = new Map<string, DiagramState>();
  const index = (state: DiagramState) => {
    byId.set(state.id, state);
    state.states.forEach(index);
  };
  index(root);
  // A transition of an ancestor into one of its own descendants (close → shutdown) is drawn from
  // each of the target's siblings, which is what it means for a learner.
  const sourcesFor = (state: DiagramState, target: string): string[] => {
    if (!target.startsWith(`${state.id}.`)) return [state.id];
    const parent = byId.get(target.slice(0, target.lastIndexOf('.')));
    return (parent?.states ?? []).filter((s) => s.id !== target).map((s) => s.id);
  };
  // Unguarded events between the same two states share one edge (the era decision's "anything
  // else"); a guarded one keeps its own, so each guard reads beside its event.
  const edges = new Map<string, string[]>();
  const collect = (state: DiagramState) => {
    for (const t of state.transitions) {
      for (const target of t.targets) {
        for (const source of sourcesFor(state, target)) {
          const label =
            t.event === 'always' ? (t.guard ?? '') : `${t.event}${t.guard ? ` [${t.guard}]` : ''}`;
          const edge = `  ${mermaidId(source)} --> ${mermaidId(target)}`;
          const key = t.guard ? `${edge}|${label}` : edge;
          const labels = edges.get(key) ?? [];
          if (label) labels.push(label);
          edges.set(key, labels);
        }
      }
    }
    state.states.forEach(collect);
  };
  walk(root, 1);
  collect(root);
  for (const [key, labels] of edges) {
    const edge = key.split('|')[0] as string;
    lines.push(`${edge}${labels.length > 0 ? `: ${labels.join(' / ')}` : ''}`);
  }
  return lines.join('\n');
}
