import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  defaultDownload,
  isDownloadAllowed,
  type CatalogueFile,
  type ToolVersionDetail,
} from '@portal/resources';
import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { errorNotice } from '../../../notifications/error-notice';
import { key, literal } from '../../../notifications/notification-store';
import { downloadFile } from '../api/download';
import { formatBytes } from '../components/format';
import { useCopy } from '../components/use-copy';
import { VisuallyHidden } from '../components/visually-hidden';

const OS_NAMES: Record<string, string> = { windows: 'Windows', linux: 'Linux', macos: 'macOS', mac: 'macOS' };

/** "Windows x64", "Linux x64", "macOS arm64"; files for any platform say so. */
export function usePlatformName() {
  const { t } = useI18n();
  return (file: Pick<CatalogueFile, 'os' | 'architecture'>) => {
    const os = file.os.trim().toLowerCase();
    const architecture = file.architecture.trim().toLowerCase();
    if ((os === 'any' || os === '') && (architecture === 'any' || architecture === ''))
      return t('tool.anyPlatform');
    const osName = OS_NAMES[os] ?? file.os;
    return architecture && architecture !== 'any' ? `${osName} ${file.architecture}` : osName;
  };
}

/** Fetches a file with the user's token; failures become a notification. */
function useDownload() {
  const { session, notifications } = usePortal();
  const [busy, setBusy] = useState<string | null>(null);
  const start = async (file: CatalogueFile) => {
    setBusy(file.uuid);
    try {
      await downloadFile(file.url, file.fileName, session.getAccessToken());
    } catch (error) {
      const notice = errorNotice(error);
      notifications.notify({
        ...notice,
        title: key('tool.downloadFailed'),
        message: notice.message ?? literal(file.fileName),
      });
    } finally {
      setBusy(null);
    }
  };
  return { busy, start };
}

/**
 * The files of a version (spec §3 download URLs): per operating system and architecture, with size and SHA-256
 * checksum, the Windows x64 one first as the default. Downloads only where the server allows them for this
 * user (`canDownload`); otherwise the files are listed and the reason is said above them.
 */
export function Downloads({ version }: { version: ToolVersionDetail }) {
  const { t, locale } = useI18n();
  const platform = usePlatformName();
  const copy = useCopy();
  const { busy, start } = useDownload();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const allowed = isDownloadAllowed(version) && version.downloadRefusal === null;
  const recommended = defaultDownload(version.downloadUrls);
  const files = recommended
    ? [recommended, ...version.downloadUrls.filter((file) => file !== recommended)]
    : version.downloadUrls;

  if (!files.length) {
    return <Typography color="text.secondary">{t('tool.noFiles')}</Typography>;
  }

  return (
    <Box>
      {allowed && recommended && (
        <Button
          variant="contained"
          size="large"
          startIcon={<Download />}
          onClick={() => void start(recommended)}
          disabled={busy !== null}
          sx={{ mb: 2 }}
        >
          {t('tool.downloadFor', {
            platform: platform(recommended),
            size: recommended.filesize === null ? '' : `(${formatBytes(recommended.filesize, locale)})`,
          }).trim()}
        </Button>
      )}
      {narrow ? (
        <Stack
          component="ul"
          spacing={1}
          aria-label={t('tool.filesOf', { version: version.version })}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {files.map((file) => (
            <Box
              component="li"
              key={file.uuid}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                {file.fileName}
                {file === recommended && files.length > 1 && (
                  <Chip size="small" label={t('tool.recommended')} sx={{ ml: 1 }} />
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  platform(file),
                  file.filesize === null ? null : formatBytes(file.filesize, locale),
                  file.kind,
                  file.filetype,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Checksum file={file} onCopy={() => copy(file.sha256, t('tool.checksumCopied'))} />
              <Button
                size="small"
                variant="outlined"
                startIcon={<Download />}
                disabled={!allowed || busy !== null}
                onClick={() => void start(file)}
                aria-label={t('tool.downloadNamed', { file: file.fileName })}
                sx={{ mt: 1 }}
                fullWidth
              >
                {t('tool.download')}
              </Button>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('tool.filesOf', { version: version.version })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tool.file')}</TableCell>
                <TableCell>{t('tool.platform')}</TableCell>
                <TableCell align="right">{t('tool.size')}</TableCell>
                <TableCell>{t('tool.checksum')}</TableCell>
                <TableCell>
                  <VisuallyHidden>{t('tool.download')}</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {files.map((file) => (
                <TableRow key={file.uuid}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {file.fileName}
                    {file === recommended && files.length > 1 && (
                      <Chip size="small" label={t('tool.recommended')} sx={{ ml: 1 }} />
                    )}
                    {(file.kind || file.filetype) && (
                      <Typography variant="body2" color="text.secondary">
                        {[file.kind, file.filetype].filter(Boolean).join(' · ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{platform(file)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {file.filesize === null ? '–' : formatBytes(file.filesize, locale)}
                  </TableCell>
                  <TableCell>
                    <Checksum file={file} onCopy={() => copy(file.sha256, t('tool.checksumCopied'))} />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<Download />}
                      disabled={!allowed || busy !== null}
                      onClick={() => void start(file)}
                      aria-label={t('tool.downloadNamed', { file: file.fileName })}
                    >
                      {t('tool.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** The start of a file's SHA-256 (all of it for screen readers and on hover) and a button that copies it. */
function Checksum({ file, onCopy }: { file: CatalogueFile; onCopy: () => void }) {
  const { t } = useI18n();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box
        component="code"
        title={file.sha256}
        aria-label={t('tool.checksumOf', { file: file.fileName, sha256: file.sha256 })}
        sx={{ fontSize: '0.8rem', fontFamily: 'monospace' }}
      >
        {`${file.sha256.slice(0, 12)}…`}
      </Box>
      <Tooltip title={t('tool.copyChecksum')}>
        <IconButton
          size="small"
          aria-label={t('tool.copyChecksumOf', { file: file.fileName })}
          onClick={onCopy}
        >
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
