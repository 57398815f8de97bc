import { randomUUID } from 'node:crypto';
import { and, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import {
  ERROR_MESSAGES,
  MESSAGES,
  questionnairesResource,
  type Question,
  type QuestionInput,
  type Questionnaire,
  type QuestionnaireInput,
} from '@portal/resources';
import { questionnaires, questions, softwareBundles, tools } from '../../db/schema-catalogue.js';
import { audit } from '../../crud/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../transport/database-errors.js';
import { ApiError } from '../../transport/errors.js';
import { repositoryModule } from '../../crud/module.js';
import { defineRepository } from '../../crud/repository.js';
import { refusing, taken, type Actor } from './admin-writes.js';
import type { CatalogueContext, Executor } from './context.js';
import {
  assertQuestionnaire,
  questionNotFound,
  questionnaireNotFound,
  questionValues,
  questionnaireRecords,
  questionnaireStore,
  toQuestion,
  writeQuestions,
} from './questionnaires.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Questionnaires and their questions as the admin console changes them (spec §2.3 /admin/questionnaires). */
    questionnaires: QuestionnairesRepository;
  }
}

const takenQuestionIds = taken('A question id is already taken.', ['questions']);
const takenQuestionId = taken('This question id is already taken.', ['id']);
const inUse = (items: string[]) =>
  ApiError.of(409, 'questionnaire_in_use', ERROR_MESSAGES.questionnaire_in_use, items);

/** The questions of a copy: new ids, dependencies pointing at the copied questions. */
function copiedQuestions(source: Questionnaire): Question[] {
  const newIds = new Map(source.questions.map((question) => [question.id, randomUUID()]));
  return source.questions.map((question) => ({
    ...question,
    id: newIds.get(question.id)!,
    dependentQuestions: question.dependentQuestions.map((dependent) => ({
      ...dependent,
      questionId: newIds.get(dependent.questionId) ?? dependent.questionId,
    })),
  }));
}

/** A question of a loaded questionnaire, 404 when it has none of that id. */
function questionOf(questionnaire: Questionnaire, questionId: string): Question {
  const question = questionnaire.questions.find((q) => q.id === questionId);
  if (!question) throw questionNotFound();
  return question;
}

/**
 * A question may go when no other depends on it and the questionnaire keeps its rules without it (409 otherwise);
 * questions that list it as dependent forget it.
 */
function assertRemovable(questionnaire: Questionnaire, question: Question): void {
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
}

/**
 * Questionnaires and their questions as the admin console changes them: every change is audited in its
 * transaction; a questionnaire items still ask, and a question others depend on, cannot be deleted.
 */
