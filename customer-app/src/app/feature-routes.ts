import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { loadForNavigation } from './lazy-page';

/** A feature's route definitions (`features/<name>/routes.ts`): path, handle, loader, and a lazy page. */
type RouteTable = () => Promise<RouteObject[]>;

/**
 * A feature's routes by their paths only: the rest loads with the feature's route table on its first visit, so the
 * shell carries none of it (issue 20); React Router still runs the loader beside the page's import.
 */
export function lazyFeatureRoutes(paths: readonly string[], table: RouteTable): RouteObject[] {
  const definition = featureTable(table);
  return paths.map((path) => ({
    path,
    lazy: {
      handle: async () => (await definition(path)).handle as unknown,
      loader: async () => (await definition(path)).loader as LoaderFunction | undefined,
      Component: () => lazyComponent(definition, path),
    },
  }));
}

/** One route of a feature table by its path, for a route whose loader the tree sets itself (a guard). */
export function lazyFeatureRoute(path: string, table: RouteTable): Pick<RouteObject, 'lazy'> {
  const definition = featureTable(table);
  return {
    lazy: {
      handle: async () => (await definition(path)).handle as unknown,
      Component: () => lazyComponent(definition, path),
    },
  };
}

function featureTable(table: RouteTable): (path: string) => Promise<RouteObject> {
  let loaded: Promise<Map<string, RouteObject>> | undefined;
  return async (path) => {
    loaded ??= loadForNavigation(table).then(
      (routes) => new Map(routes.map((route) => [route.path!, route])),
    );
    const route = (
      await loaded.catch((error: unknown) => {
        loaded = undefined;
        throw error;
      })
    ).get(path);
    if (!route) throw new Error(`The feature's route table has no route ${path}`);
    return route;
  };
}

async function lazyComponent(definition: (path: string) => Promise<RouteObject>, path: string) {
  const { lazy } = await definition(path);
  if (typeof lazy !== 'function') throw new Error(`The route ${path} has no lazy page`);
  return (await lazy()).Component as ComponentType;
}
