import { z } from 'zod';
import { FREE_TEXT_ANSWER_MAX_LENGTH } from '../constants.js';
import type { Question } from '../entities/questionnaire.js';

/** Form controls leave these when the user gave no answer (an unticked agreement is false). */
const isNoAnswer = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const freeTextAnswerSchema = z
  .string({ error: 'Please answer this question.' })
  .max(
    FREE_TEXT_ANSWER_MAX_LENGTH,
    `Your answer may have at most ${FREE_TEXT_ANSWER_MAX_LENGTH} characters.`,
  );

/**
 * The answer a question accepts when a customer fills in a questionnaire. Date, agreement, drop-down, single
 * and multi-select answers are required, and so is free text, unless the admin marked the question optional;
 * an info question takes no answer. An empty answer to an optional question comes out as undefined.
 */
export function questionAnswerSchema(question: Pick<Question, 'type' | 'optional' | 'choices'>) {
  const options = question.choices.map((choice) => choice.option);
  const isOption = (value: string) => options.includes(value);
  const answer = (schema: z.ZodType) =>
    z.preprocess(
      (value) => (isNoAnswer(value) ? undefined : value),
      question.optional ? schema.optional() : schema,
    );

  switch (question.type) {
    case 'info':
      return z.undefined();
    case 'free-text':
      return answer(freeTextAnswerSchema);
    case 'datepicker':
      return answer(z.iso.date({ error: 'Please enter a valid date.' }));
    case 'agreement':
      return answer(z.literal(true, { error: 'Please accept to continue.' }));
    case 'drop-down':
    case 'single-select':
      return answer(
        z
          .string({ error: 'Please choose one of the options.' })
          .refine(isOption, 'Please choose one of the options.'),
      );
    case 'multi-select':
      return answer(
        z.array(z.string().refine(isOption, 'Please choose from the options given.'), {
          error: 'Please choose at least one option.',
        }),
      );
  }
}

/** A question as answer validation needs it. */
export type AnsweredQuestion = Pick<Question, 'id' | 'type' | 'optional' | 'choices' | 'dependentQuestions'>;

export interface AnswerIssue {
  questionId: string;
  message: string;
}

const answered = (value: unknown) => !isNoAnswer(value);

/** Whether `answer` opens a dependent question asked `whenOption` (any answer when null). */
function opens(answer: unknown, whenOption: string | null): boolean {
  if (!answered(answer)) return false;
  if (whenOption === null) return true;
  return Array.isArray(answer) ? answer.includes(whenOption) : answer === whenOption;
}

/**
 * Checks a customer's answers to a questionnaire (spec §5). The questions asked are those no other question
 * lists as dependent, and each dependent question whose parent was answered (with its `whenOption`, when set).
 * Each question asked must pass {@link questionAnswerSchema}; answers to questions not asked are dropped.
 * Answers to optional questions left empty are dropped too.
 */
export function validateQuestionnaireAnswers(
  questions: readonly AnsweredQuestion[],
  answers: Readonly<Record<string, unknown>>,
): { answers: Record<string, unknown>; issues: AnswerIssue[] } {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const dependentIds = new Set(questions.flatMap((q) => q.dependentQuestions.map((d) => d.questionId)));
  const queue = questions.filter((question) => !dependentIds.has(question.id));
  const asked = new Set<string>();
  const cleaned: Record<string, unknown> = {};
  const issues: AnswerIssue[] = [];
  while (queue.length) {
    const question = queue.shift()!;
    if (asked.has(question.id)) continue;
    asked.add(question.id);
    // An info question only shows text; whatever a form sends for it is not an answer.
    if (question.type === 'info') continue;
    const result = questionAnswerSchema(question).safeParse(answers[question.id]);
    if (!result.success) {
      issues.push({ questionId: question.id, message: result.error.issues[0]?.message ?? 'Invalid answer.' });
      continue;
    }
    if (result.data !== undefined) cleaned[question.id] = result.data;
    for (const dependent of question.dependentQuestions) {
      const next = byId.get(dependent.questionId);
      if (next && opens(result.data, dependent.whenOption)) queue.push(next);
    }
  }
  return { answers: cleaned, issues };
}
