import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, Question, QuestionInput, Questionnaire } from '@portal/resources';
import { auditLog } from '../src/db/schema.js';
import { startTestApp, type TestApp } from './support/app.js';
import { bearer, signIn, type Tokens } from './support/sign-in.js';

let t: TestApp;
let admin: Tokens;
let customer: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  [admin, customer] = await Promise.all([
    signIn(t.app, { email: 'admin@portal.test' }),
    signIn(t.app, { email: 'customer@portal.test' }),
  ]);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, tokens: Tokens | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tokens ? bearer(tokens) : {},
    ...(payload === undefined ? {} : { payload }),
  });

function expectError(response: LightMyRequestResponse, status: number, code: string): ErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body.errors[0]?.errorCode).toBe(code);
  return body;
}

const choice = (option: string, group: string | null = null) => ({ option, description: null, group });
const question = (
  type: Question['type'],
  title: string,
  extra: Partial<QuestionInput> = {},
): QuestionInput => ({
  type,
  title,
  description: null,
  choices: [],
  dependentQuestions: [],
  optional: false,
  autofillType: 'none',
  ...extra,
});

let form: Questionnaire;
const ids = { volume: randomUUID(), details: randomUUID() };

describe('questionnaires', () => {
  it('is for admins only', async () => {
    expectError(await call('GET', '/questionnaires', customer), 403, 'forbidden');
    expectError(
      await call('POST', '/questionnaires', customer, { name: 'x', questions: [] }),
      403,
      'forbidden',
    );
    expectError(await call('GET', '/questionnaires', null), 401, 'unauthorized');
  });

  it('creates a questionnaire with every question type, choice groups, a dependent question and autofill', async () => {
    const response = await call('POST', '/questionnaires', admin, {
      name: ' Partner onboarding ',
      questions: [
        question('info', 'Tell us about your project.'),
        question('free-text', 'Company', { autofillType: 'company' }),
        question('datepicker', 'Start date', { optional: true }),
        question('agreement', 'I accept the terms.'),
        question('drop-down', 'Region', { choices: [choice('EMEA')] }),
        question('multi-select', 'Interfaces', {
          choices: [choice('CAN', 'Bus'), choice('LIN', 'Bus'), choice('USB', 'Serial')],
        }),
        question('single-select', 'Volume', {
          id: ids.volume,
          choices: [choice('Low'), choice('High')],
          dependentQuestions: [{ questionId: ids.details, whenOption: 'High' }],
        }),
        question('free-text', 'Volume details', { id: ids.details }),
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    form = response.json<Questionnaire>();
    expect(form.name).toBe('Partner onboarding');
    expect(form.questions.map((q) => q.type)).toEqual([
      'info',
      'free-text',
      'datepicker',
      'agreement',
      'drop-down',
      'multi-select',
      'single-select',
      'free-text',
    ]);
    expect(form.questions[1]!.autofillType).toBe('company');
    expect(form.questions[5]!.choices[2]).toEqual(choice('USB', 'Serial'));
    expect(form.questions[6]).toMatchObject({
      id: ids.volume,
      dependentQuestions: [{ questionId: ids.details, whenOption: 'High' }],
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, form.id));
    expect(entry).toMatchObject({ action: 'create', entity: 'questionnaire' });
  });

  it('refuses the rules of spec §5 with 400 on their fields', async () => {
    const cases: [string, object][] = [
      ['no question', { name: 'x', questions: [] }],
      ['no name', { name: ' ', questions: [question('free-text', 'Q')] }],
      [
        'a single-select with one choice',
        { name: 'x', questions: [question('single-select', 'Q', { choices: [choice('A')] })] },
      ],
      ['a drop-down without choices', { name: 'x', questions: [question('drop-down', 'Q')] }],
      [
        'a multi-select with one choice',
        { name: 'x', questions: [question('multi-select', 'Q', { choices: [choice('A')] })] },
      ],
      ['a question without text', { name: 'x', questions: [question('free-text', ' ')] }],
      ['an unknown type', { name: 'x', questions: [question('slider' as Question['type'], 'Q')] }],
      [
        'an unknown autofill',
        { name: 'x', questions: [question('free-text', 'Q', { autofillType: 'email' as 'none' })] },
      ],
      [
        'a dependent question outside the questionnaire',
        {
          name: 'x',
          questions: [
            question('free-text', 'Q', {
              dependentQuestions: [{ questionId: randomUUID(), whenOption: null }],
            }),
          ],
        },
      ],
    ];
    for (const [, body] of cases)
      expectError(await call('POST', '/questionnaires', admin, body), 400, 'invalid_request');
  });

  it('lists, searches and reads questionnaires', async () => {
    const listed = await call('GET', '/questionnaires', admin, undefined);
    expect(listed.json<Questionnaire[]>().map((q) => q.name)).toEqual([
      'Evaluation request',
      'Export control declaration',
      'Partner onboarding',
    ]);
    const searched = await call(
      'GET',
      `/questionnaires?filter=${encodeURIComponent(JSON.stringify({ q: 'partner' }))}`,
      admin,
    );
    expect(searched.json<Questionnaire[]>().map((q) => q.id)).toEqual([form.id]);
    expect((await call('GET', `/questionnaires/${form.id}`, admin)).json()).toEqual(form);
    expectError(await call('GET', `/questionnaires/${randomUUID()}`, admin), 404, 'not_found');
  });

  it('replaces name and questions; questions keep their ids', async () => {
    const response = await call('PUT', `/questionnaires/${form.id}`, admin, {
      name: 'Partner onboarding 2',
      questions: [...form.questions.slice(1), question('free-text', 'Anything else?', { optional: true })],
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<Questionnaire>();
    expect(changed.questions.map((q) => q.id).slice(0, 7)).toEqual(form.questions.slice(1).map((q) => q.id));
    expect(changed.questions).toHaveLength(8);
    expectError(
      await call('PUT', `/questionnaires/${form.id}`, admin, {
        name: 'x',
        questions: [
          { ...question('free-text', 'Q'), id: await firstQuestionOf('Export control declaration') },
        ],
      }),
      400,
      'invalid_request',
    );
    expectError(
      await call('PUT', `/questionnaires/${randomUUID()}`, admin, {
        name: 'x',
        questions: [question('free-text', 'Q')],
      }),
      404,
      'not_found',
    );
    form = changed;
  });

  it('copies a questionnaire with new question ids and its dependencies kept', async () => {
    const response = await call('POST', `/questionnaires/${form.id}/copy`, admin);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Questionnaire>();
    expect(copy.name).toBe('Copy of Partner onboarding 2');
    expect(copy.questions.map((q) => q.title)).toEqual(form.questions.map((q) => q.title));
    expect(copy.questions.some((q) => form.questions.some((original) => original.id === q.id))).toBe(false);
    const volume = copy.questions.find((q) => q.title === 'Volume')!;
    const details = copy.questions.find((q) => q.title === 'Volume details')!;
    expect(volume.dependentQuestions).toEqual([{ questionId: details.id, whenOption: 'High' }]);
    expectError(await call('POST', `/questionnaires/${randomUUID()}/copy`, admin), 404, 'not_found');
    expect((await call('DELETE', `/questionnaires/${copy.id}`, admin)).statusCode).toBe(200);
  });
});

async function firstQuestionOf(name: string): Promise<string> {
  const all = (await call('GET', '/questionnaires', admin)).json<Questionnaire[]>();
  return all.find((q) => q.name === name)!.questions[0]!.id;
}

describe('questions', () => {
  let added: Question;

  it('lists and reads the questions in order', async () => {
    const listed = await call('GET', `/questionnaires/${form.id}/questions`, admin);
    expect(listed.json<Question[]>()).toEqual(form.questions);
    expect(listed.headers['content-range']).toBe(`questions 0-7/8`);
    expect(
      (await call('GET', `/questionnaires/${form.id}/questions/${ids.volume}`, admin)).json<Question>().title,
    ).toBe('Volume');
    expectError(
      await call('GET', `/questionnaires/${form.id}/questions/${randomUUID()}`, admin),
      404,
      'not_found',
    );
  });

  it('adds a question at the end, checked against the whole questionnaire', async () => {
    const response = await call(
      'POST',
      `/questionnaires/${form.id}/questions`,
      admin,
      question('single-select', 'Preferred contact', { choices: [choice('Mail'), choice('Phone')] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    added = response.json<Question>();
    expect(
      (await call('GET', `/questionnaires/${form.id}`, admin)).json<Questionnaire>().questions.at(-1)!.id,
    ).toBe(added.id);
    expectError(
      await call(
        'POST',
        `/questionnaires/${form.id}/questions`,
        admin,
        question('single-select', 'Bad', { choices: [choice('One')] }),
      ),
      400,
      'invalid_request',
    );
    expectError(
      await call(
        'POST',
        `/questionnaires/${form.id}/questions`,
        admin,
        question('free-text', 'Bad', {
          dependentQuestions: [{ questionId: randomUUID(), whenOption: null }],
        }),
      ),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', `/questionnaires/${randomUUID()}/questions`, admin, question('free-text', 'Q')),
      404,
      'not_found',
    );
  });

  it('changes a question', async () => {
    const response = await call('PUT', `/questionnaires/${form.id}/questions/${added.id}`, admin, {
      ...added,
      title: 'How may we contact you?',
      optional: true,
      choices: [choice('Mail'), choice('Phone'), choice('Video call')],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Question>()).toMatchObject({ title: 'How may we contact you?', optional: true });
    expectError(
      await call('PUT', `/questionnaires/${form.id}/questions/${randomUUID()}`, admin, added),
      404,
      'not_found',
    );
  });

  it('refuses to delete a question other questions depend on with 409 question_has_dependents', async () => {
    const body = expectError(
      await call('DELETE', `/questionnaires/${form.id}/questions/${ids.volume}`, admin),
      409,
      'question_has_dependents',
    );
    expect(body.errors[0]!.resources).toEqual([ids.details]);
  });

  it('deletes a dependent question, and its parent forgets it; then the parent can go', async () => {
    const response = await call('DELETE', `/questionnaires/${form.id}/questions/${ids.details}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const volume = (
      await call('GET', `/questionnaires/${form.id}/questions/${ids.volume}`, admin)
    ).json<Question>();
    expect(volume.dependentQuestions).toEqual([]);
    expect(
      (await call('DELETE', `/questionnaires/${form.id}/questions/${ids.volume}`, admin)).statusCode,
    ).toBe(200);
    expectError(
      await call('DELETE', `/questionnaires/${form.id}/questions/${ids.volume}`, admin),
      404,
      'not_found',
    );
  });

  it('keeps the last question', async () => {
    const single = (
      await call('POST', '/questionnaires', admin, {
        name: 'Tiny',
        questions: [question('free-text', 'Only')],
      })
    ).json<Questionnaire>();
    expectError(
      await call('DELETE', `/questionnaires/${single.id}/questions/${single.questions[0]!.id}`, admin),
      409,
      'conflict',
    );
    expect((await call('DELETE', `/questionnaires/${single.id}`, admin)).statusCode).toBe(200);
  });
});

describe('deleting questionnaires', () => {
  it('refuses a questionnaire tools or bundles still ask with 409 questionnaire_in_use, naming them', async () => {
    const all = (await call('GET', '/questionnaires', admin)).json<Questionnaire[]>();
    const exportForm = all.find((q) => q.name === 'Export control declaration')!;
    const body = expectError(
      await call('DELETE', `/questionnaires/${exportForm.id}`, admin),
      409,
      'questionnaire_in_use',
    );
    expect(body.errors[0]!.resources.sort()).toEqual(['BND-SECURE-ELEMENT', 'secureboot-signer']);
  });

  it('deletes one nobody asks, answering it', async () => {
    const response = await call('DELETE', `/questionnaires/${form.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<Questionnaire>().id).toBe(form.id);
    expectError(await call('DELETE', `/questionnaires/${form.id}`, admin), 404, 'not_found');
  });
});

describe('taken question ids', () => {
  const total = async () =>
    (await call('GET', '/questionnaires', admin)).headers['content-range']?.toString().split('/')[1];

  it('answers 409 duplicate for a question id given twice or owned by another questionnaire, writing nothing', async () => {
    const taken = randomUUID();
    const before = await total();
    const twice = await call('POST', '/questionnaires', admin, {
      name: 'Twice',
      questions: [question('free-text', 'A', { id: taken }), question('free-text', 'B', { id: taken })],
    });
    expect(expectError(twice, 409, 'duplicate').errors[0]!.resources).toEqual(['questions']);
    expect(await total()).toBe(before);

    const owner = (
      await call('POST', '/questionnaires', admin, {
        name: 'Owner',
        questions: [question('free-text', 'Owned', { id: taken })],
      })
    ).json<Questionnaire>();
    const other = (
      await call('POST', '/questionnaires', admin, {
        name: 'Other',
        questions: [question('free-text', 'First')],
      })
    ).json<Questionnaire>();
    const stolen = await call(
      'POST',
      `/questionnaires/${other.id}/questions`,
      admin,
      question('free-text', 'Stolen', { id: taken }),
    );
    expect(expectError(stolen, 409, 'duplicate').errors[0]!.resources).toEqual(['id']);
    const read = async (id: string) =>
      (await call('GET', `/questionnaires/${id}`, admin)).json<Questionnaire>();
    expect((await read(other.id)).questions.map((q) => q.title)).toEqual(['First']);
    expect((await read(owner.id)).questions.map((q) => q.title)).toEqual(['Owned']);
  });
});
