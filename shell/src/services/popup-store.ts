import { popupSpec, type PopupController, type PopupOutcome, type PopupSpec } from '@cove/contracts';
import { focusedElement } from '@cove/ui';

export interface OpenPopup {
  id: string;
  spec: PopupSpec;
  /** Where focus goes back when it closes; with none (the server opened it), the main content. */
  opener: HTMLElement | null;
}

type Listener = () => void;

/**
 * The shell's one popup layer, as a small external store: a stack of open popups, each with the promise
 * its opener awaits. A spec that does not match the contract opens the error popup instead.
 */
export function createPopupStore() {
  let stack: readonly OpenPopup[] = [];
  const settle = new Map<string, (outcome: PopupOutcome) => void>();
  const listeners = new Set<Listener>();
  let counter = 0;

  const emit = () => listeners.forEach((l) => l());

  function finish(id: string, outcome: PopupOutcome) {
    const resolve = settle.get(id);
    if (!resolve) return;
    settle.delete(id);
    stack = stack.filter((p) => p.id !== id);
    resolve(outcome);
    emit();
  }

  const controller: PopupController = {
    open(input) {
      const parsed = popupSpec.safeParse(input);
      const spec: PopupSpec = parsed.success
        ? parsed.data
        : { kind: 'error', message: 'Something went wrong. Please try again later.' };
      if (!parsed.success) console.error('Popup spec rejected', parsed.error.issues);
      const id = spec.id ?? `popup-${++counter}`;
      // Opening a popup with an id that is already open replaces it (popups carry an optional id).
      if (settle.has(id)) finish(id, { action: 'dismiss' });
      const outcome = new Promise<PopupOutcome>((resolve) => settle.set(id, resolve));
      // Over another popup, focus is in that one: this one goes back where the first came from.
      const opener = stack.length > 0 ? (stack[stack.length - 1]?.opener ?? null) : focusedElement();
      stack = [...stack, { id, spec, opener }];
      emit();
      return { id, outcome, close: () => finish(id, { action: 'dismiss' }) };
    },
    close: (id) => finish(id, { action: 'dismiss' }),
    closeAll: () => [...stack].forEach((p) => finish(p.id, { action: 'dismiss' })),
  };

  return {
    controller,
    finish,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => stack,
  };
}
export type PopupStore = ReturnType<typeof createPopupStore>;
