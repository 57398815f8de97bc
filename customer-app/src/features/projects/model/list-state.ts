import { PROJECT_SORT_FIELDS, PROJECT_STATUSES, type Project, type ProjectStatus } from '@portal/resources';

export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];
export type SortOrder = 'ASC' | 'DESC';
export type ListView = 'list' | 'table';
export type GroupBy = 'none' | 'group' | 'status';

export { PROJECT_STATUSES };

/** The group filter's value for "projects without a group": the API reserves the name None for it (spec §5). */
export const NO_GROUP = 'None';

/** What /my/projects shows, kept in the URL so a view can be bookmarked, shared and restored with Back. */
export interface ProjectListState {
  view: ListView;
  sort: ProjectSortField;
  order: SortOrder;
  q: string;
  status: ProjectStatus[];
  /** A group name, {@link NO_GROUP}, or '' for every group. */
  group: string;
  groupBy: GroupBy;
}

/** Dates read newest first; names, codes and classifications A to Z. */
export function defaultOrder(sort: ProjectSortField): SortOrder {
  return sort === 'updatedAt' || sort === 'createdAt' ? 'DESC' : 'ASC';
}

export const DEFAULT_LIST_STATE: ProjectListState = {
  view: 'list',
  sort: 'updatedAt',
  order: 'DESC',
  q: '',
  status: [],
  group: '',
  groupBy: 'none',
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((candidate) => candidate === value);

/** Reads the list state from the query; unknown values fall back to the defaults instead of failing the page. */
export function readListState(search: URLSearchParams): ProjectListState {
  const sort = oneOf(search.get('sort'), PROJECT_SORT_FIELDS) ?? DEFAULT_LIST_STATE.sort;
  const order = oneOf(search.get('order')?.toUpperCase() ?? null, ['ASC', 'DESC'] as const);
  const statuses = (search.get('status') ?? '')
    .split(',')
    .map((status) => oneOf(status, PROJECT_STATUSES))
    .filter((status): status is ProjectStatus => status !== undefined);
  return {
    view: oneOf(search.get('view'), ['list', 'table'] as const) ?? DEFAULT_LIST_STATE.view,
    sort,
    order: order ?? defaultOrder(sort),
    q: search.get('q')?.trim() ?? '',
    status: [...new Set(statuses)],
    group: search.get('group')?.trim() ?? '',
    groupBy: oneOf(search.get('groupBy'), ['none', 'group', 'status'] as const) ?? DEFAULT_LIST_STATE.groupBy,
  };
}

/** Writes the list state as a query, leaving out what equals the default. */
export function writeListState(state: ProjectListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.view !== DEFAULT_LIST_STATE.view) search.set('view', state.view);
  if (state.sort !== DEFAULT_LIST_STATE.sort) search.set('sort', state.sort);
  if (state.order !== defaultOrder(state.sort)) search.set('order', state.order.toLowerCase());
  if (state.q) search.set('q', state.q);
  if (state.status.length) search.set('status', state.status.join(','));
  if (state.group) search.set('group', state.group);
  if (state.groupBy !== DEFAULT_LIST_STATE.groupBy) search.set('groupBy', state.groupBy);
  return search;
}

/** Whether any filter narrows the list (an empty answer then means "nothing matches", not "no projects"). */
export function isFiltered(state: ProjectListState): boolean {
  return state.q !== '' || state.status.length > 0 || state.group !== '';
}

/** The `filter` of `GET projects/user` for the state. */
export function listFilter(state: Pick<ProjectListState, 'q' | 'status' | 'group'>): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (state.q) filter.q = state.q;
  if (state.status.length === 1) filter.status = state.status[0];
  else if (state.status.length > 1) filter.status = state.status;
  if (state.group) filter.group = state.group;
  return filter;
}

/** One section of a grouped list; `key` null holds the projects without a group. */
export interface ProjectSection {
  key: string | null;
  projects: Project[];
}

/**
 * Splits the loaded projects into sections by project group or status, keeping the list's own order inside each
 * section. Groups are ordered by name (case-insensitive) with "no group" last; statuses in their life-cycle order.
 * Without grouping there is one section.
 */
export function groupProjects(projects: readonly Project[], by: GroupBy): ProjectSection[] {
  if (by === 'none') return [{ key: null, projects: [...projects] }];
  const sections = new Map<string | null, Project[]>();
  for (const project of projects) {
    const key = by === 'group' ? project.group?.trim() || null : project.status;
    const section = sections.get(key);
    if (section) section.push(project);
    else sections.set(key, [project]);
  }
  const rank = (key: string | null) => (by === 'status' ? PROJECT_STATUSES.indexOf(key as ProjectStatus) : 0);
  return [...sections.entries()]
    .map(([key, items]) => ({ key, projects: items }))
    .sort((a, b) => {
      if (by === 'status') return rank(a.key) - rank(b.key);
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return a.key.localeCompare(b.key, undefined, { sensitivity: 'base' }) || a.key.localeCompare(b.key);
    });
}
