import { randomUUID } from 'node:crypto';
import { and, eq, inArray, max, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  MESSAGES,
  questionInputSchema,
  questionSchema,
  questionnaireInputSchema,
  questionnaireSchema,
  questionnairesResource,
  type Question,
  type QuestionInput,
  type Questionnaire,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { questionnaires, questions, softwareBundles, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../http/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../http/database-errors.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { listQuerystring } from '../../http/list-query.js';
import { listRows } from '../../http/list.js';
import { errorResponses } from '../schemas.js';
import type { CatalogueContext, Executor } from '../../modules/catalogue/context.js';
import { findQuestionnaire, questionnaireRecords, toQuestion } from '../../modules/catalogue/records.js';

const tags = ['questionnaires'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const questionParams = z.object({ id: z.uuid(), questionId: z.uuid() });

const questionnaireNotFound = () => notFound('Questionnaire not found.', ['questionnaire']);
const questionNotFound = () => notFound('Question not found.', ['question']);

/** The whole questionnaire must still follow the rules of spec §5 after a change to one question. */
function assertQuestionnaire(name: string, all: QuestionInput[]): void {
  const parsed = questionnaireInputSchema.safeParse({ name, questions: all });
  if (!parsed.success) {
    throw new ApiError(
      400,
      parsed.error.issues.map((issue) => ({
        errorCode: 'invalid_request',
        resources: [issue.path.map(String).join('.') || 'questions'],
        messages: [issue.message],
      })),
    );
  }
}

const questionValues = (question: QuestionInput) => ({
  type: question.type,
  title: question.title.trim(),
  description: question.description,
  choices: question.choices,
  dependentQuestions: question.dependentQuestions,
  optional: question.optional,
  autofillType: question.autofillType,
});

/** Writes a questionnaire's questions in the given order: given ids are kept, new questions get one. */
async function writeQuestions(tx: Executor, questionnaireId: string, all: QuestionInput[]): Promise<void> {
  const ids = all.map((question) => question.id).filter((id): id is string => !!id);
  if (ids.length) {
    const foreign = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, ids), ne(questions.questionnaireId, questionnaireId)));
    if (foreign.length) {
      throw badRequest(
        'These questions belong to another questionnaire.',
        foreign.map((row) => row.id),
      );
    }
  }
  await tx.delete(questions).where(eq(questions.questionnaireId, questionnaireId));
  if (all.length) {
    await tx.insert(questions).values(
      all.map((question, position) => ({
        ...questionValues(question),
        id: question.id ?? randomUUID(),
        questionnaireId,
        position,
      })),
    );
  }
}

/**
 * Questionnaires and their questions (spec §2.3 /admin/questionnaires, /{id}/question/{questionId}): every question
 * type of §3, choices with groups, dependent questions, optional flag, autofill; copy; a question others depend
 * on cannot be deleted, nor a questionnaire items still ask.
 */
export const questionnaireRoutes: FastifyPluginAsyncZod<{ ctx: CatalogueContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const rule = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => ({
    access: access.resource(questionnairesResource, action),
  });

  async function find(id: string, tx: Executor = db): Promise<Questionnaire> {
    const found = await findQuestionnaire(tx, id);
    if (!found) throw questionnaireNotFound();
    return found;
  }

  const touch = (tx: Executor, id: string) =>
    tx.update(questionnaires).set({ updatedAt: clock.now() }).where(eq(questionnaires.id, id));

  app.get(
    '/questionnaires',
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
    '/questionnaires/:id',
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
    '/questionnaires',
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
    '/questionnaires/:id',
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
    '/questionnaires/:id',
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
    '/questionnaires/:id/copy',
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

  app.get(
    '/questionnaires/:id/questions',
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
    '/questionnaires/:id/questions/:questionId',
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
    '/questionnaires/:id/questions',
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
    '/questionnaires/:id/questions/:questionId',
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
    '/questionnaires/:id/questions/:questionId',
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