export function questionnairesRepository(ctx: Pick<CatalogueContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;
  const { find, touch } = questionnaireStore(ctx);

  /** Inserts a questionnaire with its questions and answers it as stored. */
  async function insert(tx: Executor, name: string, all: QuestionInput[]): Promise<Questionnaire> {
    const now = clock.now();
    const [row] = await tx
      .insert(questionnaires)
      .values({ name, createdAt: now, updatedAt: now })
      .returning();
    await writeQuestions(tx, row!.id, all);
    return find(row!.id, tx);
  }

  /** The tools and bundles (feature IDs, uuids) that ask a questionnaire. */
  async function askedBy(tx: Executor, id: string): Promise<string[]> {
    const askingTools = await tx
      .select({ key: tools.featureId })
      .from(tools)
      .where(eq(tools.questionnaireId, id));
    const askingBundles = await tx
      .select({ key: softwareBundles.uuid })
      .from(softwareBundles)
      .where(eq(softwareBundles.questionnaireId, id));
    return [...askingTools, ...askingBundles].map((row) => row.key);
  }

  // The generic writes over the questionnaire row; its questions follow in the same transaction.
  const crud = defineRepository<typeof questionnaires, Questionnaire>(
    questionnairesResource,
    questionnaires,
    {
      columns: { id: questionnaires.id, name: questionnaires.name },
      keySchema: z.uuid(),
      toRecords: (tx, rows) => questionnaireRecords(tx, rows),
      insertValues: (input) => {
        const now = clock.now();
        return { name: (input as QuestionnaireInput).name.trim(), createdAt: now, updatedAt: now };
      },
      updateValues: (input) => ({ name: (input as QuestionnaireInput).name.trim(), updatedAt: clock.now() }),
      afterWrite: ({ tx }, row, input) => writeQuestions(tx, row.id, (input as QuestionnaireInput).questions),
      beforeDelete: async ({ tx }, row) => {
        const asking = await askedBy(tx, row.id);
        if (asking.length) throw inUse(asking);
      },
      writeError: (error, action) => {
        if (action !== 'delete') return isUniqueViolation(error) ? takenQuestionIds() : undefined;
        // An item came to ask it between the check and the delete.
        return isForeignKeyViolation(error) ? inUse([]) : undefined;
      },
      notFound: questionnaireNotFound,
    },
  );

  return {
    ...crud,
    find: (id: string) => find(id),

    /** Copies a questionnaire with its questions (new ids, dependencies kept); answers the copy. */
    copy: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const source = await find(id, tx);
        const after = await insert(tx, `Copy of ${source.name}`, copiedQuestions(source));
        await audit(tx, actor, {
          action: 'copy',
          entity: 'questionnaire',
          entityId: after.id,
          before: { copiedFrom: source.id },
          after,
        });
        return after;
      }),

    question: async (id: string, questionId: string) => questionOf(await find(id), questionId),

    /** Adds a question at the end; its dependent questions must be questions of this questionnaire. */
    addQuestion: (actor: Actor, id: string, input: QuestionInput) =>
      refusing(
        db.transaction(async (tx) => {
          const questionnaire = await find(id, tx);
          const questionId = input.id ?? randomUUID();
          assertQuestionnaire(questionnaire.name, [...questionnaire.questions, { ...input, id: questionId }]);
          const [last] = await tx
            .select({ position: max(questions.position) })
            .from(questions)
            .where(eq(questions.questionnaireId, questionnaire.id));
          const [row] = await tx
            .insert(questions)
            .values({
              ...questionValues(input),
              id: questionId,
              questionnaireId: questionnaire.id,
              position: (last?.position ?? -1) + 1,
            })
            .returning();
          await touch(tx, questionnaire.id);
          const after = toQuestion(row!);
          await audit(tx, actor, {
            action: 'create',
            entity: 'question',
            entityId: row!.id,
            parent: { entity: 'questionnaire', id: questionnaire.id },
            after,
          });
          return after;
        }),
        { duplicate: takenQuestionId },
      ),

    updateQuestion: (actor: Actor, id: string, questionId: string, input: QuestionInput) =>
      db.transaction(async (tx) => {
        const questionnaire = await find(id, tx);
        const before = questionOf(questionnaire, questionId);
        const changed: Question = { ...input, id: before.id };
        assertQuestionnaire(
          questionnaire.name,
          questionnaire.questions.map((q) => (q.id === before.id ? changed : q)),
        );
        const [row] = await tx
          .update(questions)
          .set(questionValues(input))
          .where(eq(questions.id, before.id))
          .returning();
        await touch(tx, questionnaire.id);
        const after = toQuestion(row!);
        await audit(tx, actor, {
          action: 'update',
          entity: 'question',
          entityId: before.id,
          parent: { entity: 'questionnaire', id: questionnaire.id },
          before,
          after,
        });
        return after;
      }),

    /** Deletes a question no other depends on; answers it. */
    removeQuestion: (actor: Actor, id: string, questionId: string) =>
      db.transaction(async (tx) => {
        const questionnaire = await find(id, tx);
        const question = questionOf(questionnaire, questionId);
        assertRemovable(questionnaire, question);
        for (const parent of questionnaire.questions) {
          const kept = parent.dependentQuestions.filter((d) => d.questionId !== question.id);
          if (kept.length !== parent.dependentQuestions.length) {
            await tx.update(questions).set({ dependentQuestions: kept }).where(eq(questions.id, parent.id));
          }
        }
        await tx
          .delete(questions)
          .where(and(eq(questions.id, question.id), eq(questions.questionnaireId, questionnaire.id)));
        await touch(tx, questionnaire.id);
        await audit(tx, actor, {
          action: 'delete',
          entity: 'question',
          entityId: question.id,
          parent: { entity: 'questionnaire', id: questionnaire.id },
          before: question,
        });
        return question;
      }),
  };
}

export type QuestionnairesRepository = ReturnType<typeof questionnairesRepository>;

export default repositoryModule(
  'questionnaires',
  (_options, app) => questionnairesRepository(app.catalogue),
  ['catalogue'],
);
