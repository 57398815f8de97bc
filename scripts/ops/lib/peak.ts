/** The expected peak of API traffic in requests per second: our assumption, explained in scripts/ops/README.md. */
export const EXPECTED_PEAK_RPS = 25;
