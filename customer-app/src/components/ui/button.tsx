import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import ui from '../../styles/ui.module.css';

type ButtonVariant = 'text' | 'outlined' | 'contained';

interface Look {
  variant?: ButtonVariant;
  size?: 'medium' | 'large';
  className?: string;
}

/** The class names of a shell button, drawn like the MUI theme's buttons. */
export function buttonClass({ variant = 'text', size = 'medium', className }: Look = {}): string {
  return [ui.button, ui[variant], size === 'large' ? ui.large : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/** A button-looking link inside the app. */
export function ButtonLink({ variant, size, className, ...props }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...props} />;
}

/** A link that leaves the portal: a new tab, and screen readers are told so. */
export function ExternalLink({
  children,
  newTabLabel,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { newTabLabel: string; children: ReactNode }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className={ui.visuallyHidden}> {newTabLabel}</span>
    </a>
  );
}

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={ui.visuallyHidden}>{children}</span>;
}
