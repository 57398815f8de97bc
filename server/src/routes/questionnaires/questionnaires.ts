import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { questionnaireSchema, questionnairesResource } from '@portal/resources';
import type { ModuleOptions } from '../../crud/module.js';
import { errorResponses } from '../../crud/openapi.js';
import { resourceRoutes } from '../../crud/resource-routes.js';

/**
 * Questionnaires (spec §2.3 /admin/questionnaires): list, show, create, change, copy; a questionnaire items still ask
 * cannot be deleted. The repository writes the questions after the row, in the same transaction.
 */
const questionnaireRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  await app.register(
    resourceRoutes(questionnairesResource, 'questionnaires', {
      summaries: {
        list: 'List questionnaires with their questions (q over the name)',
        show: 'One questionnaire with its questions in order',
        create: 'Create a questionnaire with its questions (at least one that depends on no other)',
        edit: "Replace a questionnaire's name and questions (questions keep their ids; missing ones are removed)",
        delete: 'Delete a questionnaire; 409 `questionnaire_in_use` while tools or bundles ask it',
      },
      errors: { create: [409] },
      extra: [
        {
          method: 'POST',
          path: '/copy',
          action: 'create',
          summary: 'Copy a questionnaire with its questions (new ids, dependencies kept); answers the copy',
          schema: { response: { 201: questionnaireSchema, ...errorResponses(400, 401, 403, 404) } },
          handler: async (request, reply) => {
            const { id } = request.params as { id: string };
            return reply.code(201).send(await app.questionnaires.copy(request, id));
          },
        },
      ],
    }),
    { db },
  );
};

export default questionnaireRoutes;
