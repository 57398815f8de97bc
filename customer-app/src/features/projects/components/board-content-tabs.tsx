import Build from '@mui/icons-material/Build';
import Description from '@mui/icons-material/Description';
import OpenInNew from '@mui/icons-material/OpenInNew';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Project } from '@portal/resources';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { generatePath, Link as RouterLink, useSearchParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { usePortal } from '../../../lib/portal-context';
import { paths } from '../../../paths';
import { projectBoardContentQuery, type ProjectBoardContent } from '../api/board-content';
import { formatDateTime } from '../model/format';
import { useDipProcess } from '../dip/hooks/use-dip';
import { LoadError, LoadingBlock } from './load-state';
import { visuallyHidden } from './visually-hidden';

const PROJECT_TABS = ['tools', 'assets', 'documents', 'getting-started', 'partners', 'links'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

const TAB_LABELS = {
  tools: 'project.tab.tools',
  assets: 'project.tab.assets',
  documents: 'project.tab.documents',
  'getting-started': 'project.tab.gettingStarted',
  partners: 'project.tab.partners',
  links: 'project.tab.links',
} as const;

/** Seconds before incomplete board data is asked for again on its own (spec calls §8.4: retry in seconds). */
const BOARD_RETRY_SECONDS = 10;

/**
 * The project's tabs (spec product §2.2): Tools, Assets, Documents, Getting started, Partners, Related links. The
 * open tab is in the URL (`?tab=`), so it survives a reload and can be linked to. Assets are the project's own
 * uploads; the rest is what its board offers.
 */
export function ProjectTabs({ project }: { project: Project }) {
  const { t } = useI18n();
  const { api } = usePortal();
  const [search, setSearch] = useSearchParams();
  const tab = PROJECT_TABS.find((candidate) => candidate === search.get('tab')) ?? 'tools';
  const content = useQuery(projectBoardContentQuery(api, project.uuid));
  const select = (next: ProjectTab) => {
    const query = new URLSearchParams(search);
    if (next === 'tools') query.delete('tab');
    else query.set('tab', next);
    setSearch(query, { replace: true, preventScrollReset: true });
  };
  return (
    <Paper variant="outlined" component="section" aria-label={t('project.tabs')}>
      <Tabs
        value={tab}
        onChange={(_event, value: ProjectTab) => select(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('project.tabs')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {PROJECT_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(TAB_LABELS[value])}
            id={`project-tab-${value}`}
            aria-controls={`project-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`project-panel-${tab}`}
        aria-labelledby={`project-tab-${tab}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {tab === 'assets' ? (
          <AssetList project={project} />
        ) : content.isPending ? (
          <LoadingBlock label={t('project.board.loading')} />
        ) : content.isError ? (
          <IncompleteBoardData retry={() => void content.refetch()} retrying={content.isFetching} />
        ) : (
          <BoardTab tab={tab} content={content.data} />
        )}
      </Box>
    </Paper>
  );
}

/** Automatic retries before only the button is left: a server that keeps failing is not asked for ever. */
const AUTOMATIC_RETRIES = 3;

/** 'Product/board data is incomplete' with a retry now, and on its own after a few seconds (a few times). */
function IncompleteBoardData({ retry, retrying }: { retry: () => void; retrying: boolean }) {
  const { t } = useI18n();
  const [seconds, setSeconds] = useState(BOARD_RETRY_SECONDS);
  const [attempts, setAttempts] = useState(0);
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const waiting = !retrying && attempts < AUTOMATIC_RETRIES;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      if (seconds > 1) {
        setSeconds(seconds - 1);
        return;
      }
      setAttempts((count) => count + 1);
      setSeconds(BOARD_RETRY_SECONDS);
      retryRef.current();
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, waiting]);
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={retrying}>
          {t('projects.retry')}
        </Button>
      }
    >
      <AlertTitle>{t('project.board.incomplete')}</AlertTitle>
      {retrying
        ? t('project.board.retrying')
        : waiting
          ? t('project.board.retryIn', { seconds })
          : t('project.board.retryLater')}
    </Alert>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

function BoardTab({ tab, content }: { tab: Exclude<ProjectTab, 'assets'>; content: ProjectBoardContent }) {
  const { t } = useI18n();
  switch (tab) {
    case 'tools': {
      const tools = content.tools ?? [];
      if (!tools.length) return <Empty>{t('project.board.noTools')}</Empty>;
      return (
        <List disablePadding>
          {tools.map((tool) => (
            <ListItem key={tool.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Build aria-hidden="true" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={generatePath(paths.tool, { featureId: tool.featureId })}>
                    {tool.name}
                  </Link>
                }
                secondary={t(`project.toolType.${tool.type}`)}
              />
            </ListItem>
          ))}
        </List>
      );
    }
    case 'documents': {
      const documents = [
        ...(content.primaryDocument ? [content.primaryDocument] : []),
        ...content.documents.filter((doc) => doc.id !== content.primaryDocument?.id),
      ];
      if (!documents.length) return <Empty>{t('project.board.noDocuments')}</Empty>;
      return (
        <List disablePadding>
          {documents.map((doc) => (
            <ListItem key={doc.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Description aria-hidden="true" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    <ExternalLink href={doc.url}>{doc.title}</ExternalLink>
                    {doc.id === content.primaryDocument?.id && (
                      <Chip size="small" label={t('project.board.primary')} sx={{ ml: 1 }} />
                    )}
                  </>
                }
                secondary={[doc.type, doc.filename].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      );
    }
    case 'getting-started': {
      const steps = [...content.gettingStarted]
        .filter((step) => step.dipStepNumber === null)
        .sort((a, b) => a.order - b.order);
      if (!steps.length) return <Empty>{t('project.board.noGettingStarted')}</Empty>;
      return (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {steps.map((step) => (
            <Box component="li" key={step.id} sx={{ mb: 2 }}>
              <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600 }}>
                {step.title}
              </Typography>
              {/* Rich text of the board admin: shown as text, never as markup. */}
              {step.description && (
                <Typography color="text.secondary">{plainText(step.description)}</Typography>
              )}
            </Box>
          ))}
        </Box>
      );
    }
    case 'partners':
      if (!content.partners.length) return <Empty>{t('project.board.noPartners')}</Empty>;
      return (
        <List disablePadding>
          {content.partners.map((partner) => (
            <ListItem key={partner.id} disableGutters>
              <ListItemText primary={<ExternalLink href={partner.linkUrl}>{partner.name}</ExternalLink>} />
            </ListItem>
          ))}
        </List>
      );
    case 'links': {
      const links = [...content.links].sort((a, b) => a.order - b.order);
      if (!links.length && !content.supportLink) return <Empty>{t('project.board.noLinks')}</Empty>;
      return (
        <List disablePadding>
          {links.map((link) => (
            <ListItem key={link.id} disableGutters>
              <ListItemText primary={<ExternalLink href={link.url}>{link.title}</ExternalLink>} />
            </ListItem>
          ))}
          {content.supportLink && (
            <ListItem disableGutters>
              <ListItemText
                primary={<ExternalLink href={content.supportLink}>{t('project.board.support')}</ExternalLink>}
              />
            </ListItem>
          )}
        </List>
      );
    }
  }
}

/** A link out of the portal, in a new tab, saying so to screen readers. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useI18n();
  const mail = href.startsWith('mailto:');
  return (
    <Link
      href={href}
      target={mail ? undefined : '_blank'}
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {children}
      {!mail && (
        <>
          <OpenInNew fontSize="inherit" aria-hidden="true" />
          <Box component="span" sx={visuallyHidden}>
            {t('app.opensInNewTab')}
          </Box>
        </>
      )}
    </Link>
  );
}

/** The text of a rich-text field, without its markup. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** The files uploaded in the design-in process: name, uploader, step, time and the malware flag (spec §3 Asset). */
function AssetList({ project }: { project: Project }) {
  const { t, locale } = useI18n();
  // The design-in section's own list (one query, one cache): a new upload shows in both at once.
  const { process, assets: query, noProcess } = useDipProcess(project);
  const assets = noProcess ? [] : query.data;
  const failed = (process.isError && !noProcess ? process : null) ?? (query.isError ? query : null);
  if (failed) return <LoadError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!assets) return <LoadingBlock label={t('project.assets.loading')} lines={2} />;
  if (!assets.length) return <Empty>{t('project.assets.empty')}</Empty>;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('project.assets.filename')}</TableCell>
            <TableCell>{t('project.assets.uploadedBy')}</TableCell>
            <TableCell>{t('project.assets.step')}</TableCell>
            <TableCell>{t('project.assets.uploadedAt')}</TableCell>
            <TableCell>{t('project.assets.malware')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {assets.map((asset) => (
            <TableRow key={asset.id}>
              <TableCell component="th" scope="row">
                {asset.filename}
              </TableCell>
              <TableCell>{asset.uploadedBy}</TableCell>
              <TableCell>{asset.uploadedToStep}</TableCell>
              <TableCell>{formatDateTime(asset.uploadedAt, locale)}</TableCell>
              <TableCell>
                {asset.malwareDetected ? (
                  <Chip
                    size="small"
                    color="error"
                    icon={<WarningAmber aria-hidden="true" />}
                    label={t('project.assets.malwareFound')}
                  />
                ) : (
                  t('project.assets.clean')
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
