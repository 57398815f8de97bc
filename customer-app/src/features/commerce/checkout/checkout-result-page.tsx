import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Checkout } from '@portal/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { loginPath, paths } from '../../../paths';
import { cancelCheckout, checkoutKeys, checkoutQuery } from '../api/checkout';
import { browserCart } from '../cart/cart-store';
import { settleCart } from '../cart/settle-cart';
import { NotFoundBlock } from '../components/not-found-block';
import { PageFrame } from '../components/page-frame';
import { ErrorBlock, LoadingBlock, isNotFound } from '../../../components/query-states';
import { useAccount } from '../components/use-account';
import { OrderCard } from '../orders/order-card';
import { CheckoutHeadline, PaymentBox } from './summary-page';

/** How long the page waits for the provider's confirmation after the browser came back from paying. */
const CONFIRMATION_WAIT_MS = 30_000;
const CONFIRMATION_POLL_MS = 2_000;

const RETURNS = ['success', 'canceled', 'failed', 'expired'] as const;
type Return = (typeof RETURNS)[number];

/**
 * The checkout result (spec §2.1), where the payment provider sends the browser back: the address's `status` only
 * says how the visitor left the payment page, so what counts is the checkout the server reports.
 */
export function CheckoutResultPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const account = useAccount();
  const returned = RETURNS.find((status) => status === params.get('status'));

  if (!account.signedIn) {
    return (
      // The address alone proves nothing about the payment: the result is shown only to its signed-in owner.
      <PageFrame title={t('page.checkoutResult')}>
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to={loginPath({ redirectTo: `${location.pathname}${location.search}` })}
              color="inherit"
            >
              {t('nav.login')}
            </Button>
          }
        >
          {t('checkout.signInToSee')}
        </Alert>
      </PageFrame>
    );
  }
  return <SignedInResult id={id} returned={returned} />;
}

function SignedInResult({ id, returned }: { id: string; returned: Return | undefined }) {
  const { t } = useI18n();
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [timeUp, setTimeUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimeUp(true), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const waiting = (checkout: Checkout | undefined) =>
    returned === 'success' && checkout?.status === 'started' && !timeUp;
  const query = useQuery({
    ...checkoutQuery(api, id),
    refetchInterval: (current) => (waiting(current.state.data) ? CONFIRMATION_POLL_MS : false),
  });
  const checkout = query.data;

  // Left the provider's page without paying: the payment is canceled (and can be resumed), once.
  const canceling = useRef(false);
  useEffect(() => {
    if (returned !== 'canceled' || checkout?.status !== 'started' || canceling.current) return;
    canceling.current = true;
    cancelCheckout(api, id)
      .then((canceled) => queryClient.setQueryData(checkoutKeys.checkout(id), canceled))
      .catch(() => queryClient.invalidateQueries({ queryKey: checkoutKeys.checkout(id) }));
  }, [api, checkout?.status, id, queryClient, returned]);

  useEffect(() => {
    if (checkout) settleCart(browserCart(), checkout);
    if (checkout?.status === 'completed') void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [checkout, queryClient]);

  if (query.isPending) {
    return (
      <PageFrame title={t('page.checkoutResult')}>
        <LoadingBlock label={t('checkout.loading')} />
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = isNotFound(query.error, { badId: true });
    return (
      <PageFrame
        title={notFound ? t('page.notFound') : t('page.checkoutResult')}
        heading={t('page.checkoutResult')}
      >
        {notFound ? (
          <NotFoundBlock text={t('checkout.notFound')} />
        ) : (
          <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
        )}
      </PageFrame>
    );
  }
  const data = query.data;
  const confirming = waiting(data);
  return (
    <PageFrame title={t('page.checkoutResult')}>
      {confirming ? (
        <LoadingBlock label={t('checkout.confirming')} />
      ) : returned === 'success' && data.status === 'started' ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('checkout.stillConfirming')}
        </Alert>
      ) : (
        <CheckoutHeadline checkout={data} />
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '2fr 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          {data.orders.map((order) => (
            <OrderCard key={order.id} order={order} paymentLink={false} />
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to={paths.myOrders}
              variant={data.status === 'completed' ? 'contained' : 'text'}
            >
              {t('checkout.allOrders')}
            </Button>
            {data.status === 'completed' && (
              <Button component={RouterLink} to={paths.myAssets}>
                {t('checkout.myLicenses')}
              </Button>
            )}
          </Stack>
        </Stack>
        <PaymentBox checkout={data} />
      </Box>
    </PageFrame>
  );
}
