import { type ReactNode, useId, useRef } from 'react';
import { useModalFocus } from '../use-modal-focus';
import styles from './Sheet.module.css';

interface SheetProps {
  /** The heading the dialog is named by. Leave it out only when the content renders its own heading with `titleId`. */
  title?: ReactNode;
  /** The id of the heading, when the content renders it itself. */
  titleId?: string;
  /** The id of the text that says what the sheet is about, read after the title. */
  describedBy?: string;
  /** Escape and a click on the backdrop: the caller decides whether closing is allowed now. */
  onClose(): void;
  /** Where focus goes back on closing, when the caller knows (see `useModalFocus`). */
  opener?: HTMLElement | null;
  /** Extra class on the panel, for a sheet laid out its own way (the shell's centred popups). */
  className?: string;
  children: ReactNode;
}

/**
 * The one modal sheet of the kit: backdrop, panel, title, then the content and its actions. A modal
 * dialog named by its title: focus moves in and stays, Escape closes it, focus returns to the opener.
 * A click on the backdrop is a mouse shortcut for closing; keyboards have Escape and the Cancel button.
 */
export function Sheet({ title, titleId, describedBy, onClose, opener, className, children }: SheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const ownId = useId();
  const headingId = titleId ?? ownId;
  useModalFocus(ref, onClose, opener);
  return (
    <div
      className={styles.backdrop}
      role="presentation"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={ref}
        className={className ? `${styles.sheet} ${className}` : styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {title !== undefined && (
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>
  );
}

/** The sheet's buttons, main action first, one under the other; `label` makes them a named group. */
export function SheetActions({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className={styles.actions} role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}

/** The sheet's heading style, for content that renders its own heading (see `titleId`). */
export const sheetTitle = styles.title;
