import type { Project } from '@portal/resources';
import { generatePath, Link } from 'react-router';
import { SvgIcon } from '../../../components/ui/icon';
import { lock } from './project-icons';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import ui from '../../../styles/ui.module.css';
import { formatDate } from '../model/format';
import { rolesInProject, type Viewer } from '../model/project-roles';
import { useRoleLabel } from './project-role-label';
import styles from './project-list.module.css';
import { StatusChip } from './status-chip';

/** Codes and classifications, shown when set (they are sort options of spec §9). */
const CODE_FIELDS = ['shortRomCode', 'salesCode', 'product', 'solution', 'variant'] as const;

/** A lock with its meaning for screen readers: the project is secure (spec §8.4). */
export function SecureMark({ label }: { label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className={styles.secure}>
      <SvgIcon d={lock} small />
    </span>
  );
}

/** One project in the list view: name (the link), board, status, group, the viewer's role and the last change. */
export function ProjectCard({ project, viewer }: { project: Project; viewer: Viewer | undefined }) {
  const { t, locale } = useI18n();
  const roleLabel = useRoleLabel();
  const roles = viewer ? rolesInProject(project, viewer) : [];
  return (
    // The name is the link; it stretches over the card so the whole card is a target, yet it reads as the name.
    <article className={`${ui.paper} ${styles.card}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          <Link to={generatePath(paths.project, { uid: project.uuid })} className={styles.cardLink}>
            {project.name}
          </Link>
        </h3>
        {project.secure && <SecureMark label={t('projects.secure')} />}
      </div>
      <p className={`${ui.secondaryText} ${styles.board}`}>{project.board.name}</p>
      <div className={styles.cardStatus}>
        <StatusChip status={project.status} />
      </div>
      <dl className={styles.details}>
        <Detail term={t('projects.field.group')} value={project.group ?? t('projects.noGroup')} />
        {CODE_FIELDS.map(
          (field) =>
            project[field] && (
              <Detail key={field} term={t(`projects.field.${field}`)} value={project[field] ?? ''} />
            ),
        )}
        {roles.length > 0 && <Detail term={t('projects.field.role')} value={roleLabel(roles)} />}
        <Detail term={t('projects.field.updatedAt')} value={formatDate(project.updatedAt, locale)} />
      </dl>
    </article>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
