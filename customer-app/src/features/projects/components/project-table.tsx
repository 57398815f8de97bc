import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Project } from '@portal/resources';
import type { ReactNode } from 'react';
import { generatePath, Link as RouterLink } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { formatDate } from '../model/format';
import type { ProjectSortField, SortOrder } from '../model/list-state';
import { rolesInProject, type Viewer } from '../model/project-actions';
import { useRoleLabel } from './project-role-label';
import { StatusChip } from './status-chip';
import { visuallyHidden } from './visually-hidden';

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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Link component={RouterLink} to={generatePath(paths.project, { uid: project.uuid })}>
            {project.name}
          </Link>
          {project.secure && (
            <Lock fontSize="inherit" titleAccess={t('projects.secure')} sx={{ color: 'text.secondary' }} />
          )}
        </Box>
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
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = column.sort === sort;
              return (
                <TableCell
                  key={column.key}
                  scope="col"
                  sortDirection={active ? (order === 'ASC' ? 'asc' : 'desc') : false}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {column.sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active && order === 'DESC' ? 'desc' : 'asc'}
                      onClick={() => onSort(column.sort!)}
                    >
                      {t(column.label)}
                    </TableSortLabel>
                  ) : (
                    t(column.label)
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.map((project) => (
            <TableRow key={project.uuid} hover>
              {columns.map((column) =>
                column.key === 'name' ? (
                  <TableCell key={column.key} component="th" scope="row">
                    {column.cell(project)}
                  </TableCell>
                ) : (
                  <TableCell key={column.key}>{column.cell(project)}</TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
