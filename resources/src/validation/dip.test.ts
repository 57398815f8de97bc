import { describe, expect, it } from 'vitest';
import { applicableDipSteps, dipStepTitleSchema } from './dip.js';
import { chars, messagesFor } from './test-helpers.js';

describe('dipStepTitleSchema', () => {
  it.each([
    ['3 characters', 'Go!'],
    ['100 characters', chars(100)],
  ])('accepts %s', (_case, title) => {
    expect(messagesFor(dipStepTitleSchema, title)).toEqual([]);
  });

  it.each([
    ['empty', '', 'Step title is required.'],
    ['2 characters', 'Go', 'Step title must have at least 3 characters.'],
    ['101 characters', chars(101), 'Step title may have at most 100 characters.'],
  ])('refuses %s', (_case, title, message) => {
    expect(messagesFor(dipStepTitleSchema, title)).toEqual([message]);
  });
});

describe('applicableDipSteps', () => {
  const steps = [
    { title: 'Order samples', secure: false },
    { title: 'Upload keys', secure: true },
  ];

  it('keeps only the non-secure steps on a board that is not secure, warning about the others', () => {
    expect(applicableDipSteps(steps, { secure: false })).toEqual({
      steps: [steps[0]],
      warnings: ['Step "Upload keys" is secure and is ignored on a board that is not secure.'],
    });
  });

  it('keeps only the secure steps on a secure board, warning about the others', () => {
    expect(applicableDipSteps(steps, { secure: true })).toEqual({
      steps: [steps[1]],
      warnings: ['Step "Order samples" is not secure and is ignored on a secure board.'],
    });
  });
});
