import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useI18n } from '../../../i18n/i18n';
import { paths } from '../../../paths';
import { useProjectView, type ProjectView } from '../hooks/use-project-view';
import { projectPath } from '../paths';
import { LoadError, LoadingBlock } from './load-state';
import { PageHeading } from './page-heading';

interface ProjectSubPageProps {
  title: string;
  /** What the page needs of the user; without it the page says so instead of offering forms the server refuses. */
  allowed?: (view: ProjectView) => boolean;
  children: (view: ProjectView) => ReactNode;
}

/**
 * The frame of a project's sub-page (edit, members, notifications): loads the project, shows the heading with the
 * way back to it, and the page itself once the user may use it.
 */
export function ProjectSubPage({ title, allowed, children }: ProjectSubPageProps) {
  const { t } = useI18n();
  const { uid = '' } = useParams();
  const { view, isPending, error, retry } = useProjectView(uid);
  const back = view
    ? { to: projectPath(view.project.uuid), label: view.project.name }
    : { to: paths.myProjects, label: t('nav.myProjects') };
  return (
    <>
      <PageHeading title={title} back={back} />
      {isPending ? (
        <LoadingBlock label={t('project.loading')} />
      ) : error || !view ? (
        <LoadError error={error} onRetry={retry} />
      ) : allowed && !allowed(view) ? (
        <Alert severity="info">{t('project.notAllowed')}</Alert>
      ) : (
        children(view)
      )}
    </>
  );
}
