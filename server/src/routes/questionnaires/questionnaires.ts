import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionnaireInputSchema, questionnaireSchema, questionnairesResource } from '@portal/resources';
import { access } from '../../auth/access.js';
import type { ModuleOptions } from '../../http/module.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import { rangeHeaders, bearerSecurity as security } from '../../http/openapi.js';

const tags = ['questionnaires'];
const idParams = z.object({ id: z.uuid() });

/**
 * Questionnaires (spec §2.3 /admin/questionnaires): list, show, create, change, copy; a questionnaire items still ask
 * cannot be deleted.
 */
const questionnaireRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  const { questionnaires } = app;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(questionnairesResource, action),
  });

  app.get(
    '',
    {
      config: rule('list'),
      schema: {
        tags,
        summary: 'List questionnaires with their questions (q over the name)',
        security,
        querystring: listQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(questionnaireSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { table, columns } = questionnaires;
      const rows = await listRows<Parameters<typeof questionnaires.records>[0][number]>(
        { db, table, columns, definition: questionnairesResource },
        request,
        reply,
      );
      return questionnaires.records(rows);
    },
  );

  app.get(
    '/:id',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One questionnaire with its questions in order',
        security,
        params: idParams,
        response: { 200: questionnaireSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questionnaires.find(request.params.id),
  );

  app.post(
    '',
    {
      config: rule('create'),
      schema: {
        tags,
        summary: 'Create a questionnaire with its questions (at least one that depends on no other)',
        security,
        body: questionnaireInputSchema,
        response: { 201: questionnaireSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await questionnaires.create(request, request.body)),
  );

  app.put(
    '/:id',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary:
          "Replace a questionnaire's name and questions (questions keep their ids; missing ones are removed)",
        security,
        params: idParams,
        body: questionnaireInputSchema,
        response: { 200: questionnaireSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => questionnaires.update(request, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config: rule('delete'),
      schema: {
        tags,
        summary: 'Delete a questionnaire; 409 `questionnaire_in_use` while tools or bundles ask it',
        security,
        params: idParams,
        response: { 200: questionnaireSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => questionnaires.remove(request, request.params.id),
  );

  app.post(
    '/:id/copy',
    {
      config: rule('create'),
      schema: {
        tags,
        summary: 'Copy a questionnaire with its questions (new ids, dependencies kept); answers the copy',
        security,
        params: idParams,
        response: { 201: questionnaireSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await questionnaires.copy(request, request.params.id)),
  );
};

export default questionnaireRoutes;
