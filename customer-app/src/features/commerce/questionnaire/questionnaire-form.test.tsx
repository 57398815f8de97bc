import type { Question } from '@portal/resources';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { choices, makeQuestion } from '../test-data';
import { QuestionnaireFields } from './questionnaire-form';
import { askedQuestions, autofillAnswers, checkAnswers, type Answers } from './questionnaire-logic';

/** The text of the elements `aria-describedby` names: what a screen reader reads after the label. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const required = (element: HTMLElement) => (element as HTMLInputElement).required;
const value = (element: HTMLElement) => (element as HTMLInputElement).value;

/** The form as the questionnaire page drives it: answers in state, checked on submit. */
function Harness({ questions, initial = {} }: { questions: Question[]; initial?: Answers }) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<Answers | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = checkAnswers(questions, answers);
        setIssues(result.issues);
        if (!Object.keys(result.issues).length) setSent(result.answers);
      }}
    >
      <QuestionnaireFields
        scope="test"
        questions={questions}
        answers={answers}
        issues={issues}
        onAnswer={(id, value) => setAnswers((current) => ({ ...current, [id]: value }))}
      />
      <button type="submit">Send</button>
      {sent && <output data-testid="sent">{JSON.stringify(sent)}</output>}
    </form>
  );
}

const info = makeQuestion({
  type: 'info',
  title: 'This software is export controlled.',
  description: 'Tell us how.',
});
const company = makeQuestion({ type: 'free-text', title: 'Company', autofillType: 'company' });
const start = makeQuestion({ type: 'datepicker', title: 'Planned start of production', optional: true });
const agreement = makeQuestion({ type: 'agreement', title: 'I confirm civil end use.' });
const volume = makeQuestion({
  type: 'drop-down',
  title: 'Annual volume',
  choices: choices('Below 10k', 'Above 10k'),
});
const research = makeQuestion({ type: 'free-text', title: 'Describe the research project' });
const use = makeQuestion({
  type: 'single-select',
  title: 'Intended use',
  choices: [
    { option: 'Automotive', group: 'Civil', description: null },
    { option: 'Industrial', group: 'Civil', description: null },
    { option: 'University research', group: 'Research', description: 'Publicly funded research' },
  ],
  dependentQuestions: [{ questionId: research.id, whenOption: 'University research' }],
});
const markets = makeQuestion({
  type: 'multi-select',
  title: 'Target markets',
  choices: choices('Europe', 'Asia', 'Other'),
});
const every = [info, company, use, research, markets, volume, start, agreement];

