/**
 * A small in-isolate cache with a time-to-live, for hot reads that change rarely (the caller's
 * account state, a company's locations). Local D1 costs more per query than a whole empty request,
 * so serving these from memory is what keeps authenticated reads near the empty route.
 * Writes made through this Worker invalidate the entries they touch at once; another isolate
 * may serve an entry for at most `ttlMs` after a change.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.#entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Removes every entry whose value matches (e.g. all accounts of a suspended company). */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.#entries) if (predicate(entry.value, key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * Memoises `load` under `key`. In-flight loads are deliberately not shared: workerd forbids
   * one request from awaiting I/O started by another.
   */
  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }
}
