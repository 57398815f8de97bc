import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { repositoryModule } from '../../crud/module.js';
import { opensSecure, type ProjectCaller } from './caller.js';
import { listProjects } from './list.js';
import type { projectListQuerystring } from './list-cursor.js';
import { boundScope, ownProjectsScope } from './own-scope.js';
import type { ProjectWithBoard } from './records.js';
import { hasSecureProjects, projectGroups } from './statistics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The project lists: every project (admins), the caller's own, their groups, whether secure ones exist. */
    projectLists: ProjectLists;
  }
}

type ListRequest = { query: z.infer<typeof projectListQuerystring>; headers: { range?: string } };

export interface ProjectLists {
  /** A page of every project, with its paging headers (the route admits admins only). */
  all(request: ListRequest, reply: FastifyReply): Promise<ProjectWithBoard[]>;
  /** A page of the caller's own projects (secure ones only with a second factor), with its paging headers. */
  own(request: ListRequest, reply: FastifyReply, who: ProjectCaller): Promise<ProjectWithBoard[]>;
  /** The group names of the caller's own projects, sorted. */
  groups(who: ProjectCaller): Promise<string[]>;
  /** Whether the caller has secure projects of their own (whether or not they may open them now). */
  hasSecure(who: ProjectCaller): Promise<boolean>;
}

export default repositoryModule('projectLists', ({ db }): ProjectLists => ({
  all: (request, reply) => listProjects(db, request, reply, undefined),
  own: (request, reply, who) =>
    listProjects(db, request, reply, ownProjectsScope(who, { includeSecure: opensSecure(who) })),
  groups: (who) => projectGroups(db, boundScope(ownProjectsScope(who, { includeSecure: opensSecure(who) }))),
  hasSecure: (who) => hasSecureProjects(db, boundScope(ownProjectsScope(who, { includeSecure: true }))),
}));
