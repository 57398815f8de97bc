import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eSimProfileSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { notFound } from '../../transport/errors.js';
import type { ModuleOptions } from '../../crud/module.js';
import { bearerSecurity as security, errorResponses } from '../../crud/openapi.js';

/**
 * `GET eSim/profile`: the eSIM profile handed to the caller with their latest eSIM board project. The QR code is
 * the LPA activation string a device scans (`LPA:` followed by the activation code).
 */
const esimRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.get(
    '/profile',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['eSIM'],
        summary: 'The caller’s eSIM profile (handed out when they register the eSIM board)',
        security,
        response: { 200: eSimProfileSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const profile = await app.esimProfiles.latestOf(request.currentUser!.id);
      if (!profile)
        throw notFound('You have no eSIM profile yet. Register the eSIM board to get one.', ['eSim']);
      return {
        activationCode: profile.activationCode,
        qrCode: `LPA:${profile.activationCode}`,
        iccid: profile.iccid,
        profileName: profile.profileName,
        serviceProviderName: profile.serviceProviderName,
      };
    },
  );
};

export default esimRoutes;
