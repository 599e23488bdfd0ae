import { useEffect, useEffectEvent, type RefObject } from 'react';
import { focusedElement, returnFocus } from './return-focus';

const tabbable = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Keyboard focus for a modal dialog while it is open: it starts in the first field (or on the dialog),
 * Tab and Shift+Tab cycle inside it, focus that wanders out is brought back, and Escape dismisses it.
 * On close, focus returns to its opener (`returnFocus`): whatever had focus when it opened, unless the
 * one who opened it knows better (the popup layer, whose popups wait their turn under each other).
 */
export function useModalFocus(
  dialogRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  opener?: HTMLElement | null,
): void {
  // A new onEscape must not re-run the effect: that would move focus back to the first field mid-typing.
  const escape = useEffectEvent(onEscape);
  const given = useEffectEvent(() => opener);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const known = given();
    const returnTo = known === undefined ? focusedElement() : known;
    const targets = () => [...dialog.querySelectorAll<HTMLElement>(tabbable)];
    (dialog.querySelector<HTMLElement>('input, select, textarea') ?? dialog).focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Only the popup closes: listeners further up (the header menu) do not see this Escape.
        e.stopPropagation();
        escape();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = targets();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (e.shiftKey && (!inside || active === first || active === dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || active === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !dialog.contains(e.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      returnFocus(returnTo);
    };
  }, [dialogRef]);
}
