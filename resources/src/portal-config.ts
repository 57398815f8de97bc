import { z } from 'zod';

/** What the apps need to sign in, served by `GET /api/v1/config` so a change of provider needs no rebuild. */
export const portalConfigSchema = z.object({
  /** The API root; relative to the portal origin when served by the portal itself. */
  apiUrl: z.string().min(1),
  oidc: z.object({
    authority: z.string().min(1),
    clientId: z.string().min(1),
    /** Client registration used for the step-up (multi-factor) sign-in. */
    mfaClientId: z.string().min(1),
    scope: z.string().min(1),
    /** Whether to call userinfo; off for the embedded provider, whose profile claims are in the ID token. */
    loadUserInfo: z.boolean(),
    /** `acr_values` the MFA client sends; without it the MFA client's registered default applies. */
    mfaAcrValues: z.string().min(1).optional(),
  }),
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;
