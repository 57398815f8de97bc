/**
 * The expected peak of API traffic (our assumption; scripts/ops/README.md explains it): about 300 people signed in
 * at the busiest hour, each making a call every 12 seconds — 25 requests per second of the mixed traffic.
 */
export const EXPECTED_PEAK_RPS = 25;
