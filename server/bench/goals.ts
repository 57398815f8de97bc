/** Issue 24 point 2: every call at ≥ 0.8 of the minimal server's throughput, at 10 and at 50 connections. */
export const MINIMAL_SHARE_GOAL = 0.8;
