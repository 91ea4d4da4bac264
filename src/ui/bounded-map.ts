/**
 * A Map that holds at most `limit` entries: adding one more forgets the oldest. The UI's caches of
 * measured text use it, and the build puts it in place of the two caches Ink 6.8 never empties
 * (the sizes and wrapped forms of every text it has drawn; ink#986, bounded upstream in Ink
 * releases that need Node 22), so that playing a long transcript does not keep every step's text
 * (scripts/bundle-plugins.mjs).
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
