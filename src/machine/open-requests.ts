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

/** The slot of `at` in a node `shift` bits up (`>>>` only below 2^31: JS shifts wrap at 32 bits). */
const slotOf = (at: number, shift: number) =>
  at < 0x80000000 && shift < 32 ? (at >>> shift) & MASK : Math.floor(at / 2 ** shift) & MASK;

/** A node of the trie; `live` counts the requests below it, so empty subtrees are dropped. */
type Node = {
  readonly live: number;
  readonly slots: ReadonlyArray<Node | RequestRecord | undefined>;
};

function setIn(
  node: Node | undefined,
  shift: number,
  pos: number,
  value: RequestRecord | undefined,
): Node | undefined {
  const at = slotOf(pos, shift);
  const slots = node ? node.slots.slice() : [];
  const before = slots[at];
  let delta: number;
  if (shift === 0) {
    delta = (value ? 1 : 0) - (before ? 1 : 0);
    slots[at] = value;
  } else {
    const child = before as Node | undefined;
    const next = setIn(child, shift - BITS, pos, value);
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
  /**
   * The first number the trie can hold: a set that empties starts again at the next request (so
   * answered traffic, whose set is empty between a request and its answer, keeps a one-node trie).
   */
  readonly #base: number;
  /** The bits below the root's slot index: the trie holds `base` … `base` + 2^(shift + BITS) - 1. */
  readonly #shift: number;
  /** How many numbers from `base` on the trie can hold: 2^(shift + BITS). */
  readonly #span: number;
  /** The list, built the first time an observer asks (a cache: the version never changes). */
  #list: readonly PendingRequest[] | null = null;

  private constructor(root: Node | undefined, base: number, shift: number) {
    this.#root = root;
    this.#base = base;
    this.#shift = shift;
    this.#span = 2 ** (shift + BITS);
  }

  /** How many requests are open. */
  get size(): number {
    return this.#root?.live ?? 0;
  }

  /** Where `seq` sits in this version's trie, or -1 when it cannot be in it. */
  #offset(seq: number): number {
    const at = seq - this.#base;
    return at >= 0 && at < this.#span ? at : -1;
  }

  /** A version with `request` open, as its number `seq` (greater than any opened before). */
  add(request: RequestRecord & { readonly seq: number }): OpenRequests {
    const seq = request.seq;
    let root = this.#root;
    const base = root ? this.#base : seq - (seq % WIDTH);
    let shift = root ? this.#shift : 0;
    // Grow a level above the root until `seq` fits (at most once per 32-fold growth).
    while (seq - base >= 2 ** (shift + BITS)) {
      root = root ? { live: root.live, slots: [root] } : undefined;
      shift += BITS;
    }
    return new OpenRequests(setIn(root, shift, seq - base, request), base, shift);
  }

  /** A version without request number `seq` (the same version when it is not open). */
  remove(seq: number): OpenRequests {
    const at = this.#offset(seq);
    if (at < 0 || !this.#root) return this;
    const root = setIn(this.#root, this.#shift, at, undefined);
    return root === undefined
      ? OpenRequests.EMPTY
      : new OpenRequests(root, this.#base, this.#shift);
  }

  /** The request opened as number `seq`, if it is still open. */
  get(seq: number): RequestRecord | undefined {
    const at = this.#offset(seq);
    if (at < 0) return undefined;
    let node = this.#root;
    for (let shift = this.#shift; node && shift > 0; shift -= BITS) {
      node = node.slots[slotOf(at, shift)] as Node | undefined;
    }
    return node?.slots[at & MASK] as RequestRecord | undefined;
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
