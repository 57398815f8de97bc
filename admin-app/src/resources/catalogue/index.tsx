import Apps from '@mui/icons-material/Apps';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import AltRoute from '@mui/icons-material/AltRoute';
import IconButton from '@mui/material/IconButton';
import MuiButton from '@mui/material/Button';
import Image from '@mui/icons-material/Image';
import { TOOL_ICON_TYPES, toolIconProblem } from '@portal/resources';
import type { ChangeEvent } from 'react';
import { Button, useBasename, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ResourceCustomization } from '../../generator/resource';
import { lazyPage } from '../../pages/lazy-page';
import { PageAccess, gatedRoute } from '../../pages/page-access';
import { useApi } from '../../providers/api-context';
import { toAdminError } from '../../providers/errors';

const loadPages = () => import('./pages');
const BundleVersionsPage = lazyPage(loadPages, (m) => m.BundleVersionsPage);
const RequestFlowPage = lazyPage(loadPages, (m) => m.RequestFlowPage);
const SoftwareVersionsPage = lazyPage(loadPages, (m) => m.SoftwareVersionsPage);

/** Where a catalogue item's versions and request flow live: the spec's paths (bundles: /softwarebundle/{id}/…). */
const itemPath = (basename: string, resource: 'software' | 'software-bundles', id: string, page: string) =>
  `${basename}/${resource === 'software' ? 'software' : 'softwarebundle'}/${encodeURIComponent(id)}/${page}`;

function ItemPageButtons({
  resource,
  compact = false,
}: {
  resource: 'software' | 'software-bundles';
  compact?: boolean;
}) {
  const record = useRecordContext();
  const basename = useBasename();
  const translate = useTranslate();
  if (!record) return null;
  const id = String(record.id);
  const pages = [
    { page: 'versions', label: 'portal.catalogue.versions', icon: <History fontSize="small" /> },
    { page: 'request-flow', label: 'portal.catalogue.request_flow', icon: <AltRoute fontSize="small" /> },
  ];
  if (compact) {
    return (
      <span onClick={(event) => event.stopPropagation()}>
        {pages.map(({ page, label, icon }) => (
          <IconButton
            key={page}
            size="small"
            component={Link}
            to={itemPath(basename, resource, id, page)}
            aria-label={translate(`${label}_for`, { name: String(record.name ?? '') })}
          >
            {icon}
          </IconButton>
        ))}
      </span>
    );
  }
  return (
    <>
      {pages.map(({ page, label, icon }) => (
        <Button key={page} component={Link} to={itemPath(basename, resource, id, page)} label={label}>
          {icon}
        </Button>
      ))}
      {resource === 'software' && <UploadIconButton toolId={id} />}
    </>
  );
}

/**
 * Gives a tool its icon (issue 45): the icon rule of @portal/resources is asked before sending, so the console
 * refuses what the server refuses, with the same words; the image goes as its bytes, typed as itself.
 */
function UploadIconButton({ toolId }: { toolId: string }) {
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = toolIconProblem(file.type, new Uint8Array(await file.arrayBuffer()));
    if (problem) {
      notify(problem.message, { type: 'error' });
      return;
    }
    try {
      await api.call('PUT /software/:id/icon', {
        params: { id: toolId },
        body: file,
        headers: { 'Content-Type': file.type },
      });
      notify('portal.catalogue.icon_uploaded', { type: 'success' });
      refresh();
    } catch (error) {
      notify((toAdminError(error) as Error).message, { type: 'error' });
    }
  };
  return (
    <MuiButton component="label" size="small" startIcon={<Image fontSize="small" />}>
      {translate('portal.catalogue.upload_icon')}
      <input
        type="file"
        hidden
        accept={Object.keys(TOOL_ICON_TYPES).join(',')}
        onChange={(event) => void upload(event)}
      />
    </MuiButton>
  );
}

/** Software and tools: generated, with their versions and request flow editor (spec §2.3). */
export const softwareCustomization: ResourceCustomization = {
  icon: Apps,
  list: { rowActions: <ItemPageButtons resource="software" compact /> },
  show: { actions: <ItemPageButtons resource="software" /> },
  routes: (
    <>
      {gatedRoute(':id/versions', 'software', 'edit', <SoftwareVersionsPage />)}
      {gatedRoute(':id/request-flow', 'software', 'edit', <RequestFlowPage resource="software" />)}
    </>
  ),
};

/** Software bundles: generated; their versions and request flow at /admin/softwarebundle/{id}/… (custom routes). */
export const softwareBundlesCustomization: ResourceCustomization = {
  icon: Inventory,
  list: { rowActions: <ItemPageButtons resource="software-bundles" compact /> },
  show: { actions: <ItemPageButtons resource="software-bundles" /> },
};

/** The bundle pages, outside the resource's own path as the spec writes them. */
export const bundlePageRoutes = [
  { path: '/softwarebundle/:id/versions', page: <BundleVersionsPage /> },
  { path: '/softwarebundle/:id/request-flow', page: <RequestFlowPage resource="software-bundles" /> },
].map(({ path, page }) => ({
  path,
  element: (
    <PageAccess resource="software-bundles" action="edit">
      {page}
    </PageAccess>
  ),
}));
