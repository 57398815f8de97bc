import Payment from '@mui/icons-material/Payment';
import Button from '@mui/material/Button';
import type { Checkout } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { errorNotice } from '../../../notifications/error-notice';
import { paths } from '../../../paths';
import { checkoutKeys, resumeCheckout } from '../api/checkout';
import { formatMoney } from '../components/format';

/** Sends the browser to the payment provider's page (the embedded test page or Stripe's). */
function goToPayment(url: string): void {
  window.location.assign(url);
}

/**
 * What can be done with a checkout's payment: pay while it is started, resume it when canceled (within its
 * 24 hours), or, once it failed or expired, go back to the cart to check out again.
 */
export function PaymentActions({ checkout }: { checkout: Checkout }) {
  const { t, locale } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const resume = useMutation({
    mutationFn: () => resumeCheckout(api, checkout.id),
    onSuccess: (resumed) => {
      queryClient.setQueryData(checkoutKeys.checkout(resumed.id), resumed);
      if (resumed.payment?.paymentUrl) goToPayment(resumed.payment.paymentUrl);
    },
    onError: (error) => {
      notifications.notify(errorNotice(error));
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(checkout.id) });
    },
  });
  const payment = checkout.payment;
  if (!payment) return null;
  const amount = formatMoney(payment.amount, locale);
  switch (payment.status) {
    case 'started':
      return payment.paymentUrl ? (
        <Button
          variant="contained"
          size="large"
          startIcon={<Payment />}
          onClick={() => goToPayment(payment.paymentUrl!)}
        >
          {t('checkout.pay', { amount })}
        </Button>
      ) : null;
    case 'canceled':
      return (
        <Button
          variant="contained"
          size="large"
          startIcon={<Payment />}
          onClick={() => resume.mutate()}
          disabled={resume.isPending}
        >
          {t('checkout.resume', { amount })}
        </Button>
      );
    case 'failed':
    case 'expired':
      return (
        <Button component={RouterLink} to={paths.cart} variant="contained" size="large">
          {t('checkout.checkOutAgain')}
        </Button>
      );
    case 'completed':
      return null;
  }
}
