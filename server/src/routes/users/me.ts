import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@portal/resources';
import { access } from '../../auth/access.js';
import { bearerSecurity, errorResponses } from '../../crud/openapi.js';

/** The signed-in user (spec calls §7.1 `users/me`). */
const me: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { access: access.signedIn({ unverified: true }) },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their roles',
        security: bearerSecurity,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { subject: _subject, ...user } = request.currentUser!;
      return user;
    },
  );
};

export default me;
