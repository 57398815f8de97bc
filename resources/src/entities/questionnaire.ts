import { z } from 'zod';
import { requiredText } from '../validation/text.js';

export const QUESTION_TYPES = [
  'datepicker',
  'free-text',
  'info',
  'agreement',
  'drop-down',
  'multi-select',
  'single-select',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** Profile fields that prefill a free-text answer. */
export const AUTOFILL_TYPES = ['firstname', 'lastname', 'company', 'country', 'none'] as const;
export const autofillTypeSchema = z.enum(AUTOFILL_TYPES);
export type AutofillType = z.infer<typeof autofillTypeSchema>;

/** A choice of a drop-down, single- or multi-select question; `group` heads a section of choices. */
export const questionChoiceSchema = z.object({
  option: z.string(),
  description: z.string().nullable(),
  group: z.string().nullable(),
});
export type QuestionChoice = z.infer<typeof questionChoiceSchema>;

/**
 * A question shown only after this one is answered: with `whenOption` when set, with any answer otherwise.
 * The spec names dependent questions without their shape; this is the one chosen.
 */
export const dependentQuestionSchema = z.object({
  questionId: z.uuid(),
  whenOption: z.string().nullable(),
});
export type DependentQuestion = z.infer<typeof dependentQuestionSchema>;

export const questionSchema = z.object({
  id: z.uuid(),
  type: questionTypeSchema,
  /** The question text. */
  title: z.string(),
  description: z.string().nullable(),
  choices: z.array(questionChoiceSchema),
  dependentQuestions: z.array(dependentQuestionSchema),
  optional: z.boolean(),
  autofillType: autofillTypeSchema.default('none'),
});
export type Question = z.infer<typeof questionSchema>;

export const questionnaireSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  questions: z.array(questionSchema),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** Choice questions need enough choices to choose from: a drop-down one, the select types two. */
export const MIN_CHOICES: Partial<Record<QuestionType, number>> = {
  'drop-down': 1,
  'single-select': 2,
  'multi-select': 2,
};

export const questionChoiceInputSchema = questionChoiceSchema.extend({
  option: requiredText('Choice text is required.'),
});

/** A question as the question editor saves it; without `id` when new. */
export const questionInputSchema = questionSchema
  .extend({
    id: z.uuid().optional(),
    title: requiredText('Question text is required.'),
    choices: z.array(questionChoiceInputSchema),
  })
  .superRefine((question, ctx) => {
    const min = MIN_CHOICES[question.type] ?? 0;
    if (question.choices.length < min) {
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: min === 1 ? 'Add at least one choice.' : `Add at least ${min} choices.`,
      });
    }
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const questionnaireInputSchema = z
  .object({
    name: requiredText('Questionnaire name is required.'),
    questions: z.array(questionInputSchema),
  })
  .superRefine(({ questions }, ctx) => {
    const ids = new Set(questions.map((question) => question.id).filter(Boolean));
    const dependentIds = new Set(questions.flatMap((q) => q.dependentQuestions.map((d) => d.questionId)));
    if (!questions.some((question) => !question.id || !dependentIds.has(question.id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: 'A questionnaire needs at least one question that does not depend on another.',
      });
    }
    questions.forEach((question, index) =>
      question.dependentQuestions.forEach((dependent, dependentIndex) => {
        if (!ids.has(dependent.questionId) || dependent.questionId === question.id) {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', index, 'dependentQuestions', dependentIndex, 'questionId'],
            message: 'A dependent question must be another question of this questionnaire.',
          });
        }
      }),
    );
  });
export type QuestionnaireInput = z.infer<typeof questionnaireInputSchema>;
