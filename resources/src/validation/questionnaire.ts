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

export const freeTextAnswerSchema = z
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
