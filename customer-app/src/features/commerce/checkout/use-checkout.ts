import type { Checkout, QuestionnaireAnswers } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generatePath, useNavigate } from 'react-router';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { checkoutKeys, createCheckout } from '../api/checkout';
import { browserCart } from '../cart/cart-store';
import { settleCart } from '../cart/settle-cart';
import { answerDrafts } from '../questionnaire/answer-drafts';

const summaryPath = (id: string) => generatePath(paths.cartSummary, { id });

/**
 * Checks the cart out (`POST checkouts`) with the questionnaire answers, settles the cart and goes to the
 * checkout summary. Errors stay with the caller, which shows them beside what they concern.
 */
export function useCheckout() {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (answers: QuestionnaireAnswers) =>
      createCheckout(api, { entries: [...browserCart().getSnapshot()], answers }),
    onSuccess: async (checkout: Checkout) => {
      queryClient.setQueryData(checkoutKeys.checkout(checkout.id), checkout);
      settleCart(browserCart(), checkout);
      answerDrafts.clear();
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate(summaryPath(checkout.id));
    },
    onError: () => undefined,
  });
}
