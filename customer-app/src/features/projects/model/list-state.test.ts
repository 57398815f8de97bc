import { describe, expect, it } from 'vitest';
import { PROJECT_SORT_FIELDS, type Project, type ProjectStatus } from '@portal/resources';
import {
  DEFAULT_LIST_STATE,
  groupProjects,
  isFiltered,
  listFilter,
  readListState,
  writeListState,
} from './list-state';

const project = (name: string, group: string | null, status: ProjectStatus = 'active') =>
  ({ uuid: name, name, group, status }) as Project;

describe('list state in the URL', () => {
  it('defaults to the list view, newest change first, unfiltered and ungrouped', () => {
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
    expect(writeListState(DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('accepts every sort option of spec §9, with dates newest first and the rest A to Z by default', () => {
    for (const sort of PROJECT_SORT_FIELDS) {
      const state = readListState(new URLSearchParams({ sort }));
      expect(state.sort).toBe(sort);
      expect(state.order).toBe(sort === 'updatedAt' || sort === 'createdAt' ? 'DESC' : 'ASC');
    }
  });

  it('round-trips a full state', () => {
    const state = {
      view: 'table' as const,
      sort: 'shortRomCode' as const,
      order: 'DESC' as const,
      q: 'motor',
      status: ['active', 'cancelled'] as ProjectStatus[],
      group: 'Lab A',
      groupBy: 'group' as const,
    };
    expect(readListState(writeListState(state))).toEqual(state);
  });

  it('falls back to the defaults for values it does not know', () => {
    const state = readListState(
      new URLSearchParams({
        view: 'grid',
        sort: 'owner',
        order: 'sideways',
        status: 'active,bogus',
        groupBy: 'x',
      }),
    );
    expect(state).toEqual({ ...DEFAULT_LIST_STATE, status: ['active'] });
  });

  it('builds the API filter: one status as a value, several as a list, no empty filters', () => {
    expect(listFilter(DEFAULT_LIST_STATE)).toEqual({});
    expect(listFilter({ q: 'x', status: ['active'], group: 'None' })).toEqual({
      q: 'x',
      status: 'active',
      group: 'None',
    });
    expect(listFilter({ q: '', status: ['active', 'finished'], group: '' })).toEqual({
      status: ['active', 'finished'],
    });
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, group: 'None' })).toBe(true);
  });
});

describe('groupProjects', () => {
  const projects = [
    project('p1', 'beta'),
    project('p2', null, 'cancelled'),
    project('p3', 'Alpha', 'finished'),
    project('p4', 'beta', 'cancellation-requested'),
    project('p5', '  ', 'active'),
  ];

  it('keeps one section in list order without grouping', () => {
    expect(groupProjects(projects, 'none')).toEqual([{ key: null, projects }]);
  });

  it('groups by project group A to Z, case-insensitively, with "no group" last, keeping the list order inside', () => {
    const sections = groupProjects(projects, 'group');
    expect(sections.map((section) => section.key)).toEqual(['Alpha', 'beta', null]);
    expect(sections[1]!.projects.map((p) => p.name)).toEqual(['p1', 'p4']);
    expect(sections[2]!.projects.map((p) => p.name)).toEqual(['p2', 'p5']);
  });

  it('groups by status in life-cycle order', () => {
    expect(groupProjects(projects, 'status').map((section) => section.key)).toEqual([
      'active',
      'cancellation-requested',
      'cancelled',
      'finished',
    ]);
  });
});
