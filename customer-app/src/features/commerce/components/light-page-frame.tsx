import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import styles from './light-page-frame.module.css';

export interface PageFrameProps {
  /** The tab title (page name); the heading too unless `heading` says otherwise. */
  title: string;
  heading?: ReactNode;
  /** A line or two under the heading. */
  intro?: ReactNode;
  /** The page's head tags beyond its title (`PageMeta`). */
  meta?: ReactNode;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  /** Above the heading: a way back. */
  back?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every commerce page, without MUI: the tab title, one h1 with its actions, the content. The
 * catalogue lists use it as it is; pages with MUI parts use `PageFrame`, which adds the MUI theme around it.
 */
export function LightPageFrame({ title, meta, heading, intro, actions, back, children }: PageFrameProps) {
  return (
    <>
      <DocumentTitle title={title} />
      {meta}
      {back && <div className={styles.back}>{back}</div>}
      <div className={styles.head}>
        <div className={styles.titles}>
          <h1 className={styles.heading}>{heading ?? title}</h1>
          {intro && <div className={styles.intro}>{intro}</div>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </>
  );
}
