import { useId, type ReactNode } from 'react';
import kit from './Kit.module.css';
import styles from './Section.module.css';

/** One section of a screen (an account page, an earnings tab): its heading with what it offers beside it. */
export function Section({
  title,
  actions,
  className,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** The section's own limits, a maximum width say. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={className ? `${styles.section} ${className}` : styles.section}
      aria-labelledby={headingId}
    >
      <div className={kit.bar}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
