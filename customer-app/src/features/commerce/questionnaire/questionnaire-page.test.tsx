import { CART_STORAGE_KEY, type Checkout, type Questionnaire } from '@portal/resources';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, stubFetch } from '../../../test/fixtures';
import { toolEntry } from '../cart/cart-entries';
import { choices, makeQuestion, makeTool, makeVersion } from '../test-data';
import { renderWithPortal } from '../../../test/portal';
import { QuestionnairePage } from './questionnaire-page';

const research = makeQuestion({ type: 'free-text', title: 'Describe the research project' });
const questionnaire: Questionnaire = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Export control declaration',
  questions: [
    makeQuestion({ type: 'free-text', title: 'Company', autofillType: 'company' }),
    makeQuestion({
      type: 'single-select',
      title: 'Intended use',
      choices: choices('Industrial', 'University research'),
      dependentQuestions: [{ questionId: research.id, whenOption: 'University research' }],
    }),
    research,
    makeQuestion({ type: 'agreement', title: 'I confirm civil end use.' }),
  ],
};
const [companyQuestion, useQuestion, , agreementQuestion] = questionnaire.questions as [
  Questionnaire['questions'][number],
  Questionnaire['questions'][number],
  Questionnaire['questions'][number],
  Questionnaire['questions'][number],
];
const signer = makeTool({
  featureId: 'secureboot-signer',
  name: 'SecureBoot Signing Tool',
  requestFlow: 'cart-with-questionnaire',
  questionnaireId: questionnaire.id,
});
const checkout: Checkout = {
  id: '99999999-2222-4333-8444-555555555555',
  status: 'completed',
  entryKeys: [],
  orders: [],
  payment: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderPage() {
  return renderWithPortal(
    [
      { path: '/cart/questionnaire', Component: QuestionnairePage },
      { path: '/cart/:id/summary', element: <h1>Summary</h1> },
      { path: '/cart', element: <h1>Cart</h1> },
    ],
    '/cart/questionnaire',
    {
      fetch: stubFetch({
        'users/me': { status: 200, body: makeUser({ company: 'Acme Devices' }) },
        [`catalogue/questionnaires/${questionnaire.id}`]: { status: 200, body: questionnaire },
        checkouts: { status: 201, body: checkout },
      }),
    },
  );
}

describe('the cart questionnaire page', () => {
  it(
    'asks the questionnaire of the cart, autofilled from the profile, and checks out with the answers',
    { timeout: 20_000 },
    async () => {
      localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify([toolEntry(signer, makeVersion({ version: '1.3.0' }))]),
      );
      const { sent, router } = renderPage();
      const checkouts = () =>
        sent.filter((request) => request.path === 'checkouts').map((request) => request.body);

      expect(await screen.findByRole('heading', { name: 'Export control declaration' })).toBeTruthy();
      expect(screen.getByText('Asked by SecureBoot Signing Tool')).toBeTruthy();
      const company = screen.getByRole('textbox', { name: /^Company/ }) as HTMLInputElement;
      await waitFor(() => expect(company.value).toBe('Acme Devices'));

      // Nothing is sent while a required answer is missing; the page says how many need a look.
      fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please check 2 answers.');
      expect(checkouts()).toEqual([]);

      fireEvent.click(screen.getByRole('radio', { name: 'University research' }));
      fireEvent.click(screen.getByRole('checkbox', { name: /I confirm civil end use/ }));
      fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please check 1 answer.');
      // Focus moves to the first answer to check.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('textbox', { name: /Describe the research project/ }),
        ),
      );

      fireEvent.change(screen.getByRole('textbox', { name: /Describe the research project/ }), {
        target: { value: 'Secure boot in a university lab' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Check out' }));

      await waitFor(() => expect(router.state.location.pathname).toBe(`/cart/${checkout.id}/summary`));
      expect(checkouts()).toEqual([
        {
          entries: [
            expect.objectContaining({
              type: 'tool',
              item: expect.objectContaining({ featureId: 'secureboot-signer' }),
            }),
          ],
          answers: {
            [questionnaire.id]: {
              [companyQuestion.id]: 'Acme Devices',
              [useQuestion.id]: 'University research',
              [research.id]: 'Secure boot in a university lab',
              [agreementQuestion.id]: true,
            },
          },
        },
      ]);
    },
  );
});
