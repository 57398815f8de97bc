import { randomUUID } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  questionInputSchema,
  questionSchema,
  questionnairesResource,
  type Question,
} from '@portal/resources';
import { access } from '../../../auth/access.js';
import { questions } from '../../../db/schema-catalogue.js';
import { audit } from '../../../http/audit.js';
import { isUniqueViolation } from '../../../http/database-errors.js';
import { ApiError } from '../../../http/errors.js';
import { errorResponses } from '../../schemas.js';

import {
  assertQuestionnaire,
  questionNotFound,
  questionValues,
  questionnaireStore,
  toQuestion,
} from '../../../modules/catalogue/questionnaires.js';

const tags = ['questionnaires'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const questionParams = z.object({ id: z.uuid(), questionId: z.uuid() });

/**
 * The questions of a questionnaire (spec §2.3 /admin/questionnaires/{id}/question/{questionId}): every question type
 * of §3, choices with groups, dependent questions, optional flag, autofill; a question others depend on cannot be
 * deleted.
 */
const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db } = ctx;
  const { find, touch } = questionnaireStore(ctx);
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(questionnairesResource, action),
  });

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
      const { questions: all } = await find(request.params.id);
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
    async (request) => {
      const questionnaire = await find(request.params.id);
      const question = questionnaire.questions.find((q) => q.id === request.params.questionId);
      if (!question) throw questionNotFound();
      return question;
    },
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
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const questionnaire = await find(request.params.id, tx);
          const id = request.body.id ?? randomUUID();
          assertQuestionnaire(questionnaire.name, [...questionnaire.questions, { ...request.body, id }]);
          const [last] = await tx
            .select({ position: max(questions.position) })
            .from(questions)
            .where(eq(questions.questionnaireId, questionnaire.id));
          const [row] = await tx
            .insert(questions)
            .values({
              ...questionValues(request.body),
              id,
              questionnaireId: questionnaire.id,
              position: (last?.position ?? -1) + 1,
            })
            .returning();
          await touch(tx, questionnaire.id);
          const after = toQuestion(row!);
          await audit(tx, request, { action: 'create', entity: 'question', entityId: row!.id, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', 'This question id is already taken.', ['id']);
        throw error;
      }
    },
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
      db.transaction(async (tx) => {
        const questionnaire = await find(request.params.id, tx);
        const before = questionnaire.questions.find((q) => q.id === request.params.questionId);
        if (!before) throw questionNotFound();
        const changed: Question = { ...request.body, id: before.id };
        assertQuestionnaire(
          questionnaire.name,
          questionnaire.questions.map((q) => (q.id === before.id ? changed : q)),
        );
        const [row] = await tx
          .update(questions)
          .set(questionValues(request.body))
          .where(eq(questions.id, before.id))
          .returning();
        await touch(tx, questionnaire.id);
        const after = toQuestion(row!);
        await audit(tx, request, {
          action: 'update',
          entity: 'question',
          entityId: before.id,
          before,
          after,
        });
        return after;
      }),
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
    async (request) =>
      db.transaction(async (tx) => {
        const questionnaire = await find(request.params.id, tx);
        const question = questionnaire.questions.find((q) => q.id === request.params.questionId);
        if (!question) throw questionNotFound();
        if (question.dependentQuestions.length) {
          throw ApiError.of(
            409,
            'question_has_dependents',
            MESSAGES.questionDeleteFailed,
            question.dependentQuestions.map((dependent) => dependent.questionId),
          );
        }
        const rest = questionnaire.questions
          .filter((q) => q.id !== question.id)
          .map((q) => ({
            ...q,
            dependentQuestions: q.dependentQuestions.filter((d) => d.questionId !== question.id),
          }));
        if (!rest.length) {
          throw ApiError.of(
            409,
            'conflict',
            'A questionnaire keeps at least one question; delete the questionnaire instead.',
            [question.id],
          );
        }
        assertQuestionnaire(questionnaire.name, rest);
        for (const parent of questionnaire.questions) {
          if (parent.dependentQuestions.some((d) => d.questionId === question.id)) {
            await tx
              .update(questions)
              .set({
                dependentQuestions: parent.dependentQuestions.filter((d) => d.questionId !== question.id),
              })
              .where(eq(questions.id, parent.id));
          }
        }
        await tx
          .delete(questions)
          .where(and(eq(questions.id, question.id), eq(questions.questionnaireId, questionnaire.id)));
        await touch(tx, questionnaire.id);
        await audit(tx, request, {
          action: 'delete',
          entity: 'question',
          entityId: question.id,
          before: question,
        });
        return question;
      }),
  );
};

export default questionRoutes;
