/** The time as the catalogue's services read it; tests pass their own to run a checkout past its expiry. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
