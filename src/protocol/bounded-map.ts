/**
 * A Map that holds at most `limit` entries: adding one more forgets the oldest. The UI's caches of
 * measured text use it, so that playing a long transcript does not keep every step's text, and
 * the referee's caches of what it learnt about a peer's schemas and `_meta` keys.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private readonly limit: number;

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (oldest.done !== true) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
