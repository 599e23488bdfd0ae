import { kit } from '@cove/ui';
import { useId, type FormEvent, type ReactNode } from 'react';
import shared from './Earnings.module.css';

/** A form in its own box, named by its title: how the earnings tabs ask for anything. */
export function BoxForm({
  title,
  onSubmit,
  children,
}: {
  title: ReactNode;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <form className={`${kit.panel} ${shared.box}`} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId} className={shared.boxTitle}>
        {title}
      </h3>
      {children}
    </form>
  );
}
