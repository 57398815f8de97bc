import {
  defaultDownload,
  isDownloadAllowed,
  type CatalogueFile,
  type ToolVersionDetail,
} from '@portal/resources';
import { useState } from 'react';
import { Button, VisuallyHidden } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { SvgIcon } from '../../../components/ui/icon';
import { contentCopy, download } from './tool-icons';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { useMediaQuery } from '../../../lib/use-media-query';
import { notifyError } from '../../../notifications/notify-error';
import { key, literal } from '../../../notifications/notification-store';
import ui from '../../../styles/ui.module.css';
import { formatBytes } from '../components/format';
import { useCopy } from '../components/use-copy';
import styles from './tool-page.module.css';

const OS_NAMES: Record<string, string> = { windows: 'Windows', linux: 'Linux', macos: 'macOS', mac: 'macOS' };

/** "Windows x64", "Linux x64", "macOS arm64"; files for any platform say so. */
function usePlatformName() {
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
  const { api, notifications } = usePortal();
  const [busy, setBusy] = useState<string | null>(null);
  const start = async (file: CatalogueFile) => {
    setBusy(file.uuid);
    try {
      // The download code loads with the first download, not with the page (issue 20); a failed load is told
      // as a failed download.
      const { downloadFile } = await import('../api/download');
      await downloadFile(api, file.url, file.fileName);
    } catch (error) {
      await notifyError(notifications, error, (notice) => ({
        ...notice,
        title: key('tool.downloadFailed'),
        message: notice.message ?? literal(file.fileName),
      }));
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
  // MUI's `sm` breakpoint: a list of cards on a phone, a table from 600 px.
  const narrow = useMediaQuery('(max-width: 599.95px)');
  const allowed = isDownloadAllowed(version) && version.downloadRefusal === null;
  const recommended = defaultDownload(version.downloadUrls);
  const files = recommended
    ? [recommended, ...version.downloadUrls.filter((file) => file !== recommended)]
    : version.downloadUrls;

  if (!files.length) {
    return <p className={ui.secondaryText}>{t('tool.noFiles')}</p>;
  }

  const label = t('tool.filesOf', { version: version.version });
  const defaultChip = (file: CatalogueFile) =>
    file === recommended &&
    files.length > 1 && (
      <span className={styles.defaultChip}>
        <Chip small look="filled" label={t('tool.recommended')} />
      </span>
    );
  const downloadButton = (file: CatalogueFile, className?: string) => (
    <Button
      variant="outlined"
      className={`${styles.smallButton} ${className ?? ''}`}
      disabled={!allowed || busy !== null}
      onClick={() => void start(file)}
      aria-label={t('tool.downloadNamed', { file: file.fileName })}
    >
      <SvgIcon d={download} small />
      {t('tool.download')}
    </Button>
  );
  // A tool API v1 answer (internal users' switch) carries no checksums.
  const checksum = ({ fileName, sha256 }: CatalogueFile) =>
    sha256 && (
      <Checksum fileName={fileName} sha256={sha256} onCopy={() => copy(sha256, t('tool.checksumCopied'))} />
    );

  return (
    <div>
      {allowed && recommended && (
        <Button
          variant="contained"
          size="large"
          className={styles.defaultDownload}
          onClick={() => void start(recommended)}
          disabled={busy !== null}
        >
          <SvgIcon d={download} small />
          {t('tool.downloadFor', {
            platform: platform(recommended),
            size: recommended.filesize === null ? '' : `(${formatBytes(recommended.filesize, locale)})`,
          }).trim()}
        </Button>
      )}
      {narrow ? (
        <ul aria-label={label} className={styles.fileCards}>
          {files.map((file) => (
            <li key={file.uuid} className={styles.fileCard}>
              <p className={styles.fileName}>
                {file.fileName}
                {defaultChip(file)}
              </p>
              <p className={styles.body2}>
                {[
                  platform(file),
                  file.filesize === null ? null : formatBytes(file.filesize, locale),
                  file.kind,
                  file.filetype,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {checksum(file)}
              {downloadButton(file, styles.fullWidth)}
            </li>
          ))}
        </ul>
      ) : (
        <div className={ui.tableFrame}>
          <table className={`${ui.table} ${styles.table}`} aria-label={label}>
            <thead>
              <tr>
                <th>{t('tool.file')}</th>
                <th>{t('tool.platform')}</th>
                <th className={styles.right}>{t('tool.size')}</th>
                <th>{t('tool.checksum')}</th>
                <th>
                  <VisuallyHidden>{t('tool.download')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.uuid}>
                  <td className={styles.fileName}>
                    {file.fileName}
                    {defaultChip(file)}
                    {(file.kind || file.filetype) && (
                      <span className={styles.fileKind}>
                        {[file.kind, file.filetype].filter(Boolean).join(' · ')}
                      </span>
                    )}
                  </td>
                  <td>{platform(file)}</td>
                  <td className={`${styles.right} ${styles.nowrap}`}>
                    {file.filesize === null ? '–' : formatBytes(file.filesize, locale)}
                  </td>
                  <td>{checksum(file)}</td>
                  <td className={styles.right}>{downloadButton(file)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The start of a file's SHA-256 (all of it for screen readers and on hover) and a button that copies it. */
function Checksum({ fileName, sha256, onCopy }: { fileName: string; sha256: string; onCopy: () => void }) {
  const { t } = useI18n();
  return (
    <span className={styles.checksum}>
      <code title={sha256} aria-label={t('tool.checksumOf', { file: fileName, sha256 })}>
        {`${sha256.slice(0, 12)}…`}
      </code>
      <button
        type="button"
        className={`${ui.iconButton} ${styles.copyButton}`}
        title={t('tool.copyChecksum')}
        aria-label={t('tool.copyChecksumOf', { file: fileName })}
        onClick={onCopy}
      >
        <SvgIcon d={contentCopy} small />
      </button>
    </span>
  );
}
