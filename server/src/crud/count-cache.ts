/** How long a list total is reused for the same filter; any write through the catalogue's routes clears them. */
export const COUNT_TTL_MS = 10_000;

/**
 * Totals of recent list filters. Every full page needs the total, and counting is the dearest part of a list
 * call (docs/architecture.md: performance traps), so a total is reused for a few seconds: a page may show a total that
 * lags a change made on another instance by up to {@link COUNT_TTL_MS}.
 */
export class CountCache {
  private readonly totals = new Map<string, { total: number; at: number }>();
  /** Counts running now, one per key: callers arriving meanwhile wait for it instead of counting again. */
  private readonly counting = new Map<string, Promise<number>>();
  /** Bumped by `clear`: a count started before a write is handed to its waiters but not kept. */
  private generation = 0;
  constructor(
    private readonly now: () => number,
    private readonly limit = 1000,
  ) {}

  /**
   * The total for `key`: the kept one while fresh, otherwise from `count`, run by one caller at a time (single
   * flight): when a total expires under load only the first caller counts and the others wait for its answer.
   * A failed count is every waiter's failure and is not kept, so the next caller counts again.
   */
  async total(key: string, count: () => Promise<number>): Promise<number> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const running = this.counting.get(key);
    if (running) return running;
    const generation = this.generation;
    const counted = count().then((total) => {
      if (generation === this.generation) this.set(key, total);
      return total;
    });
    this.counting.set(key, counted);
    const forget = () => {
      if (this.counting.get(key) === counted) this.counting.delete(key);
    };
    counted.then(forget, forget);
    return counted;
  }

  get(key: string): number | undefined {
    return this.within(key, COUNT_TTL_MS);
  }

  /** The kept total for `key` if it was counted at most `ageMs` ago, fresh or not. */
  within(key: string, ageMs: number): number | undefined {
    const hit = this.totals.get(key);
    if (!hit || this.now() - hit.at > ageMs) return undefined;
    return hit.total;
  }

  forget(key: string): void {
    this.totals.delete(key);
  }

  set(key: string, total: number): void {
    if (this.totals.size >= this.limit) this.totals.delete(this.totals.keys().next().value!);
    this.totals.set(key, { total, at: this.now() });
  }

  clear(): void {
    this.totals.clear();
    this.counting.clear();
    this.generation += 1;
  }
}
