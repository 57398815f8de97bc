import type { ReactNode } from 'react';
import ui from '../../styles/ui.module.css';
import { SvgIcon } from './icon';

// Material Design icon paths (Apache 2.0): kept here, used by no other part.
const infoOutlined =
  'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8';
const warningOutlined = 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z';
const errorOutlined =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

const ICONS = { info: infoOutlined, warning: warningOutlined, error: errorOutlined } as const;

/**
 * A note in the page (what the visitor must do first, why something is not offered), drawn like MUI's standard
 * alert. Static text, so no live region unless `role` asks for one (a failed load is announced).
 */
export function Notice({
  severity,
  title,
  action,
  className,
  role,
  children,
}: {
  severity: keyof typeof ICONS;
  title?: string;
  /** A button or link at the end of the note. */
  action?: ReactNode;
  className?: string;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div role={role} className={[ui.notice, ui[severity], className ?? ''].filter(Boolean).join(' ')}>
      <span className={ui.noticeIcon}>
        <SvgIcon d={ICONS[severity]} small />
      </span>
      <div className={ui.noticeMessage}>
        {title && <p className={ui.alertTitle}>{title}</p>}
        {children}
      </div>
      {action && <div className={ui.noticeAction}>{action}</div>}
    </div>
  );
}
