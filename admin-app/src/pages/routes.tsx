import type { ReactElement } from 'react';
import { useBasename } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { bundlePageRoutes } from '../resources/catalogue';
import { lazyPage } from './lazy-page';
import { PageAccess } from './page-access';

const StatisticsPage = lazyPage(
  () => import('./statistics'),
  (m) => m.StatisticsPage,
);
const TestPage = lazyPage(
  () => import('./test-page'),
  (m) => m.TestPage,
);

/** A path of spec product §2.3 that names a resource's list by another name. */
function Alias({ to }: { to: string }) {
  const basename = useBasename();
  return <Navigate to={`${basename}/${to}`} replace />;
}

/** Hand-made pages that belong to no resource, and the spec's other names of resource lists (§2.3). */
export const customRoutes: { path: string; element: ReactElement }[] = [
  {
    path: '/statistics',
    element: (
      <PageAccess resource="statistics">
        <StatisticsPage />
      </PageAccess>
    ),
  },
  ...(['gtm', 'adf'] as const).map((kind) => ({
    path: `/test-${kind}`,
    element: (
      <PageAccess resource="test-pages">
        <TestPage kind={kind} />
      </PageAccess>
    ),
  })),
  ...bundlePageRoutes,
  { path: '/manage-assets', element: <Alias to="software" /> },
  { path: '/software-and-tools', element: <Alias to="software" /> },
  { path: '/manage-metadata-keys', element: <Alias to="metadata-keys" /> },
  { path: '/manage-board-csa-link', element: <Alias to="board-csa-links" /> },
  { path: '/manage-board-csv-link', element: <Alias to="board-viewer-links" /> },
];
