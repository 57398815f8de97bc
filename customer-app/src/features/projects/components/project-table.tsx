import type { Project } from '@portal/resources';
import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { SvgIcon } from '../../../components/ui/icon';
import { arrowDownward } from './project-icons';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import ui from '../../../styles/ui.module.css';
import { formatDate } from '../model/format';
import type { ProjectSortField, SortOrder } from '../model/list-state';
import { rolesInProject, type Viewer } from '../model/project-roles';
import { SecureMark } from './project-card';
import { useRoleLabel } from './project-role-label';
import styles from './project-list.module.css';
import { StatusChip } from './status-chip';

type Column = {
  key: string;
  label: Parameters<ReturnType<typeof useI18n>['t']>[0];
  /** The sort option of spec §9 the column sorts by, if any. */
  sort?: ProjectSortField;
  cell: (project: Project) => ReactNode;
};

interface ProjectTableProps {
  projects: Project[];
  viewer: Viewer | undefined;
  sort: ProjectSortField;
  order: SortOrder;
  onSort: (field: ProjectSortField) => void;
  caption: string;
}

/** The table view: one row per project, the sortable columns sort on the server. */
export function ProjectTable({ projects, viewer, sort, order, onSort, caption }: ProjectTableProps) {
  const { t, locale } = useI18n();
  const roleLabel = useRoleLabel();
  const columns: Column[] = [
    {
      key: 'name',
      label: 'projects.field.name',
      sort: 'name',
      cell: (project) => (
        <span className={styles.nameCell}>
          <Link to={generatePath(paths.project, { uid: project.uuid })} className={styles.tableLink}>
            {project.name}
          </Link>
          {project.secure && <SecureMark label={t('projects.secure')} />}
        </span>
      ),
    },
    { key: 'board', label: 'projects.field.board', cell: (project) => project.board.name },
    {
      key: 'status',
      label: 'projects.field.status',
      sort: 'status',
      cell: (project) => <StatusChip status={project.status} />,
    },
    { key: 'group', label: 'projects.field.group', sort: 'group', cell: (project) => project.group ?? '' },
    {
      key: 'shortRomCode',
      label: 'projects.field.shortRomCode',
      sort: 'shortRomCode',
      cell: (project) => project.shortRomCode ?? '',
    },
    {
      key: 'salesCode',
      label: 'projects.field.salesCode',
      sort: 'salesCode',
      cell: (project) => project.salesCode ?? '',
    },
    {
      key: 'product',
      label: 'projects.field.product',
      sort: 'product',
      cell: (project) => project.product ?? '',
    },
    {
      key: 'solution',
      label: 'projects.field.solution',
      sort: 'solution',
      cell: (project) => project.solution ?? '',
    },
    {
      key: 'variant',
      label: 'projects.field.variant',
      sort: 'variant',
      cell: (project) => project.variant ?? '',
    },
    {
      key: 'role',
      label: 'projects.field.role',
      cell: (project) => (viewer ? roleLabel(rolesInProject(project, viewer)) : ''),
    },
    {
      key: 'createdAt',
      label: 'projects.field.createdAt',
      sort: 'createdAt',
      cell: (project) => formatDate(project.createdAt, locale),
    },
    {
      key: 'updatedAt',
      label: 'projects.field.updatedAt',
      sort: 'updatedAt',
      cell: (project) => formatDate(project.updatedAt, locale),
    },
  ];
  return (
    <div className={ui.tableFrame}>
      <table className={`${ui.table} ${styles.table}`}>
        <caption className={ui.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.sort === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (order === 'ASC' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      className={active ? `${styles.sortLabel} ${styles.sortActive}` : styles.sortLabel}
                      onClick={() => onSort(column.sort!)}
                    >
                      {t(column.label)}
                      <span className={active && order === 'DESC' ? styles.sortDesc : undefined}>
                        <SvgIcon d={arrowDownward} small />
                      </span>
                    </button>
                  ) : (
                    t(column.label)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.uuid}>
              {columns.map((column) =>
                column.key === 'name' ? (
                  <th key={column.key} scope="row">
                    {column.cell(project)}
                  </th>
                ) : (
                  <td key={column.key}>{column.cell(project)}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
