import { KILOBYTE, MEGABYTE } from '@portal/resources';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DipAsset, DipProjectStep } from '@portal/resources';
import { useState } from 'react';
import { useI18n } from '../../../../i18n/i18n';
import { usePortal } from '../../../../lib/portal-context';
import { errorNotice } from '../../../../notifications/error-notice';
import { key } from '../../../../notifications/notification-store';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatDateTime } from '../../model/format';
import { deleteAsset, downloadAsset } from '../api/dip-api';
import { useDipMutation } from '../hooks/use-dip';
import { dipErrorsOf } from '../model/dip-errors';

interface AssetTableProps {
  projectId: string;
  assets: readonly DipAsset[];
  steps: readonly DipProjectStep[];
  /** Whether the caller may delete this file now (role and delete policy). */
  canDelete: (asset: DipAsset) => boolean;
  /** The list of one step leaves out the step column. */
  showStep?: boolean;
  caption: string;
  /** The caption is read by screen readers only, when a heading right above already says it. */
  hideCaption?: boolean;
}

const sizeFormat = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });

/** A file size as people read it (B, kB, MB). */
function formatSize(bytes: number, locale: string): string {
  if (bytes < KILOBYTE) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
  }
  if (bytes < MEGABYTE) return sizeFormat(locale).format(bytes / KILOBYTE);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / MEGABYTE,
  );
}

/**
 * The design-in files (spec §3 asset) with their XML validation results; download for everyone who sees the project
 * except of a file with malware, delete as the role and the delete policy allow.
 */
export function AssetTable({
  projectId,
  assets,
  steps,
  canDelete,
  showStep = true,
  caption,
  hideCaption = false,
}: AssetTableProps) {
  const { t, locale } = useI18n();
  const { api, notifications } = usePortal();
  const [deleting, setDeleting] = useState<DipAsset | null>(null);
  const remove = useDipMutation(
    projectId,
    (client, asset: DipAsset) => deleteAsset(client, projectId, asset.id),
    (_deleted, asset) => {
      setDeleting(null);
      notifications.notify({ kind: 'success', title: key('dip.notice.deleted', { name: asset.filename }) });
    },
  );
  const stepOf = (asset: DipAsset) => steps.find((step) => step.id === asset.stepId);

  const download = (asset: DipAsset) => {
    downloadAsset(api, projectId, asset).catch((error: unknown) => notifications.notify(errorNotice(error)));
  };

  return (
    <>
      <TableContainer>
        <Table size="small">
          <Box
            component="caption"
            sx={
              hideCaption
                ? visuallyHidden
                : { captionSide: 'top', textAlign: 'left', p: 0, pb: 1, typography: 'subtitle2' }
            }
          >
            {caption}
          </Box>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('dip.assets.file')}</TableCell>
              {showStep && <TableCell scope="col">{t('dip.assets.step')}</TableCell>}
              <TableCell scope="col">{t('dip.assets.uploadedBy')}</TableCell>
              <TableCell scope="col">{t('dip.assets.uploadedAt')}</TableCell>
              <TableCell scope="col">{t('dip.assets.scan')}</TableCell>
              <TableCell scope="col" align="right">
                {t('dip.assets.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {assets.map((asset) => {
              const infected = asset.malwareDetected || asset.scanStatus === 'infected';
              return (
                <TableRow key={asset.id} data-testid="dip-asset">
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    <Typography variant="body2">{asset.filename}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatSize(asset.size, locale)}
                    </Typography>
                    {asset.kind === 'config' && <ConfigResult asset={asset} />}
                  </TableCell>
                  {showStep && (
                    <TableCell>
                      {t('dip.assets.stepLabel', {
                        number: asset.uploadedToStep,
                        title: stepOf(asset)?.title ?? asset.stepTitle,
                      })}
                    </TableCell>
                  )}
                  <TableCell sx={{ wordBreak: 'break-all' }}>{asset.uploadedBy}</TableCell>
                  <TableCell>
                    <time dateTime={asset.uploadedAt}>{formatDateTime(asset.uploadedAt, locale)}</time>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={infected ? 'error' : 'default'}
                      label={t(`dip.assets.scan.${infected ? 'infected' : asset.scanStatus}`)}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {infected ? (
                      <Tooltip title={t('dip.assets.noDownload')}>
                        <span>
                          <IconButton
                            disabled
                            aria-label={t('dip.assets.download', { name: asset.filename })}
                          >
                            <Download />
                          </IconButton>
                        </span>
                      </Tooltip>
                    ) : (
                      <IconButton
                        onClick={() => download(asset)}
                        aria-label={t('dip.assets.download', { name: asset.filename })}
                      >
                        <Download />
                      </IconButton>
                    )}
                    {canDelete(asset) && (
                      <IconButton
                        onClick={() => {
                          remove.reset();
                          setDeleting(asset);
                        }}
                        aria-label={t('dip.assets.delete', { name: asset.filename })}
                      >
                        <Delete />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dip.assets.deleteTitle', { name: deleting?.filename ?? '' })}
        confirmLabel={t('dip.assets.deleteConfirm')}
        destructive
        pending={remove.isPending}
        errors={remove.error ? dipErrorsOf(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const asset = deleting;
          if (!asset) return;
          remove.mutate(asset);
        }}
      >
        {deleting &&
          t('dip.assets.deleteText', {
            number: deleting.uploadedToStep,
            title: stepOf(deleting)?.title ?? deleting.stepTitle,
          })}
      </ConfirmDialog>
    </>
  );
}

/** The XML validation result of a configuration: validated, customer complete or draft, and its metadata. */
function ConfigResult({ asset }: { asset: DipAsset }) {
  const { t } = useI18n();
  const metadata = Object.entries(asset.metadata ?? {});
  return (
    <Box sx={{ mt: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={asset.customerComplete ? 'success' : 'warning'}
        label={asset.customerComplete ? t('dip.xml.complete') : t('dip.xml.draft')}
        sx={{ mr: 1, mb: 0.5 }}
      />
      {metadata.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
          {metadata.map(([name, value]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {name}
              </Typography>
              <Typography component="dd" variant="caption" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
