import { validateQuestionnaireAnswers, type AutofillType, type Question, type User } from '@portal/resources';

export type Answers = Record<string, unknown>;

/** Form controls leave these when nothing was answered (an unticked agreement is false). */
function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function opens(answer: unknown, whenOption: string | null): boolean {
  if (!isAnswered(answer)) return false;
  if (whenOption === null) return true;
  return Array.isArray(answer) ? answer.includes(whenOption) : answer === whenOption;
}

/**
 * The questions the form shows, in the questionnaire's order: every question no other lists as dependent, and
 * each dependent question once its parent's answer opens it (any answer, or the option it names). The same
 * reading as the validation of @portal/resources, which the server applies at checkout.
 */
export function askedQuestions<Q extends Pick<Question, 'id' | 'dependentQuestions'>>(
  questions: readonly Q[],
  answers: Answers,
): Q[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const dependentIds = new Set(questions.flatMap((q) => q.dependentQuestions.map((d) => d.questionId)));
  const asked = new Set<string>();
  const queue = questions.filter((question) => !dependentIds.has(question.id));
  while (queue.length) {
    const question = queue.shift()!;
    if (asked.has(question.id)) continue;
    asked.add(question.id);
    for (const dependent of question.dependentQuestions) {
      const next = byId.get(dependent.questionId);
      if (next && opens(answers[question.id], dependent.whenOption)) queue.push(next);
    }
  }
  return questions.filter((question) => asked.has(question.id));
}

/** The profile claims autofill reads (spec §3: given_name, family_name, company, country). */
export type ProfileClaims = Partial<Pick<User, 'givenName' | 'familyName' | 'company' | 'country'>>;

const CLAIM: Record<Exclude<AutofillType, 'none'>, keyof ProfileClaims> = {
  firstname: 'givenName',
  lastname: 'familyName',
  company: 'company',
  country: 'country',
};

/**
 * The answers autofill gives (spec §3 autofill type): a free-text question with an autofill type starts with
 * that profile claim, unless the user has answered it (or emptied it) already. A choice question takes the claim
 * only when it is one of its options.
 */
export function autofillAnswers(
  questions: readonly Question[],
  profile: ProfileClaims,
  answers: Answers,
): Answers {
  const filled: Answers = {};
  for (const question of questions) {
    if (question.autofillType === 'none' || Object.hasOwn(answers, question.id)) continue;
    const value = profile[CLAIM[question.autofillType]]?.trim();
    if (!value) continue;
    if (question.type === 'free-text') filled[question.id] = value;
    else if (
      (question.type === 'drop-down' || question.type === 'single-select') &&
      question.choices.some((choice) => choice.option === value)
    )
      filled[question.id] = value;
  }
  return filled;
}

/**
 * Checks the answers by the rules of spec §5 (`validateQuestionnaireAnswers` of @portal/resources, the server's
 * own check): the message of each question that fails, by question id, and the answers to send, without those to
 * questions no longer asked.
 */
export function checkAnswers(
  questions: readonly Question[],
  answers: Answers,
): { issues: Record<string, string>; answers: Answers } {
  const result = validateQuestionnaireAnswers(questions, answers);
  return {
    issues: Object.fromEntries(result.issues.map((issue) => [issue.questionId, issue.message])),
    answers: result.answers,
  };
}
