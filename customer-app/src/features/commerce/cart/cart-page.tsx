import Delete from '@mui/icons-material/Delete';
import RemoveShoppingCart from '@mui/icons-material/RemoveShoppingCart';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cartEntryKey, splitCart, type CartCategory } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link as RouterLink, generatePath } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { billingInformationQuery } from '../api/checkout';
import { CheckoutError } from '../checkout/checkout-error';
import { useCheckout } from '../checkout/use-checkout';
import { formatMoney } from '../components/format';
import { PageFrame } from '../components/page-frame';
import { EmptyState } from '../../../components/query-states';
import { BillingSection } from './billing-section';
import { cartQuestionnaires, cartTotals, entryName, entryPrice } from './cart-entries';
import { browserCart, type StoredCartEntry } from './cart-store';
import { useCart } from './use-cart';

function entryLink(entry: StoredCartEntry): string | null {
  if (entry.type === 'tool') {
    const path = generatePath(paths.tool, { featureId: entry.item.featureId });
    return `${path}?${new URLSearchParams({ version: entry.package.version })}`;
  }
  if (entry.type === 'bundle') return generatePath(paths.softwareBundle, { uuid: entry.item.uuid });
  return null;
}

function EntryRow({ entry, last }: { entry: StoredCartEntry; last: boolean }) {
  const { t, locale } = useI18n();
  const name = entryName(entry);
  const link = entryLink(entry);
  const price = entryPrice(entry);
  const details =
    entry.type === 'tool'
      ? t('cart.toolVersion', { version: entry.package.version })
      : entry.type === 'bundle'
        ? t('cart.bundleOf', { count: entry.item.selectedFeatures.length || entry.item.features.length })
        : t('cart.customBundleOf', { tools: entry.customBundle.tools.map((tool) => tool.name).join(', ') });
  return (
    <ListItem
      // No rule under the last entry: with no subtotal after it, it drew an empty strip at the card's foot.
      divider={!last}
      secondaryAction={
        <IconButton
          edge="end"
          aria-label={t('cart.removeNamed', { name })}
          onClick={() => browserCart().remove(entry)}
        >
          <Delete />
        </IconButton>
      }
      sx={{ pr: 8 }}
    >
      <ListItemText
        primary={
          link ? (
            <Link component={RouterLink} to={link}>
              {name}
            </Link>
          ) : (
            name
          )
        }
        secondary={details}
      />
      {price && (
        <Typography sx={{ ml: 2, whiteSpace: 'nowrap', fontWeight: 500 }}>
          {formatMoney(price, locale)}
        </Typography>
      )}
    </ListItem>
  );
}

function CategorySection({ category, entries }: { category: CartCategory; entries: StoredCartEntry[] }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const totals = cartTotals(entries);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: 2, pt: 2 }}>
        <Box>
          <Typography id={headingId} variant="h2">
            {t(category === 'payable' ? 'cart.payable' : 'cart.nonPayable')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(category === 'payable' ? 'cart.payableText' : 'cart.nonPayableText')}
          </Typography>
        </Box>
        <Button
          color="inherit"
          startIcon={<RemoveShoppingCart />}
          onClick={() => browserCart().clearCategory(category)}
          aria-label={t(category === 'payable' ? 'cart.clearPayable' : 'cart.clearNonPayable')}
        >
          {t('cart.clearCategory')}
        </Button>
      </Box>
      <List sx={{ pb: totals.length > 0 ? 1 : 0 }}>
        {entries.map((entry, index) => (
          <EntryRow key={cartEntryKey(entry)} entry={entry} last={index === entries.length - 1} />
        ))}
      </List>
      {totals.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 2, gap: 1 }}>
          <Typography sx={{ fontWeight: 500 }}>{t('cart.subtotal')}</Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {totals.map((total) => formatMoney(total, locale)).join(' + ')}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/**
 * The cart (spec §2.2 /cart): its entries split into those to buy (a serial product number) and those to
 * request, each category cleared on its own or the whole cart at once; the billing information a purchase
 * needs; on to the questionnaire when items ask one, else straight to checkout.
 */
export function CartPage() {
  const { t } = useI18n();
  const { api } = usePortal();
  const entries = useCart();
  const { payable, nonPayable } = splitCart(entries);
  const questionnaires = cartQuestionnaires(entries);
  const billing = useQuery({ ...billingInformationQuery(api), enabled: payable.length > 0 });
  const checkout = useCheckout();
  const [confirmClear, setConfirmClear] = useState(false);
  const billingId = useId();
  const clearTitleId = useId();
  const billingBlocks =
    payable.length > 0 && billing.data !== undefined && billing.data.validation.status !== 'ok';

  if (entries.length === 0) {
    return (
      <PageFrame title={t('page.cart')}>
        <EmptyState
          title={t('cart.empty')}
          text={t('cart.emptyText')}
          action={
            <Button component={RouterLink} to={paths.assets} variant="contained">
              {t('commerce.browseCatalogue')}
            </Button>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={t('page.cart')}
      intro={t('cart.count', { count: entries.length })}
      actions={
        <Button color="inherit" startIcon={<RemoveShoppingCart />} onClick={() => setConfirmClear(true)}>
          {t('cart.clearAll')}
        </Button>
      }
    >
      {checkout.isError && <CheckoutError error={checkout.error} entries={entries} />}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          {payable.length > 0 && <CategorySection category="payable" entries={payable} />}
          {nonPayable.length > 0 && <CategorySection category="non-payable" entries={nonPayable} />}
          {payable.length > 0 && <BillingSection headingId={billingId} />}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" component="section" aria-label={t('cart.nextStep')} sx={{ p: 2 }}>
            <Stack spacing={2}>
              {questionnaires.length > 0 ? (
                <>
                  <Typography>{t('cart.questionnaireNeeded', { count: questionnaires.length })}</Typography>
                  <Button
                    component={RouterLink}
                    to={paths.cartQuestionnaire}
                    variant="contained"
                    size="large"
                    disabled={billingBlocks}
                  >
                    {t('cart.toQuestionnaire')}
                  </Button>
                </>
              ) : (
                <>
                  <Typography>
                    {payable.length ? t('cart.checkoutPayText') : t('cart.checkoutRequestText')}
                  </Typography>
                  <Button
                    variant="contained"
                    size="large"
                    startIcon={<ShoppingCartCheckout />}
                    onClick={() => checkout.mutate({})}
                    disabled={checkout.isPending || billingBlocks}
                  >
                    {t('cart.checkout')}
                  </Button>
                </>
              )}
              {billingBlocks && (
                <Alert severity="warning">
                  <Link href={`#${billingId}`}>{t('cart.billingFirst')}</Link>
                </Alert>
              )}
            </Stack>
          </Paper>
        </Grid>
      </Grid>
      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)} aria-labelledby={clearTitleId}>
        <DialogTitle id={clearTitleId}>{t('cart.clearAllTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('cart.clearAllText', { count: entries.length })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>{t('commerce.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              browserCart().clear();
              setConfirmClear(false);
            }}
          >
            {t('cart.clearAll')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageFrame>
  );
}
