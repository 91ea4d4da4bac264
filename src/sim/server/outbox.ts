import type { RequestId } from '../../protocol/index.js';

export type Scheduled = {
  /** Virtual time (ms) at which the message is due. */
  readonly at: number;
  readonly message: Record<string, unknown>;
  /** The request of the other side this message belongs to (its progress or its answer). */
  readonly about?: RequestId;
  /** The task this message tells of (its status notification, its result): cancelling it drops it. */
  readonly task?: string;
};

/**
 * A peer's outgoing messages in time order (stable for equal times), so a scenario can send them
 * one step at a time and a real transport can send each when it is due.
 */
export class Outbox<T extends Scheduled = Scheduled> {
  #items: Array<T & { readonly seq: number }> = [];
  #seq = 0;

  push(item: T): void {
    this.#items.push({ ...item, seq: this.#seq++ });
    this.#items.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  peek(): T | undefined {
    return this.#items[0];
  }

  shift(): T | undefined {
    return this.#items.shift();
  }

  /** Drops what was scheduled about one request (it was cancelled); returns how many. */
  dropAbout(id: RequestId): number {
    const before = this.#items.length;
    this.#items = this.#items.filter((item) => item.about !== id);
    return before - this.#items.length;
  }

  /** Takes out what was scheduled about one task (it was cancelled), in time order. */
  takeTask(taskId: string): T[] {
    const taken = this.#items.filter((item) => item.task === taskId);
    this.#items = this.#items.filter((item) => item.task !== taskId);
    return taken;
  }

  get size(): number {
    return this.#items.length;
  }

  list(): readonly T[] {
    return this.#items;
  }

  /** Takes out the earliest item that `match` accepts (null: none does). */
  takeFirst(match: (item: T) => boolean): T | null {
    const at = this.#items.findIndex(match);
    if (at < 0) return null;
    const [item] = this.#items.splice(at, 1);
    return item ?? null;
  }

  /** Takes out the latest item that `match` accepts (null: none does). */
  takeLast(match: (item: T) => boolean): T | null {
    const at = this.#items.findLastIndex(match);
    if (at < 0) return null;
    const [item] = this.#items.splice(at, 1);
    return item ?? null;
  }
}
