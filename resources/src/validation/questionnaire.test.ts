import { describe, expect, it } from 'vitest';
import type { Question } from '../entities/questionnaire.js';
import { questionAnswerSchema } from './questionnaire.js';
import { chars, messagesFor } from './test-helpers.js';

const choices = ['Yes', 'No'].map((option) => ({ option, description: null, group: null }));
const question = (type: Question['type'], optional = false) => ({ type, optional, choices });

describe('questionAnswerSchema', () => {
  it.each([
    ['free-text', 'Ten boards a month'],
    ['free-text', chars(255)],
    ['datepicker', '2025-03-31'],
    ['agreement', true],
    ['drop-down', 'Yes'],
    ['single-select', 'No'],
    ['multi-select', ['Yes', 'No']],
    ['info', undefined],
  ] as const)('a %s question accepts %j', (type, answer) => {
    expect(messagesFor(questionAnswerSchema(question(type)), answer)).toEqual([]);
  });

  it.each([
    ['free-text', '', 'Please answer this question.'],
    ['free-text', chars(256), 'Your answer may have at most 255 characters.'],
    ['datepicker', '', 'Please enter a valid date.'],
    ['datepicker', '2025-02-30', 'Please enter a valid date.'],
    ['agreement', false, 'Please accept to continue.'],
    ['drop-down', undefined, 'Please choose one of the options.'],
    ['drop-down', 'Maybe', 'Please choose one of the options.'],
    ['single-select', '', 'Please choose one of the options.'],
    ['multi-select', [], 'Please choose at least one option.'],
    ['multi-select', ['Yes', 'Maybe'], 'Please choose from the options given.'],
  ] as const)('a required %s question refuses %j', (type, answer, message) => {
    expect(messagesFor(questionAnswerSchema(question(type)), answer)).toEqual([message]);
  });

  it.each([
    ['free-text', ''],
    ['datepicker', ''],
    ['agreement', false],
    ['drop-down', null],
    ['multi-select', []],
  ] as const)('an optional %s question may stay unanswered (%j)', (type, answer) => {
    const schema = questionAnswerSchema(question(type, true));
    expect(schema.safeParse(answer)).toEqual({ success: true, data: undefined });
  });

  it('still checks an answer given to an optional question', () => {
    expect(messagesFor(questionAnswerSchema(question('drop-down', true)), 'Maybe')).toEqual([
      'Please choose one of the options.',
    ]);
  });

  it('takes no answer for an info question', () => {
    expect(messagesFor(questionAnswerSchema(question('info')), 'text')).not.toEqual([]);
  });
});
