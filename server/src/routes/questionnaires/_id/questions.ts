import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionInputSchema, questionSchema, questionnairesResource } from '@portal/resources';
import { access } from '../../../auth/access.js';
import { errorResponses } from '../../../crud/openapi.js';
import { bearerSecurity as security } from '../../../crud/openapi.js';

const tags = ['questionnaires'];
const idParams = z.object({ id: z.uuid() });
const questionParams = z.object({ id: z.uuid(), questionId: z.uuid() });

/**
 * The questions of a questionnaire (spec §2.3 /admin/questionnaires/{id}/question/{questionId}): every question type
 * of §3, choices with groups, dependent questions, optional flag, autofill; a question others depend on cannot be
 * deleted.
 */
const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { questionnaires } = app;
  const rule = (action: 'show' | 'edit') => ({ access: access.resource(questionnairesResource, action) });

  app.get(
    '/questions',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'The questions of a questionnaire in order',
        security,
        params: idParams,
        response: { 200: z.array(questionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { questions: all } = await questionnaires.find(request.params.id);
      reply.header('Content-Range', `questions ${all.length ? `0-${all.length - 1}` : '*'}/${all.length}`);
      return all;
    },
  );

  app.get(
    '/questions/:questionId',
    {
      config: rule('show'),
      schema: {
        tags,
        summary: 'One question',
        security,
        params: questionParams,
        response: { 200: questionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => questionnaires.question(request.params.id, request.params.questionId),
  );

  app.post(
    '/questions',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary:
          'Add a question at the end (its dependent questions must be questions of this questionnaire)',
        security,
        params: idParams,
        body: questionInputSchema,
        response: { 201: questionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await questionnaires.addQuestion(request, request.params.id, request.body)),
  );

  app.put(
    '/questions/:questionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary: 'Change a question',
        security,
        params: questionParams,
        body: questionInputSchema,
        response: { 200: questionSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      questionnaires.updateQuestion(request, request.params.id, request.params.questionId, request.body),
  );

  app.delete(
    '/questions/:questionId',
    {
      config: rule('edit'),
      schema: {
        tags,
        summary:
          'Delete a question; 409 `question_has_dependents` while other questions depend on it. Questions that list it as dependent forget it.',
        security,
        params: questionParams,
        response: { 200: questionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => questionnaires.removeQuestion(request, request.params.id, request.params.questionId),
  );
};

export default questionRoutes;
