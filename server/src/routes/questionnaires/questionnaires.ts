import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  questionnaireInputSchema,
  questionnaireSchema,
  questionnairesResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { questionnaires, softwareBundles, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { ApiError } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';

import {
  questionnaireRecords,
  questionnaireStore,
  writeQuestions,
} from '../../modules/catalogue/questionnaires.js';

const tags = ['questionnaires'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * Questionnaires (spec §2.3 /admin/questionnaires): list, show, create, change, copy; a questionnaire items still ask
 * cannot be deleted.
 */
const questionnaireRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.catalogue;
  const { db, clock } = ctx;
  const { find } = questionnaireStore(ctx);
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
        headers: z.object({ range: z.string().max(100).optional() }).passthrough(),
        response: { 200: z.array(questionnaireSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rows = await listRows<typeof questionnaires.$inferSelect>(
        {
          db,
          table: questionnaires,
          columns: { id: questionnaires.id, name: questionnaires.name },
          definition: questionnairesResource,
        },
        request,
        reply,
      );
      return questionnaireRecords(db, rows);
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
    async (request) => find(request.params.id),
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
    async (request, reply) => {
      try {
        const created = await db.transaction(async (tx) => {
          const now = clock.now();
          const [row] = await tx
            .insert(questionnaires)
            .values({ name: request.body.name.trim(), createdAt: now, updatedAt: now })
            .returning();
          await writeQuestions(tx, row!.id, request.body.questions);
          const after = await find(row!.id, tx);
          await audit(tx, request, { action: 'create', entity: 'questionnaire', entityId: row!.id, after });
          return after;
        });
        return reply.code(201).send(created);
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', 'A question id is already taken.', ['questions']);
        throw error;
      }
    },
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
    async (request) => {
      try {
        return await db.transaction(async (tx) => {
          const before = await find(request.params.id, tx);
          await tx
            .update(questionnaires)
            .set({ name: request.body.name.trim(), updatedAt: clock.now() })
            .where(eq(questionnaires.id, before.id));
          await writeQuestions(tx, before.id, request.body.questions);
          const after = await find(before.id, tx);
          await audit(tx, request, {
            action: 'update',
            entity: 'questionnaire',
            entityId: before.id,
            before,
            after,
          });
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw ApiError.of(409, 'duplicate', 'A question id is already taken.', ['questions']);
        throw error;
      }
    },
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
    async (request) => {
      const inUse = (items: string[]) =>
        ApiError.of(409, 'questionnaire_in_use', ERROR_MESSAGES.questionnaire_in_use, items);
      try {
        return await db.transaction(async (tx) => {
          const before = await find(request.params.id, tx);
          const askingTools = await tx
            .select({ key: tools.featureId })
            .from(tools)
            .where(eq(tools.questionnaireId, before.id));
          const askingBundles = await tx
            .select({ key: softwareBundles.uuid })
            .from(softwareBundles)
            .where(eq(softwareBundles.questionnaireId, before.id));
          const asking = [...askingTools, ...askingBundles].map((row) => row.key);
          if (asking.length) throw inUse(asking);
          await tx.delete(questionnaires).where(eq(questionnaires.id, before.id));
          await audit(tx, request, {
            action: 'delete',
            entity: 'questionnaire',
            entityId: before.id,
            before,
          });
          return before;
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse([]);
        throw error;
      }
    },
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
    async (request, reply) => {
      const copy = await db.transaction(async (tx) => {
        const source = await find(request.params.id, tx);
        const newIds = new Map(source.questions.map((question) => [question.id, randomUUID()]));
        const now = clock.now();
        const [row] = await tx
          .insert(questionnaires)
          .values({ name: `Copy of ${source.name}`, createdAt: now, updatedAt: now })
          .returning();
        await writeQuestions(
          tx,
          row!.id,
          source.questions.map((question) => ({
            ...question,
            id: newIds.get(question.id)!,
            dependentQuestions: question.dependentQuestions.map((dependent) => ({
              ...dependent,
              questionId: newIds.get(dependent.questionId) ?? dependent.questionId,
            })),
          })),
        );
        const after = await find(row!.id, tx);
        await audit(tx, request, {
          action: 'copy',
          entity: 'questionnaire',
          entityId: row!.id,
          before: { copiedFrom: source.id },
          after,
        });
        return after;
      });
      return reply.code(201).send(copy);
    },
  );
};

export default questionnaireRoutes;
