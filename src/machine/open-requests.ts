import type { PendingRequest, RequestRecord } from './context.js';

/**
 * The requests still waiting for an answer after a step, as a persistent (immutable, structurally
 * shared) trie indexed by the order the requests were opened in. Every step keeps its own version
 * for its observers, yet a step costs the same whether 1 or 1,000,000 requests are open: adding or
 * removing one copies only the path to it (a few 32-slot arrays), and the list an observer reads is
 * built only when asked for, once per version.
 *
 * Requests are opened with ever-growing sequence numbers (the ledger hands them out), so a new one
 * always goes to the right end and iteration in index order is the order they were sent in.
 */

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** The slot of `seq` in a node `shift` bits up (division, not `>>>`: JS shifts wrap at 32 bits). */
const slotOf = (seq: number, shift: number) => Math.floor(seq / 2 ** shift) & MASK;

/** A node of the trie; `live` counts the requests below it, so empty subtrees are dropped. */
type Node = {
  readonly live: number;
  readonly slots: ReadonlyArray<Node | PendingRequest | undefined>;
};

function setIn(
  node: Node | undefined,
  shift: number,
  seq: number,
  value: RequestRecord | undefined,
): Node | undefined {
  const at = slotOf(seq, shift);
  const slots = node ? node.slots.slice() : [];
  const before = slots[at];
  let delta: number;
  if (shift === 0) {
    delta = (value ? 1 : 0) - (before ? 1 : 0);
    slots[at] = value;
  } else {
    const child = before as Node | undefined;
    const next = setIn(child, shift - BITS, seq, value);
    delta = (next?.live ?? 0) - (child?.live ?? 0);
    slots[at] = next;
  }
  const live = (node?.live ?? 0) + delta;
  return live === 0 ? undefined : { live, slots };
}

/** What an observer sees of a waiting request (built only when a step's list is asked for). */
const pendingOf = (r: RequestRecord): PendingRequest => ({
  requester: r.requester,
  id: r.id,
  method: r.method,
  step: r.step,
  ...(r.progressToken !== undefined ? { progressToken: r.progressToken } : {}),
  ...(r.uri !== undefined ? { uri: r.uri } : {}),
});

function collect(node: Node | undefined, shift: number, out: PendingRequest[]): void {
  if (!node) return;
  for (const slot of node.slots) {
    if (slot === undefined) continue;
    if (shift === 0) out.push(pendingOf(slot as RequestRecord));
    else collect(slot as Node, shift - BITS, out);
  }
}

export class OpenRequests {
  static readonly EMPTY = new OpenRequests(undefined, 0, 0);

  readonly #root: Node | undefined;
  /** The bits below the root's slot index: the trie holds sequence numbers < 2^(shift + BITS). */
  readonly #shift: number;
  /** The next sequence number this version could hold without growing a level. */
  readonly #capacity: number;
  /** The list, built the first time an observer asks (a cache: the version never changes). */
  #list: readonly PendingRequest[] | null = null;

  private constructor(root: Node | undefined, shift: number, capacity: number) {
    this.#root = root;
    this.#shift = shift;
    this.#capacity = capacity === 0 ? WIDTH : capacity;
  }

  /** How many requests are open. */
  get size(): number {
    return this.#root?.live ?? 0;
  }

  /** A version with `request` open, as its number `seq` (greater than any opened before). */
  add(request: RequestRecord & { readonly seq: number }): OpenRequests {
    const seq = request.seq;
    let root = this.#root;
    let shift = this.#shift;
    let capacity = this.#capacity;
    // Grow a level above the root until `seq` fits (at most once per 32-fold growth).
    while (seq >= capacity) {
      root = root ? { live: root.live, slots: [root] } : undefined;
      shift += BITS;
      capacity *= WIDTH;
    }
    return new OpenRequests(setIn(root, shift, seq, request), shift, capacity);
  }

  /** A version without request number `seq` (the same version when it is not open). */
  remove(seq: number): OpenRequests {
    if (seq >= this.#capacity || !this.#root) return this;
    const root = setIn(this.#root, this.#shift, seq, undefined);
    return root === undefined
      ? new OpenRequests(undefined, this.#shift, this.#capacity)
      : new OpenRequests(root, this.#shift, this.#capacity);
  }

  /** The request opened as number `seq`, if it is still open. */
  get(seq: number): RequestRecord | undefined {
    if (seq >= this.#capacity) return undefined;
    let node = this.#root;
    for (let shift = this.#shift; node && shift > 0; shift -= BITS) {
      node = node.slots[slotOf(seq, shift)] as Node | undefined;
    }
    return node?.slots[seq & MASK] as RequestRecord | undefined;
  }

  /** The open requests, oldest first: built once per version, on first use. */
  list(): readonly PendingRequest[] {
    if (this.#list === null) {
      const out: PendingRequest[] = [];
      collect(this.#root, this.#shift, out);
      this.#list = out;
    }
    return this.#list;
  }
}
