import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portalConfigSchema, type PortalConfig } from '@portal/resources';
import type { Config } from '../../config.js';
import { access } from '../../auth/access.js';

/** What the apps need to sign in, read at run time so a change of provider needs no rebuild. */
const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: PortalConfig = {
    apiUrl: '/api/v1',
    oidc: {
      authority: config.oidc.issuer,
      clientId: config.oidc.clientId,
      mfaClientId: config.oidc.mfaClientId,
      scope: `openid email profile ${config.oidc.productScope}`,
      loadUserInfo: config.oidc.loadUserInfo,
      mfaAcrValues: config.oidc.mfaAcrValues,
    },
  };
  app.get(
    '',
    {
      config: { access: access.public() },
      schema: {
        tags: ['platform'],
        summary: 'Sign-in settings for the apps',
        response: { 200: portalConfigSchema },
      },
    },
    async () => body,
  );
};

export default configRoutes;
