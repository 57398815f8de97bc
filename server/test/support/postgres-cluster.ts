// Moved to src/ops (scripts and benchmarks use it too, and they never import test code).
export * from '../../src/ops/postgres-cluster.js';
