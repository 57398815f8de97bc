import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';
import styles from './status.module.css';

interface StatusPageProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links offered to leave the page. */
  actions?: ReactNode;
  /** Soft 404s and error pages ask robots not to index them. */
  noindex?: boolean;
}

/** Layout of the guard targets and error pages: one heading, a short text, a way out. */
export function StatusPage({ title, children, actions, noindex = false }: StatusPageProps) {
  return (
    <div className={styles.page}>
      <DocumentTitle title={title} noindex={noindex} />
      <h1>{title}</h1>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
