/** How long a list total is reused for the same filter; any write through the catalogue's routes clears them. */
export const COUNT_TTL_MS = 10_000;

/**
 * Totals of recent list filters. Every full page needs the total, and counting is the dearest part of a list
 * call (ARCHITECTURE: performance traps), so a total is reused for a few seconds: a page may show a total that
 * lags a change made on another instance by up to {@link COUNT_TTL_MS}.
 */
export class CountCache {
  private readonly totals = new Map<string, { total: number; at: number }>();
  constructor(
    private readonly now: () => number,
    private readonly limit = 1000,
  ) {}

  get(key: string): number | undefined {
    const hit = this.totals.get(key);
    if (!hit || this.now() - hit.at > COUNT_TTL_MS) return undefined;
    return hit.total;
  }

  set(key: string, total: number): void {
    if (this.totals.size >= this.limit) this.totals.delete(this.totals.keys().next().value!);
    this.totals.set(key, { total, at: this.now() });
  }

  clear(): void {
    this.totals.clear();
  }
}
