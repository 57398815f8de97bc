import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@portal/resources';
import { access } from '../auth/access.js';
import { errorResponses } from './schemas.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me',
    {
      config: { access: access.signedIn({ unverified: true }) },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user with their roles',
        security: [{ bearer: [] }],
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { subject: _subject, ...user } = request.currentUser!;
      return user;
    },
  );
};
