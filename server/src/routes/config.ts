import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';

export const publicConfigSchema = z.object({
  apiUrl: z.string(),
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    mfaClientId: z.string(),
    scope: z.string(),
    loadUserInfo: z.boolean(),
  }),
});

/** What the apps need to sign in, read at run time so a change of provider needs no rebuild. */
export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: z.infer<typeof publicConfigSchema> = {
    apiUrl: '/api/v1',
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      mfaClientId: config.oidc.mfaClientId,
      scope: `openid email profile ${config.oidc.productScope}`,
      loadUserInfo: config.oidc.loadUserInfo,
    },
  };
  app.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Sign-in settings for the apps',
        response: { 200: publicConfigSchema },
      },
    },
    async () => body,
  );
};
