/**
 * Sign-in timings of spec calls §9. The names of the first four are the sign-in library's (oidc-client-ts)
 * settings, so the apps can spread them into its configuration.
 */
export const SIGN_IN_TIMINGS = {
  /** Access token expiring notification: 60 s before expiry. */
  accessTokenExpiringNotificationTimeInSeconds: 60,
  silentRequestTimeoutInSeconds: 10,
  /** Sign-in state older than this is stale and removed. */
  staleStateAgeInSeconds: 900,
  checkSessionIntervalInSeconds: 2,
  /** A silent renewal that timed out is retried after this delay (spec calls §8.1). */
  silentRenewRetryMs: 5000,
  /** How often a sign-in popup is polled for having closed. */
  popupPollMs: 500,
} as const;
