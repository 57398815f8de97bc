import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BILLING_ISSUE_MESSAGES,
  billingInformationInputSchema,
  type BillingInformation,
  type BillingInformationInput,
  type PostalAddress,
} from '@portal/resources';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key } from '../../../notifications/notification-store';
import { billingInformationQuery, checkoutKeys, saveBillingInformation } from '../api/checkout';
import { ErrorBlock, LoadingBlock } from '../../../components/query-states';

type AddressForm = Record<keyof PostalAddress, string>;
const EMPTY_ADDRESS: AddressForm = { street: '', postalCode: '', city: '', country: '' };
const toForm = (address: PostalAddress | null): AddressForm => ({ ...EMPTY_ADDRESS, ...address });
const isBlank = (address: AddressForm) => Object.values(address).every((value) => value.trim() === '');
const toAddress = (address: AddressForm): PostalAddress | null =>
  isBlank(address)
    ? null
    : {
        street: address.street.trim(),
        postalCode: address.postalCode.trim(),
        city: address.city.trim(),
        country: address.country.trim().toUpperCase(),
      };

/**
 * The billing information a purchase needs (spec §4 billing validation, calls §8.4 billing issues): what is on
 * file, whether it is ok, not ok or pending and why, and a form to change it. Shown in the cart when it holds
 * payable items; checkout refuses a purchase until the validation is ok.
 */
export function BillingSection({ headingId }: { headingId: string }) {
  const { t } = useI18n();
  const { api } = usePortal();
  const query = useQuery(billingInformationQuery(api));
  const [editing, setEditing] = useState(false);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h2">
          {t('billing.title')}
        </Typography>
        {query.isSuccess && !editing && <Button onClick={() => setEditing(true)}>{t('billing.edit')}</Button>}
      </Box>
      {query.isPending ? (
        <LoadingBlock label={t('billing.loading')} />
      ) : query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : editing ? (
        <BillingForm billing={query.data} onDone={() => setEditing(false)} />
      ) : (
        <BillingView billing={query.data} />
      )}
    </Paper>
  );
}

function addressLine(address: PostalAddress | null): string | null {
  return address ? `${address.street}, ${address.postalCode} ${address.city}, ${address.country}` : null;
}

function BillingView({ billing }: { billing: BillingInformation }) {
  const { t } = useI18n();
  const { status, issues } = billing.validation;
  return (
    <>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 2,
        }}
      >
        <Box component="dt" sx={{ fontWeight: 500 }}>
          {t('billing.company')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {billing.companyName ?? '–'}
        </Box>
        <Box component="dt" sx={{ fontWeight: 500 }}>
          {t('billing.billingAddress')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {addressLine(billing.billingAddress) ?? '–'}
        </Box>
        <Box component="dt" sx={{ fontWeight: 500 }}>
          {t('billing.shippingAddress')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {addressLine(billing.shippingAddress) ?? '–'}
        </Box>
        <Box component="dt" sx={{ fontWeight: 500 }}>
          {t('billing.taxId')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {billing.taxId ?? '–'}
        </Box>
      </Box>
      <Alert severity={status === 'ok' ? 'success' : status === 'pending' ? 'info' : 'warning'}>
        <AlertTitle>{t(`billing.status.${status}`)}</AlertTitle>
        {issues.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {issues.map((issue) => (
              <li key={issue}>{BILLING_ISSUE_MESSAGES[issue]}</li>
            ))}
          </Box>
        )}
      </Alert>
    </>
  );
}

type FieldIssues = Partial<Record<string, string>>;

function AddressFields({
  legend,
  value,
  onChange,
  issues,
  prefix,
}: {
  legend: string;
  value: AddressForm;
  onChange: (value: AddressForm) => void;
  issues: FieldIssues;
  prefix: string;
}) {
  const { t } = useI18n();
  const field = (name: keyof AddressForm, autoComplete: string, size: number) => (
    <Grid size={{ xs: 12, sm: size }}>
      <TextField
        label={t(`billing.address.${name}`)}
        value={value[name]}
        onChange={(event) => onChange({ ...value, [name]: event.target.value })}
        error={!!issues[`${prefix}.${name}`]}
        helperText={
          issues[`${prefix}.${name}`] ?? (name === 'country' ? t('billing.address.countryHelp') : undefined)
        }
        autoComplete={`${prefix === 'billingAddress' ? 'billing' : 'shipping'} ${autoComplete}`}
        fullWidth
      />
    </Grid>
  );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {legend}
      </Typography>
      <Grid container spacing={2}>
        {field('street', 'street-address', 12)}
        {field('postalCode', 'postal-code', 4)}
        {field('city', 'address-level2', 5)}
        {field('country', 'country', 3)}
      </Grid>
    </Box>
  );
}

function BillingForm({ billing, onDone }: { billing: BillingInformation; onDone: () => void }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const sameId = useId();
  const [company, setCompany] = useState(billing.companyName ?? '');
  const [billingAddress, setBillingAddress] = useState(toForm(billing.billingAddress));
  const [shippingAddress, setShippingAddress] = useState(toForm(billing.shippingAddress));
  const [same, setSame] = useState(
    addressLine(billing.billingAddress) === addressLine(billing.shippingAddress),
  );
  const [taxId, setTaxId] = useState(billing.taxId ?? '');
  const [issues, setIssues] = useState<FieldIssues>({});
  const save = useMutation({
    mutationFn: (input: BillingInformationInput) => saveBillingInformation(api, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(checkoutKeys.billing, saved);
      notifications.notify({ kind: 'success', title: key('billing.saved') });
      onDone();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      companyName: company.trim() || null,
      billingAddress: toAddress(billingAddress),
      shippingAddress: toAddress(same ? billingAddress : shippingAddress),
      taxId: taxId.trim() || null,
    };
    const parsed = billingInformationInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldIssues = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setIssues(found);
      return;
    }
    setIssues({});
    save.mutate(parsed.data);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        label={t('billing.company')}
        value={company}
        onChange={(event) => setCompany(event.target.value)}
        error={!!issues.companyName}
        helperText={issues.companyName}
        autoComplete="organization"
        fullWidth
        sx={{ mb: 2 }}
      />
      <AddressFields
        legend={t('billing.billingAddress')}
        value={billingAddress}
        onChange={setBillingAddress}
        issues={issues}
        prefix="billingAddress"
      />
      <FormControlLabel
        control={<Checkbox id={sameId} checked={same} onChange={(event) => setSame(event.target.checked)} />}
        label={t('billing.sameAddress')}
        sx={{ mb: 1 }}
      />
      {!same && (
        <AddressFields
          legend={t('billing.shippingAddress')}
          value={shippingAddress}
          onChange={setShippingAddress}
          issues={issues}
          prefix="shippingAddress"
        />
      )}
      <TextField
        label={t('billing.taxId')}
        value={taxId}
        onChange={(event) => setTaxId(event.target.value)}
        error={!!issues.taxId}
        helperText={issues.taxId ?? t('billing.taxIdHelp')}
        fullWidth
        sx={{ mb: 2 }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('commerce.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('billing.save')}
        </Button>
      </Box>
    </Box>
  );
}
