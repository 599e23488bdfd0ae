import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from '@cove/router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const classFor = (variant: ButtonVariant, extra?: string) =>
  [styles.button, styles[variant], extra].filter(Boolean).join(' ');

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={classFor(variant, className)} {...rest} />;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  to,
  state,
  variant = 'primary',
  children,
}: {
  to: string;
  /** Navigation state for the page it opens (a back-target, say). */
  state?: unknown;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Link to={to} state={state} className={classFor(variant)}>
      {children}
    </Link>
  );
}
