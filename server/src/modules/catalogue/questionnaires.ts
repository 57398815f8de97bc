import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  questionnaireInputSchema,
  type Question,
  type QuestionInput,
  type Questionnaire,
} from '@portal/resources';
import { questionnaires, questions } from '../../db/schema-catalogue.js';
import { ApiError, badRequest, notFound } from '../../transport/errors.js';
import type { CatalogueContext, Executor } from './context.js';

export const questionnaireNotFound = () => notFound('Questionnaire not found.', ['questionnaire']);
export const questionNotFound = () => notFound('Question not found.', ['question']);

/** The whole questionnaire must still follow the rules of spec §5 after a change to one question. */
export function assertQuestionnaire(name: string, all: QuestionInput[]): void {
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

export const questionValues = (question: QuestionInput) => ({
  type: question.type,
  title: question.title.trim(),
  description: question.description,
  choices: question.choices,
  dependentQuestions: question.dependentQuestions,
  optional: question.optional,
  autofillType: question.autofillType,
});

/** Writes a questionnaire's questions in the given order: given ids are kept, new questions get one. */
export async function writeQuestions(
  tx: Executor,
  questionnaireId: string,
  all: QuestionInput[],
): Promise<void> {
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

/** A questionnaire by id (404 when unknown), and its change stamp. */
export function questionnaireStore({ db, clock }: Pick<CatalogueContext, 'db' | 'clock'>) {
  async function find(id: string, tx: Executor = db): Promise<Questionnaire> {
    const found = await findQuestionnaire(tx, id);
    if (!found) throw questionnaireNotFound();
    return found;
  }

  /** Marks the questionnaire changed. */
  const touch = (tx: Executor, id: string) =>
    tx.update(questionnaires).set({ updatedAt: clock.now() }).where(eq(questionnaires.id, id));

  return { find, touch };
}

type QuestionRow = typeof questions.$inferSelect;

export const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  type: row.type as Question['type'],
  title: row.title,
  description: row.description,
  choices: row.choices,
  dependentQuestions: row.dependentQuestions,
  optional: row.optional,
  autofillType: row.autofillType as Question['autofillType'],
});

export async function questionnaireRecords(
  db: Executor,
  rows: (typeof questionnaires.$inferSelect)[],
): Promise<Questionnaire[]> {
  if (!rows.length) return [];
  const questionRows = await db
    .select()
    .from(questions)
    .where(
      inArray(
        questions.questionnaireId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    questions: questionRows.filter((q) => q.questionnaireId === row.id).map(toQuestion),
  }));
}

export async function findQuestionnaire(db: Executor, id: string): Promise<Questionnaire | undefined> {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
  if (!row) return undefined;
  return (await questionnaireRecords(db, [row]))[0];
}
