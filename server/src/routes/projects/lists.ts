import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  hasSecureSchema,
  projectGroupsSchema,
  projectSchema,
  projectStatisticsSchema,
  projectsResource,
} from '@portal/resources';
import { access } from '../../auth/access.js';
import { errorResponses, rangeHeaders } from '../../crud/openapi.js';
import type { ModuleOptions } from '../../crud/module.js';
import { projectListQuerystring } from '../../modules/projects/list-cursor.js';
import { security, tags } from '../../modules/projects/route-schemas.js';

/**
 * Project lists: the admins' list, the caller's own (and secure ones), groups and statistics.
 * Not generated: records are read as the caller may see them and the own list walks the caller's roles by cursor.
 */
const projectListRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const { db } = options;
  const { projects, projectLists } = app;

  app.get(
    '',
    {
      config: { access: access.resource(projectsResource, 'list') },
      schema: {
        tags,
        summary:
          'Every project (admins; react-admin simple-rest: Range, sort by any option of spec §9, filter status, board, group, secure, q)',
        security,
        querystring: projectListQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // Admins only (the route's rule): nothing about the caller's company space is needed.
      const who = { user: request.currentUser!, isAdmin: true };
      return projects.records(db, await projectLists.all(request, reply), who);
    },
  );

  app.get(
    '/user',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The caller’s projects (explicit roles and company space roles); secure ones only with a second factor, see projects/user/secure',
        security,
        querystring: projectListQuerystring,
        headers: rangeHeaders,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const who = await projects.caller(request);
      return projects.records(db, await projectLists.own(request, reply, who), who);
    },
  );

  app.get(
    '/user/secure',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Whether the caller has secure projects (the list leaves them out without a second factor)',
        security,
        response: { 200: hasSecureSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      return { hasSecure: await projectLists.hasSecure(await projects.caller(request)) };
    },
  );

  app.get(
    '/groups/user',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'The group names of the caller’s projects, sorted',
        security,
        response: { 200: projectGroupsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      return projectLists.groups(await projects.caller(request));
    },
  );

  app.get(
    '/statistics',
    {
      config: { access: access.roles(['ADMIN']) },
      schema: {
        tags,
        summary: 'Project statistics for the admin statistics page',
        security,
        response: { 200: projectStatisticsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => projects.statistics(),
  );
};

export default projectListRoutes;