// MUI in jsdom is slow on a busy two-core machine.
describe('the questionnaire form (spec §3 question types, §5 validation)', () => {
  it('renders every question type with its label, its choices and whether it is optional', () => {
    render(<Harness questions={every} />);

    expect(screen.getByRole('note').textContent).toBe('This software is export controlled.Tell us how.');
    expect(required(screen.getByRole('textbox', { name: /^Company/ }))).toBe(true);
    const date = screen.getByLabelText(/Planned start of production \(optional\)/);
    expect(date.getAttribute('type')).toBe('date');
    expect(required(date)).toBe(false);
    expect(screen.getByRole('checkbox', { name: /I confirm civil end use/ })).not.toBeNull();

    const radios = screen.getByRole('radiogroup');
    expect(
      within(radios)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Automotive', 'Industrial', 'University researchPublicly funded research']);
    expect(within(radios).getByRole('group', { name: 'Civil' })).not.toBeNull();
    expect(within(radios).getByRole('group', { name: 'Research' })).not.toBeNull();

    const marketGroup = screen.getByRole('group', { name: /Target markets/ });
    expect(within(marketGroup).getAllByRole('checkbox')).toHaveLength(3);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Annual volume/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Below 10k',
      'Above 10k',
    ]);
  });

  it('shows a dependent question only once its parent is answered with the option it waits for', () => {
    render(<Harness questions={every} />);
    expect(screen.queryByRole('textbox', { name: /Describe the research project/ })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /University research/ }));
    expect(screen.getByRole('textbox', { name: /Describe the research project/ })).not.toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Industrial' }));
    expect(screen.queryByRole('textbox', { name: /Describe the research project/ })).toBeNull();
  });

  it('opens a dependent question on any answer when it waits for no particular option', () => {
    const details = makeQuestion({ type: 'free-text', title: 'Details' });
    const parent = makeQuestion({
      type: 'multi-select',
      title: 'Markets',
      choices: choices('Europe', 'Asia'),
      dependentQuestions: [{ questionId: details.id, whenOption: null }],
    });
    expect(askedQuestions([parent, details], {}).map((q) => q.title)).toEqual(['Markets']);
    expect(askedQuestions([parent, details], { [parent.id]: [] }).map((q) => q.title)).toEqual(['Markets']);
    expect(askedQuestions([parent, details], { [parent.id]: ['Asia'] }).map((q) => q.title)).toEqual([
      'Markets',
      'Details',
    ]);
  });

  it('says what is missing or wrong with the messages of @portal/resources, beside each field', () => {
    render(<Harness questions={every} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(description(screen.getByRole('textbox', { name: /^Company/ }))).toBe(
      'Please answer this question.',
    );
    expect(description(screen.getByRole('radiogroup'))).toBe('Please choose one of the options.');
    expect(
      within(screen.getByRole('group', { name: /Target markets/ })).getByText(
        'Please choose at least one option.',
      ),
    ).not.toBeNull();
    expect(description(screen.getByRole('checkbox', { name: /I confirm civil end use/ }))).toBe(
      'Please accept to continue.',
    );
    expect(
      screen.getByText('Please choose one of the options.', {
        selector: '#question-test-' + volume.id + '-helper-text',
      }),
    ).not.toBeNull();
    // The optional date may stay empty.
    expect(description(screen.getByLabelText(/Planned start of production/))).not.toMatch(/Please/);
    expect(screen.queryByTestId('sent')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /^Company/ }), {
      target: { value: 'x'.repeat(256) },
    });
    fireEvent.change(screen.getByLabelText(/Planned start of production/), {
      target: { value: '2027-13-45' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(description(screen.getByRole('textbox', { name: /^Company/ }))).toBe(
      'Your answer may have at most 255 characters.',
    );
  });

  it('sends the answers of the questions asked, and only those, once every rule holds', () => {
    render(<Harness questions={every} initial={{ [research.id]: 'left over from an earlier choice' }} />);
    fireEvent.change(screen.getByRole('textbox', { name: /^Company/ }), {
      target: { value: 'Acme Devices' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Automotive' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Europe' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Asia' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Annual volume/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Above 10k' }));
    fireEvent.change(screen.getByLabelText(/Planned start of production/), {
      target: { value: '2027-03-01' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /I confirm civil end use/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(JSON.parse(screen.getByTestId('sent').textContent!)).toEqual({
      [company.id]: 'Acme Devices',
      [use.id]: 'Automotive',
      [markets.id]: ['Europe', 'Asia'],
      [volume.id]: 'Above 10k',
      [start.id]: '2027-03-01',
      [agreement.id]: true,
    });
  });
});

describe('autofill from the profile claims (spec §3 autofill type)', () => {
  const first = makeQuestion({ type: 'free-text', title: 'First name', autofillType: 'firstname' });
  const last = makeQuestion({ type: 'free-text', title: 'Last name', autofillType: 'lastname' });
  const country = makeQuestion({ type: 'free-text', title: 'Country', autofillType: 'country' });
  const countryChoice = makeQuestion({
    type: 'drop-down',
    title: 'Country of delivery',
    autofillType: 'country',
    choices: choices('DE', 'US'),
  });
  const plain = makeQuestion({ type: 'free-text', title: 'Anything else' });
  const profile = { givenName: 'Chris', familyName: 'Customer', company: 'Acme Devices', country: 'US' };

  it('fills first name, last name, company and country into the questions that ask for them', () => {
    expect(autofillAnswers([first, last, company, country, plain], profile, {})).toEqual({
      [first.id]: 'Chris',
      [last.id]: 'Customer',
      [company.id]: 'Acme Devices',
      [country.id]: 'US',
    });
  });

  it('chooses a claim in a choice question only when it is one of the options', () => {
    expect(autofillAnswers([countryChoice], profile, {})).toEqual({ [countryChoice.id]: 'US' });
    expect(autofillAnswers([countryChoice], { country: 'FR' }, {})).toEqual({});
  });

  it('leaves what the user answered or emptied, and claims the profile does not have', () => {
    expect(autofillAnswers([first, last], profile, { [first.id]: 'Kris', [last.id]: '' })).toEqual({});
    expect(autofillAnswers([first, company], { givenName: '  ' }, {})).toEqual({});
  });

  it('shows the filled-in answer in the form, where the user can change it', () => {
    const questions = [first, plain];
    render(<Harness questions={questions} initial={autofillAnswers(questions, profile, {})} />);
    const field = screen.getByRole('textbox', { name: /First name/ });
    expect(value(field)).toBe('Chris');
    fireEvent.change(field, { target: { value: 'Christopher' } });
    expect(value(field)).toBe('Christopher');
  });
});
