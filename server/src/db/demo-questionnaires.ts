import { randomUUID } from 'node:crypto';
import type { QuestionInput } from '@portal/resources';

/** The demo questionnaires (seeded by demo-catalogue.ts). */
const choice = (option: string, group: string | null = null, description: string | null = null) => ({
  option,
  group,
  description,
});

/** What a demo question has unless it says otherwise. */
const base = {
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none' as const,
};

/** The export declaration questionnaire: every question type, choice groups, a dependent question, autofill. */
export function exportQuestions(): QuestionInput[] {
  const research = randomUUID();
  return [
    {
      ...base,
      id: randomUUID(),
      type: 'info',
      title: 'This software is subject to export control. Please tell us how you will use it.',
    },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Company', autofillType: 'company' },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Country of end use', autofillType: 'country' },
    {
      ...base,
      id: randomUUID(),
      type: 'single-select',
      title: 'Intended use',
      choices: [
        choice('Automotive', 'Civil'),
        choice('Industrial', 'Civil'),
        choice('Consumer', 'Civil'),
        choice('University research', 'Research', 'Teaching and publicly funded research'),
      ],
      dependentQuestions: [{ questionId: research, whenOption: 'University research' }],
    },
    { ...base, id: research, type: 'free-text', title: 'Describe the research project' },
    {
      ...base,
      id: randomUUID(),
      type: 'multi-select',
      title: 'Target markets',
      choices: [choice('Europe'), choice('North America'), choice('Asia'), choice('Other')],
    },
    {
      ...base,
      id: randomUUID(),
      type: 'drop-down',
      title: 'Annual volume',
      choices: [choice('Below 10k'), choice('10k to 100k'), choice('Above 100k')],
    },
    { ...base, id: randomUUID(), type: 'datepicker', title: 'Planned start of production', optional: true },
    {
      ...base,
      id: randomUUID(),
      type: 'agreement',
      title: 'I confirm that the software will not be used for military end uses.',
    },
  ];
}

export function evaluationQuestions(): QuestionInput[] {
  const details = randomUUID();
  return [
    { ...base, id: randomUUID(), type: 'free-text', title: 'What will you build?' },
    {
      ...base,
      id: randomUUID(),
      type: 'single-select',
      title: 'Project stage',
      choices: [choice('Evaluation'), choice('Development'), choice('Production')],
      dependentQuestions: [{ questionId: details, whenOption: 'Production' }],
    },
    { ...base, id: details, type: 'free-text', title: 'Expected production date and volume', optional: true },
    { ...base, id: randomUUID(), type: 'free-text', title: 'First name', autofillType: 'firstname' },
    { ...base, id: randomUUID(), type: 'free-text', title: 'Last name', autofillType: 'lastname' },
  ];
}
