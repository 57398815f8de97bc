import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@portal/data-provider';
import {
  TOOL_ITEM_TYPES,
  customBundleInputSchema,
  BUNDLE_NAME_MAX_LENGTH,
  CUSTOM_BUNDLE_TOOL_LIMIT,
} from '@portal/resources';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { MuiScope } from '../../../app/mui-scope';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { catalogueListQuery, createCustomBundle } from '../api/catalogue';
import { customBundleEntry } from '../cart/cart-entries';
import { useAddToCart } from '../cart/use-add-to-cart';
import { ErrorBlock, LoadingBlock } from '../../../components/query-states';

/** The tools a custom bundle can hold: requestable ones (not online tools), by name. */
const TOOL_LIST = {
  categories: TOOL_ITEM_TYPES,
  q: '',
  sort: 'name' as const,
  offset: 0,
  limit: CUSTOM_BUNDLE_TOOL_LIMIT,
};

/**
 * A bundle of one's own (spec §3 custom bundle): a name and the tools it holds. The server puts it together with
 * the questionnaires its tools ask; the cart keeps it under its name.
 */
export function CustomBundleDialog({ onClose }: { onClose: () => void }) {
  return (
    <MuiScope>
      <CustomBundleForm onClose={onClose} />
    </MuiScope>
  );
}

function CustomBundleForm({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { api } = usePortal();
  const addToCart = useAddToCart();
  const tools = useQuery(catalogueListQuery(api, TOOL_LIST));
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [issues, setIssues] = useState<{ name?: string; tools?: string }>({});
  const titleId = useId();
  const toolsHelpId = useId();
  const create = useMutation({
    mutationFn: () => createCustomBundle(api, { name: name.trim(), toolFeatureIds: chosen }),
    onSuccess: (bundle) => {
      addToCart(customBundleEntry(bundle));
      onClose();
    },
    // Shown in the dialog, beside the choice it concerns.
    onError: () => undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customBundleInputSchema.safeParse({ name, toolFeatureIds: chosen });
    if (!parsed.success) {
      const found: typeof issues = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' ? 'name' : 'tools';
        found[field] ??= issue.message;
      }
      setIssues(found);
      return;
    }
    setIssues({});
    create.mutate();
  };

  const toggle = (featureId: string) =>
    setChosen((current) =>
      current.includes(featureId) ? current.filter((id) => id !== featureId) : [...current, featureId],
    );
  const requestable = tools.data?.data.filter((item) => item.requestable) ?? [];
  const refused = create.error instanceof ApiError ? create.error : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('bundle.custom.title')}</DialogTitle>
        <DialogContent dividers>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('bundle.custom.intro')}
          </Typography>
          <TextField
            label={t('bundle.custom.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            autoFocus
            error={!!issues.name}
            helperText={issues.name ?? t('bundle.custom.nameHelp')}
            slotProps={{ htmlInput: { maxLength: BUNDLE_NAME_MAX_LENGTH } }}
            sx={{ mb: 3 }}
          />
          {tools.isPending ? (
            <LoadingBlock label={t('bundle.custom.loadingTools')} />
          ) : tools.isError ? (
            <ErrorBlock error={tools.error} onRetry={() => void tools.refetch()} />
          ) : (
            <FormControl component="fieldset" required error={!!issues.tools} fullWidth>
              <FormLabel component="legend">{t('bundle.custom.tools')}</FormLabel>
              <FormGroup aria-describedby={toolsHelpId}>
                {requestable.map((item) => (
                  <FormControlLabel
                    key={item.key}
                    control={
                      <Checkbox checked={chosen.includes(item.key)} onChange={() => toggle(item.key)} />
                    }
                    label={`${item.name} (${t(`commerce.category.${item.category}`)})`}
                  />
                ))}
              </FormGroup>
              <FormHelperText id={toolsHelpId}>
                {issues.tools ?? t('bundle.custom.toolsHelp', { count: chosen.length })}
              </FormHelperText>
            </FormControl>
          )}
          {refused && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {refused.errors.flatMap((item) => item.messages).join(' ') || refused.message}
              {refused.errors.some((item) => item.resources.length) && (
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {refused.errors.flatMap((item) => item.resources).join(', ')}
                </Box>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('commerce.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('bundle.custom.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
