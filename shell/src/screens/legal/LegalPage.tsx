import { useDocumentTitle } from '@cove/ui';
import type { ReactNode } from 'react';
import { Link } from '@cove/router';
import styles from './LegalPage.module.css';

/** A plain page of Cove's own terms or policy: a title, short sections, and the other page linked. */
export function LegalPage({
  title,
  updated,
  other,
  children,
}: {
  title: string;
  updated: string;
  other: { to: string; label: string };
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <article className={styles.page}>
      <h1>{title}</h1>
      <p className={styles.updated}>Last updated {updated}</p>
      {children}
      <p>
        See also our <Link to={other.to}>{other.label}</Link>.
      </p>
    </article>
  );
}
