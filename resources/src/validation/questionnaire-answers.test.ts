import { describe, expect, it } from 'vitest';
import type { Question } from '../entities/questionnaire.js';
import { validateQuestionnaireAnswers } from './questionnaire.js';

const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
const [STAGE, DETAILS, NOTE, INFO, ANY] = ids as [string, string, string, string, string];
const choice = (option: string) => ({ option, description: null, group: null });
const base = {
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none' as const,
};
const questions: Question[] = [
  { ...base, id: INFO, type: 'info', title: 'Read this.' },
  {
    ...base,
    id: STAGE,
    type: 'single-select',
    title: 'Stage',
    choices: [choice('Evaluation'), choice('Production')],
    dependentQuestions: [
      { questionId: DETAILS, whenOption: 'Production' },
      { questionId: ANY, whenOption: null },
    ],
  },
  { ...base, id: DETAILS, type: 'free-text', title: 'Volume?' },
  { ...base, id: ANY, type: 'agreement', title: 'Confirm' },
  { ...base, id: NOTE, type: 'free-text', title: 'Note', optional: true },
];

describe('validateQuestionnaireAnswers', () => {
  it('asks the questions no other question depends on, and dependents only when opened', () => {
    const result = validateQuestionnaireAnswers(questions, {});
    expect(result.issues.map((issue) => issue.questionId)).toEqual([STAGE]);
  });

  it('opens a dependent question for its option, and one without option for any answer', () => {
    const evaluation = validateQuestionnaireAnswers(questions, { [STAGE]: 'Evaluation' });
    expect(evaluation.issues.map((issue) => issue.questionId)).toEqual([ANY]);
    const production = validateQuestionnaireAnswers(questions, { [STAGE]: 'Production' });
    expect(production.issues.map((issue) => [issue.questionId, issue.message])).toEqual([
      [DETAILS, 'Please answer this question.'],
      [ANY, 'Please accept to continue.'],
    ]);
  });

  it('keeps the answers asked, drops the others and empty optional ones', () => {
    const result = validateQuestionnaireAnswers(questions, {
      [INFO]: 'ignored',
      [STAGE]: 'Evaluation',
      [DETAILS]: 'not asked',
      [ANY]: true,
      [NOTE]: '',
      unknown: 'x',
    });
    expect(result).toEqual({ answers: { [STAGE]: 'Evaluation', [ANY]: true }, issues: [] });
  });

  it('checks answers by their question type', () => {
    const result = validateQuestionnaireAnswers(questions, {
      [STAGE]: 'Production',
      [DETAILS]: 'x'.repeat(256),
      [ANY]: true,
      [NOTE]: 'fine',
    });
    expect(result.issues).toEqual([
      { questionId: DETAILS, message: 'Your answer may have at most 255 characters.' },
    ]);
  });
});
