import type { PopupOutcome } from '@cove/contracts';
import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import { useShell } from '../services/shell-context';

// The popups' code loads when the first one opens, or once the page has settled: most page loads
// open none, and a phone's first load should not carry them.
const loadDialog = () => import('./PopupDialog');
const loadChargeSheet = () => import('./ChargeSheet');
const PopupDialog = lazy(() => loadDialog().then((m) => ({ default: m.PopupDialog })));
const ChargeSheet = lazy(() => loadChargeSheet().then((m) => ({ default: m.ChargeSheet })));
/** How long after the layer mounts its code is fetched anyway, so a popup opens at once. */
const PREFETCH_AFTER_MS = 4000;

/** The shell's one popup layer: the most recent popup is shown, the ones below wait their turn. */
export function PopupLayer() {
  const { popupStore } = useShell();
  const stack = useSyncExternalStore(popupStore.subscribe, popupStore.snapshot);
  const top = stack[stack.length - 1];
  const finish = useCallback(
    (outcome: PopupOutcome) => top && popupStore.finish(top.id, outcome),
    [popupStore, top],
  );
  useEffect(() => {
    const timer = setTimeout(() => void Promise.all([loadDialog(), loadChargeSheet()]), PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!top) return null;
  return (
    <Suspense fallback={null}>
      {top.spec.kind === 'confirm-charge' ? (
        <ChargeSheet key={top.id} spec={top.spec} opener={top.opener} onFinish={finish} />
      ) : (
        <PopupDialog key={top.id} popup={{ ...top, spec: top.spec }} onFinish={finish} />
      )}
    </Suspense>
  );
}
