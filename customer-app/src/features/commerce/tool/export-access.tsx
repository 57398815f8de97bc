import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { exportAccessRequestInputSchema, type ToolDetail } from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key, literal } from '../../../notifications/notification-store';
import { catalogueKeys, requestExportAccess } from '../api/catalogue';
import { SignInNeeded } from '../components/sign-in-needed';
import { useAccount } from '../components/use-account';

/**
 * The request-access path for downloads restricted by export control (spec §6): the classifications, where the
 * customer's request stands, and a form to ask for access (an admin grants or refuses it).
 */
export function ExportAccess({
  tool,
  classifications,
}: {
  tool: ToolDetail;
  classifications: readonly string[];
}) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (text: string | null) => requestExportAccess(api, tool.featureId, text),
    onSuccess: async () => {
      notifications.notify({
        kind: 'success',
        title: key('tool.export.requested'),
        message: literal(tool.name),
      });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.tool(tool.featureId) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = exportAccessRequestInputSchema.safeParse({ reason: reason.trim() || null });
    if (!parsed.success) {
      setIssue(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setIssue(null);
    request.mutate(parsed.data.reason);
  };

  const status = tool.exportAccess;
  return (
    <Alert severity="warning" sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('tool.export.title')}</AlertTitle>
      {t('tool.export.text')}
      {classifications.length > 0 && (
        <Box sx={{ mt: 0.5 }}>{t('tool.export.classifications', { list: classifications.join(', ') })}</Box>
      )}
      <Box sx={{ mt: 1.5 }}>
        {!account.verified ? (
          <SignInNeeded account={account} action="tool.export.action" />
        ) : status === 'pending' ? (
          <strong>{t('tool.export.pending')}</strong>
        ) : open ? (
          <Box
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ display: 'grid', gap: 1.5, maxWidth: 560 }}
          >
            <TextField
              label={t('tool.export.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={3}
              error={!!issue}
              helperText={issue ?? t('tool.export.reasonHelp')}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              sx={{ bgcolor: 'background.paper' }}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={request.isPending}>
                {t('tool.export.send')}
              </Button>
              <Button onClick={() => setOpen(false)} color="inherit">
                {t('commerce.cancel')}
              </Button>
            </Box>
          </Box>
        ) : (
          <>
            {status === 'refused' && <Box sx={{ mb: 1 }}>{t('tool.export.refused')}</Box>}
            <Button variant="outlined" color="inherit" onClick={() => setOpen(true)}>
              {t('tool.export.request')}
            </Button>
          </>
        )}
      </Box>
    </Alert>
  );
}
