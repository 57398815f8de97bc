import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderPositionRecord, OrderRecord } from '@portal/resources';
import { useId } from 'react';
import { Link as RouterLink, generatePath } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { formatDateTime, formatMoney } from '../components/format';
import { StatusChip } from '../components/status-chip';

function positionLink(position: OrderPositionRecord): string | null {
  if (position.type === 'bundle') return generatePath(paths.softwareBundle, { uuid: position.featureId });
  const path = generatePath(paths.tool, { featureId: position.featureId });
  return position.version ? `${path}?${new URLSearchParams({ version: position.version })}` : path;
}

/**
 * One order (spec §3): number, date, kind, status, payment, and its positions with their state, the provider's
 * comment and the price.
 */
export function OrderCard({
  order,
  paymentLink = true,
}: {
  order: OrderRecord;
  /** A purchase still waiting for its payment links to its checkout, where it is paid or resumed. */
  paymentLink?: boolean;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const payment =
    order.kind === 'request'
      ? t('orders.noPayment')
      : order.paid
        ? t('orders.paidWith', { method: order.paymentMethod ?? t('orders.unknownMethod') })
        : t('orders.notPaid');
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <Box>
          <Typography id={headingId} component="h2" variant="h6">
            {t(order.kind === 'purchase' ? 'orders.purchaseNumber' : 'orders.requestNumber', {
              number: order.number,
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('orders.requestedAt', { date: formatDateTime(order.requestedAt, locale) })} · {payment}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <StatusChip kind="order" status={order.status} />
          {order.total && (
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(order.total, locale)}</Typography>
          )}
        </Box>
      </Stack>
      {paymentLink && order.kind === 'purchase' && order.status === 'payment-missing' && order.checkoutId && (
        <Box sx={{ mb: 2 }}>
          <Button
            component={RouterLink}
            to={generatePath(paths.cartSummary, { id: order.checkoutId })}
            variant="outlined"
            size="small"
          >
            {t('orders.toPayment')}
          </Button>
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('orders.positionsOf', { number: order.number })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('orders.item')}</TableCell>
              <TableCell>{t('orders.version')}</TableCell>
              <TableCell>{t('orders.state')}</TableCell>
              <TableCell>{t('orders.comment')}</TableCell>
              {order.kind === 'purchase' && <TableCell align="right">{t('orders.price')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {order.positions.map((position) => {
              const link = positionLink(position);
              return (
                <TableRow key={position.id}>
                  <TableCell>
                    {link ? (
                      <Link component={RouterLink} to={link}>
                        {position.name}
                      </Link>
                    ) : (
                      position.name
                    )}
                  </TableCell>
                  <TableCell>{position.version ?? '–'}</TableCell>
                  <TableCell>
                    <StatusChip kind="position" status={position.status} />
                  </TableCell>
                  <TableCell>{position.comment ?? '–'}</TableCell>
                  {order.kind === 'purchase' && (
                    <TableCell align="right">
                      {position.price ? formatMoney(position.price, locale) : '–'}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
