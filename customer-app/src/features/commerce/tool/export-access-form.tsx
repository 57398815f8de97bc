import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  EXPORT_ACCESS_REASON_MAX_LENGTH,
  exportAccessRequestInputSchema,
  type ToolDetail,
} from '@portal/resources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MuiScope } from '../../../app/mui-scope';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { key, literal } from '../../../notifications/notification-store';
import { catalogueKeys, requestExportAccess } from '../api/catalogue';

/**
 * The export access request form (spec §6): an optional reason, checked by the request's schema. A form with MUI
 * and zod, so it loads when the visitor asks for it, not with the tool page.
 */
export function ExportAccessForm({ tool, onClose }: { tool: ToolDetail; onClose: () => void }) {
  const { t } = useI18n();
  const { api, notifications } = usePortal();
  const queryClient = useQueryClient();
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
      onClose();
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

  return (
    <MuiScope>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1.5, maxWidth: 560 }}>
        <TextField
          label={t('tool.export.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          error={!!issue}
          helperText={issue ?? t('tool.export.reasonHelp', { max: EXPORT_ACCESS_REASON_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: EXPORT_ACCESS_REASON_MAX_LENGTH } }}
          sx={{ bgcolor: 'background.paper' }}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={request.isPending}>
            {t('tool.export.send')}
          </Button>
          <Button onClick={onClose} color="inherit">
            {t('commerce.cancel')}
          </Button>
        </Box>
      </Box>
    </MuiScope>
  );
}
