import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reachablePages, orderStatusSchema, type OrderStatus } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { ordersQuery } from '../api/orders';
import { PageLinks, readPage } from '../components/page-links';
import { PageFrame } from '../components/page-frame';
import { EmptyState, ErrorBlock, LoadingBlock } from '../../../components/query-states';
import { useStatusText } from '../components/status-chip';
import { OrderCard } from './order-card';

const PAGE_SIZE = 10;
const STATUSES = orderStatusSchema.options;

/**
 * Order history (spec §2.2 /my/orders): every order with its status, positions and payment, newest first,
 * filtered by status and paged, the filter and page in the URL.
 */
export function MyOrdersPage() {
  const { t, locale } = useI18n();
  const { api } = usePortal();
  const statusText = useStatusText();
  const [params, setParams] = useSearchParams();
  const page = readPage(params, PAGE_SIZE);
  const asked = params.get('status');
  const status = STATUSES.find((value) => value === asked);
  const query = useQuery(
    ordersQuery(api, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, filter: status ? { status } : {} }),
  );
  const total = query.data?.range.total ?? 0;
  const setStatus = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set('status', value);
    else next.delete('status');
    setParams(next);
  };

  return (
    <PageFrame title={t('page.myOrders')} intro={t('orders.intro')}>
      <Stack
        direction="row"
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('orders.filterStatus')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          value={status ?? ''}
          onChange={(event) => setStatus(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('orders.allStatuses')}</MenuItem>
          {STATUSES.map((value: OrderStatus) => (
            <MenuItem key={value} value={value}>
              {statusText({ kind: 'order', status: value })}
            </MenuItem>
          ))}
        </TextField>
        <Box aria-live="polite">
          {query.isSuccess && total > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('orders.total', { count: total, formatted: total.toLocaleString(locale) })}
            </Typography>
          )}
        </Box>
      </Stack>
      <Box sx={{ height: 4, mb: 1 }}>
        {query.isFetching && query.isPlaceholderData && <LinearProgress aria-label={t('orders.loading')} />}
      </Box>
      {query.isPending ? (
        <LoadingBlock label={t('orders.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<ReceiptLong />}
          title={status ? t('orders.noneWithStatus') : t('orders.none')}
          text={status ? undefined : t('orders.noneText')}
          action={
            status ? (
              <Button variant="outlined" onClick={() => setStatus('')}>
                {t('orders.allStatuses')}
              </Button>
            ) : (
              <Button component={RouterLink} to={paths.assets} variant="contained">
                {t('commerce.browseCatalogue')}
              </Button>
            )
          }
        />
      ) : (
        <>
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.data.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </Stack>
          <PageLinks page={page} pages={reachablePages(total, PAGE_SIZE)} />
        </>
      )}
    </PageFrame>
  );
}
