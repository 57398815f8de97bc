import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingInformationInputSchema, billingInformationSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { errorResponses } from '../../crud/openapi.js';
import { bearerSecurity as security } from '../../crud/openapi.js';

const tags = ['cart and checkout'];

/** The customer's billing information, which checkout validates (spec §2.2 /cart). */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = app.billingInformation;

  app.get(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          "The caller's billing information with its validation (ok, not-ok, pending and the issues: no_address, country_not_whitelisted, no_shipping_address, tax_id_missing, tax_id_invalid, pending; not_export_approved only at checkout)",
        security,
        response: { 200: billingInformationSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => repository.record(request.currentUser!.id),
  );

  app.put(
    '',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: "Save the caller's billing information; answers it with its validation",
        security,
        body: billingInformationInputSchema,
        response: { 200: billingInformationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => repository.save(request, request.body),
  );
};

export default billingRoutes;
