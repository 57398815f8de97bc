import { describe, expect, it } from 'vitest';
import { SIGN_IN_TIMINGS } from './sign-in.js';

describe('SIGN_IN_TIMINGS', () => {
  it.each([
    ['accessTokenExpiringNotificationTimeInSeconds', 60],
    ['silentRequestTimeoutInSeconds', 10],
    ['staleStateAgeInSeconds', 900],
    ['checkSessionIntervalInSeconds', 2],
    ['silentRenewRetryMs', 5000],
    ['popupPollMs', 500],
  ] as const)('%s is %i (spec calls §9)', (name, value) => {
    expect(SIGN_IN_TIMINGS[name]).toBe(value);
  });
});
