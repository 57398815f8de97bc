import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { withTexts } from '../../i18n/i18n';
import type { RouteHandle } from '../../app/route-handle';
import { paths } from '../../paths';
import type { GuardDeps } from '../../session/guards';

// The project page shows the design-in process, so the project texts come with the DIP's.
const texts = () =>
  Promise.all([import('../../i18n/en-us-projects'), import('../../i18n/en-us-dip')]).then(
    ([projects, dip]) => ({
      ...projects.projectTexts,
      ...dip.dipTexts,
    }),
  );

// The project list needs no design-in texts: a lighter first page.
const listTexts = () => import('../../i18n/en-us-project-list').then((m) => m.projectListTexts);

/** A project page at `path`, with the projects' texts; `secure-routes.ts` uses it too. */
export const page = <M>(
  path: string,
  title: RouteHandle['title'],
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
) =>
  ({
    path,
    handle: { title } satisfies RouteHandle,
    lazy: lazyPage(withTexts(texts, load), pick),
  }) satisfies RouteObject;

/** `/my/projects`, the feature's entry page: its table holds it alone, the other pages are in `project-routes.ts`. */
export function projectListRoutes(deps: GuardDeps): RouteObject[] {
  return [
    {
      path: paths.myProjects,
      handle: { title: 'page.myProjects' } satisfies RouteHandle,
      lazy: lazyPage(
        withTexts(listTexts, () => import('./pages/my-projects-page')),
        (m) => m.MyProjectsPage,
      ),
      // Starts the list while the page's code loads; does not wait for it (a failed import is the page's too).
      loader: async (args: LoaderFunctionArgs) => {
        await import('./route-queries')
          .then((queries) => queries.prefetchMyProjects(deps, args))
          .catch(() => undefined);
        return null;
      },
    },
  ];
}
