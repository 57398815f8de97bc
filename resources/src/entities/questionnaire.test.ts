import { describe, expect, it } from 'vitest';
import { messagesFor } from '../validation/test-helpers.js';
import { questionInputSchema, questionnaireInputSchema, type QuestionInput } from './questionnaire.js';

const FIRST_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SECOND_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const choice = (option: string) => ({ option, description: null, group: null });
const question: QuestionInput = {
  type: 'free-text',
  title: 'What will you build?',
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none',
};

describe('questionInputSchema', () => {
  it.each([
    ['free-text', 0],
    ['info', 0],
    ['drop-down', 1],
    ['single-select', 2],
    ['multi-select', 2],
  ] as const)('accepts a %s question with %i choices', (type, count) => {
    const choices = ['A', 'B'].slice(0, count).map(choice);
    expect(messagesFor(questionInputSchema, { ...question, type, choices })).toEqual([]);
  });

  it.each([
    ['drop-down', 0, 'Add at least one choice.'],
    ['single-select', 1, 'Add at least 2 choices.'],
    ['multi-select', 1, 'Add at least 2 choices.'],
  ] as const)('refuses a %s question with %i choices', (type, count, message) => {
    const choices = ['A'].slice(0, count).map(choice);
    expect(messagesFor(questionInputSchema, { ...question, type, choices })).toEqual([message]);
  });

  it.each([
    ['no question text', { title: ' ' }, 'Question text is required.'],
    ['an empty choice', { type: 'drop-down', choices: [choice('')] }, 'Choice text is required.'],
  ] as const)('refuses %s', (_case, change, message) => {
    expect(messagesFor(questionInputSchema, { ...question, ...change })).toEqual([message]);
  });

  it('fills in the autofill type none when missing', () => {
    const { autofillType: _omitted, ...withoutAutofill } = question;
    expect(questionInputSchema.parse(withoutAutofill).autofillType).toBe('none');
  });
});

describe('questionnaireInputSchema', () => {
  const first = { ...question, id: FIRST_ID };
  const second = { ...question, id: SECOND_ID };
  const dependsOnFirst = (q: QuestionInput) => ({
    ...q,
    dependentQuestions: [{ questionId: SECOND_ID, whenOption: null }],
  });

  it.each([
    ['one question', [question]],
    ['a question with a dependent one', [dependsOnFirst(first), second]],
  ])('accepts %s', (_case, questions) => {
    expect(messagesFor(questionnaireInputSchema, { name: 'Export control', questions })).toEqual([]);
  });

  it.each([
    ['no name', { name: '', questions: [question] }, ['Questionnaire name is required.']],
    [
      'no question',
      { name: 'Q', questions: [] },
      ['A questionnaire needs at least one question that does not depend on another.'],
    ],
    [
      'only dependent questions',
      {
        name: 'Q',
        questions: [
          { ...first, dependentQuestions: [{ questionId: SECOND_ID, whenOption: null }] },
          { ...second, dependentQuestions: [{ questionId: FIRST_ID, whenOption: 'Yes' }] },
        ],
      },
      ['A questionnaire needs at least one question that does not depend on another.'],
    ],
    [
      'a dependent question from elsewhere',
      {
        name: 'Q',
        questions: [{ ...first, dependentQuestions: [{ questionId: SECOND_ID, whenOption: null }] }],
      },
      ['A dependent question must be another question of this questionnaire.'],
    ],
  ])('refuses %s', (_case, questionnaire, messages) => {
    expect(messagesFor(questionnaireInputSchema, questionnaire)).toEqual(messages);
  });
});
