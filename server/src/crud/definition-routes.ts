import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_RESOURCES, ADMIN_SUB_RESOURCES, type ResourceDefinition } from '@portal/resources';
import * as schema from '../db/tables.js';
import { resourceRoutes, routePath, type ResourceRoutesContext } from './resource-routes.js';

/** Definitions and tables served beside the portal's own. */
export interface AddedResources {
  definitions?: readonly ResourceDefinition[];
  tables?: readonly PgTable[];
}

/** The SQL name of a definition's table: its name, snake_cased (`feature-flags` → `feature_flags`). */
const tableNameOf = (definition: Pick<ResourceDefinition, 'name'>) => definition.name.replace(/-/g, '_');

/** A route path with its parameters unnamed, so `/boards/:id/documents` and `/boards/:boardId/documents` match. */
const shapeOf = (url: string) => url.replace(/:\w+/g, ':');

/**
 * The generated routes of every definition no route file serves (no `GET` at its path yet), over the table named
 * as the definition: a simple resource needs its definition, its table and its migration, no module or route
 * file. Registered after the route files; a definition with neither stops the server at start-up.
 */
export function definitionRoutes(added: AddedResources = {}): FastifyPluginAsync<ResourceRoutesContext> {
  const definitions = [...ADMIN_RESOURCES, ...ADMIN_SUB_RESOURCES, ...(added.definitions ?? [])];
  // `db/tables.ts` also exports enums and relations.
  const tables = [...Object.values(schema), ...(added.tables ?? [])].filter((value): value is PgTable =>
    is(value, PgTable),
  );
  return async (api, context) => {
    const served = new Set(api.apiRoutes.filter((r) => r.method === 'GET').map((r) => shapeOf(r.url)));
    for (const definition of definitions) {
      if (served.has(shapeOf(`${api.prefix}${routePath(definition)}`))) continue;
      const table = tables.find((each) => getTableName(each) === tableNameOf(definition));
      if (!table) {
        throw new Error(
          `${definition.name}: no route file serves it and no table is named ${tableNameOf(definition)}`,
        );
      }
      await api.register(resourceRoutes(definition, table), context);
    }
  };
}
