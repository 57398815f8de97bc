import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Checkout } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useI18n, type MessageKey } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { checkoutQuery } from '../api/checkout';
import { browserCart } from '../cart/cart-store';
import { settleCart } from '../cart/settle-cart';
import { formatDateTime, formatMoney } from '../components/format';
import { NotFoundBlock } from '../components/not-found-block';
import { PageFrame } from '../components/page-frame';
import { ErrorBlock, LoadingBlock, isNotFound } from '../../../components/query-states';
import { StatusChip } from '../components/status-chip';
import { OrderCard } from '../orders/order-card';
import { PaymentActions } from './payment-actions';

const HEADLINES: Record<
  Checkout['status'],
  { severity: 'success' | 'info' | 'warning' | 'error'; title: MessageKey; text: MessageKey }
> = {
  completed: { severity: 'success', title: 'checkout.completedTitle', text: 'checkout.completedText' },
  started: { severity: 'info', title: 'checkout.startedTitle', text: 'checkout.startedText' },
  canceled: { severity: 'warning', title: 'checkout.canceledTitle', text: 'checkout.canceledText' },
  failed: { severity: 'error', title: 'checkout.failedTitle', text: 'checkout.failedText' },
  expired: { severity: 'warning', title: 'checkout.expiredTitle', text: 'checkout.expiredText' },
};

/** Where a checkout stands, in words, with its payment's failure reason when there is one. */
export function CheckoutHeadline({ checkout }: { checkout: Checkout }) {
  const { t } = useI18n();
  const headline = HEADLINES[checkout.status];
  const requestOnly = !checkout.payment;
  return (
    <Alert severity={headline.severity} sx={{ mb: 3 }}>
      <AlertTitle>{t(requestOnly ? 'checkout.requestedTitle' : headline.title)}</AlertTitle>
      {t(requestOnly ? 'checkout.requestedText' : headline.text)}
      {checkout.status === 'failed' && checkout.payment?.failureReason && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {checkout.payment.failureReason === 'card_declined'
            ? t('errorCode.payment_declined')
            : checkout.payment.failureReason}
        </Box>
      )}
    </Alert>
  );
}

/** The payment of a checkout: amount, state, provider, method and until when it can be paid. */
export function PaymentBox({ checkout }: { checkout: Checkout }) {
  const { t, locale } = useI18n();
  const payment = checkout.payment;
  if (!payment) return null;
  const open = payment.status === 'started' || payment.status === 'canceled';
  return (
    <Paper variant="outlined" component="section" aria-label={t('checkout.payment')} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h2">{t('checkout.payment')}</Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h5" component="p">
            {formatMoney(payment.amount, locale)}
          </Typography>
          <StatusChip kind="payment" status={payment.status} />
        </Box>
        {open && (
          <Typography variant="body2" color="text.secondary">
            {t('checkout.payUntil', { date: formatDateTime(payment.expiresAt, locale) })}
          </Typography>
        )}
        {payment.paymentMethod && (
          <Typography variant="body2">{t('checkout.paidWith', { method: payment.paymentMethod })}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t(payment.provider === 'stripe' ? 'checkout.providerStripe' : 'checkout.providerEmbedded')}
        </Typography>
        <PaymentActions checkout={checkout} />
      </Stack>
    </Paper>
  );
}

/**
 * The checkout summary (spec §2.2 /cart/{id}/summary): the orders the checkout made (a request for the items
 * that are requested, a purchase for those bought) and, for a purchase, its payment: pay, resume a canceled
 * payment, or check out again after a failed or expired one.
 */
export function SummaryPage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const { id = '' } = useParams();
  const query = useQuery(checkoutQuery(api, id));
  const checkout = query.data;
  useEffect(() => {
    if (checkout) settleCart(browserCart(), checkout);
  }, [checkout]);

  const back = (
    <Button component={RouterLink} to={paths.cart} startIcon={<ArrowBack />} size="small">
      {t('questionnaire.backToCart')}
    </Button>
  );
  if (query.isPending) {
    return (
      <PageFrame title={t('page.cartSummary')} back={back}>
        <LoadingBlock label={t('checkout.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error, { badId: true });
    return (
      <PageFrame
        title={notFound ? t('page.notFound') : t('page.cartSummary')}
        heading={t('page.cartSummary')}
        back={back}
      >
        {notFound ? (
          <NotFoundBlock text={t('checkout.notFound')} />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('page.cartSummary')} back={back}>
      <CheckoutHeadline checkout={query.data} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          {query.data.orders.map((order) => (
            <OrderCard key={order.id} order={order} paymentLink={false} />
          ))}
          <Box>
            <Button component={RouterLink} to={paths.myOrders}>
              {t('checkout.allOrders')}
            </Button>
          </Box>
        </Stack>
        <PaymentBox checkout={query.data} />
      </Box>
    </PageFrame>
  );
}
