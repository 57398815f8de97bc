/** Latency figures of one scenario, in milliseconds, and its throughput. */
export interface Figures {
  p50: number;
  p99: number;
  rps: number;
  count: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * `clients` loops sending requests for `seconds` after a short warm-up, each reading its whole answer; answers of
 * 400 and above count as errors. Bounded in time, so a benchmark always stops by itself.
 */
export async function measure(
  send: (i: number) => Promise<Response>,
  options: { clients: number; seconds: number },
): Promise<Figures> {
  let counter = 0;
  const run = async (until: number, latencies: number[] | null) => {
    let errors = 0;
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          const response = await send(counter++);
          await response.arrayBuffer();
          latencies?.push(performance.now() - started);
          if (response.status >= 400) errors += 1;
        }
      }),
    );
    return errors;
  };
  await run(performance.now() + Math.min(1000, options.seconds * 200), null);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await run(started + options.seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rps: latencies.length / elapsed,
    count: latencies.length,
    errors,
  };
}
